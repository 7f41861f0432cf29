/** GET /docs — the API reference: Scalar rendering this deployment's OpenAPI document (shared/http/reference.ts). */
import { publicHandler } from '#http/api-handler.ts';
import { REFERENCE_CSP, referencePage } from '#http/reference.ts';
import { NOSNIFF_HEADERS } from '#http/response.ts';

const html = referencePage();

export const handler = publicHandler(async () => ({
  statusCode: 200,
  headers: {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'public, max-age=300',
    'Content-Security-Policy': REFERENCE_CSP,
    ...NOSNIFF_HEADERS,
    'Referrer-Policy': 'no-referrer',
  },
  body: html,
}));
