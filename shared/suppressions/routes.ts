/** The suppression list's routes. */
import { apiRoute, type FeatureRoutes } from '#platform/routes.ts';
import { addSuppression, listSuppressions, removeSuppression } from '#suppressions/suppressions.contract.ts';

export const suppressionRoutes: FeatureRoutes = {
  api: [
    apiRoute(listSuppressions, 'functions/suppressions/list.ts', { table: ['read'] }),
    apiRoute(addSuppression, 'functions/suppressions/create.ts', { table: ['read', 'write'] }),
    apiRoute(removeSuppression, 'functions/suppressions/delete.ts', { table: ['read', 'write'] }),
  ],
};
