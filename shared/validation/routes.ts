/** Address validation's routes (one address, a batch): DNS lookups and the suppression list, no writes. */
import { apiRoute, type FeatureRoutes } from '#platform/routes.ts';
import { validateAddress, validateAddresses } from '#validation/validation.contract.ts';

export const validationRoutes: FeatureRoutes = {
  api: [
    apiRoute(validateAddress, 'functions/emails/validate.ts', { table: ['read'] }),
    apiRoute(validateAddresses, 'functions/emails/validate-batch.ts', { table: ['read'] }),
  ],
};
