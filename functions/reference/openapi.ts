/** GET /api/v1/openapi.json — the API's OpenAPI 3.1 document: no API key needed, cacheable. */

import { openApiDocument } from '#app/openapi-document.ts';
import { publicHandler } from '#http/api-handler.ts';
import { jsonTextResponse } from '#http/response.ts';

// Built once per instance: the document only changes with a deployment.
const body = JSON.stringify(openApiDocument());

export const handler = publicHandler(async () =>
  jsonTextResponse(200, body, { 'Cache-Control': 'public, max-age=300' }),
);
