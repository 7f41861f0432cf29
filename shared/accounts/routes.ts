/** The organization's settings routes (auto-validation, tracking) and the calling key's description. */
import { getApiKey } from '#accounts/api-keys.contract.ts';
import { getAutoValidation, getTracking, putAutoValidation, putTracking } from '#accounts/settings.contract.ts';
import { apiRoute, type FeatureRoutes } from '#platform/routes.ts';

export const accountRoutes: FeatureRoutes = {
  api: [
    apiRoute(getAutoValidation, 'functions/settings/get-auto-validation.ts', { table: ['read'] }),
    apiRoute(putAutoValidation, 'functions/settings/put-auto-validation.ts', { table: ['write'] }),
    apiRoute(getTracking, 'functions/settings/get-tracking.ts', { table: ['read'] }),
    apiRoute(putTracking, 'functions/settings/put-tracking.ts', { table: ['write'] }),
    // Answered from what authentication read: the middleware's own access is enough.
    apiRoute(getApiKey, 'functions/api-key/get.ts', {}),
  ],
};
