/** Postbox's OpenAPI document: every declared API route's operation, built once per process. */
import { apiRoutes } from '#app/routes.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '#http/openapi.ts';

let cached: OpenApiDocument | undefined;

export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument(apiRoutes);
  return cached;
}
