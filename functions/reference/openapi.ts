/** GET /api/v1/openapi.json — the API's OpenAPI 3.1 document: no API key needed, cacheable. */
import { publicHandler } from '#http/api-handler.ts';
import { openApiDocument } from '#http/openapi.ts';

// Built once per instance: the document only changes with a deployment.
const body = JSON.stringify(openApiDocument());

export const handler = publicHandler(async () => ({
  statusCode: 200,
  headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' },
  body,
}));
