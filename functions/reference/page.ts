/** GET /docs — the API reference: Scalar rendering this deployment's OpenAPI document (shared/http/reference.ts). */
import { publicHandler } from '#http/api-handler.ts';
import { REFERENCE_CSP, referencePage } from '#http/reference.ts';

const html = referencePage();

export const handler = publicHandler(async () => ({
  statusCode: 200,
  headers: {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'public, max-age=300',
    'Content-Security-Policy': REFERENCE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  },
  body: html,
}));
