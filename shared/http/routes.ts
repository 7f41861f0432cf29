/**
 * The API's own routes: its OpenAPI document (GET /api/v1/openapi.json) and the reference at /docs —
 * the page (Scalar rendering the document, with "try it" against this deployment) and its script,
 * served from the @scalar/api-reference package. Public (rate limited per source IP by the shared
 * stack); each its own function (the script's carries the 4 MB file, the page's none).
 */
import { getOpenApiDocument } from '#platform/reference.contract.ts';
import { apiRoute, type FeatureRoutes, REFERENCE_PREFIX } from '#platform/routes.ts';

export const referenceRoutes: FeatureRoutes = {
  api: [apiRoute(getOpenApiDocument, 'functions/reference/openapi.ts', {})],
  pages: [
    { method: 'GET', path: REFERENCE_PREFIX, handler: 'functions/reference/page.ts', access: {} },
    { method: 'GET', path: `${REFERENCE_PREFIX}/assets/{file}`, handler: 'functions/reference/asset.ts', access: {} },
  ],
};
