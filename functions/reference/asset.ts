/**
 * GET /docs/assets/{file} — Scalar's script for the reference page, gzip-encoded when the client
 * accepts it (1.3 MB instead of 4.3 MB; either fits Lambda's 6 MB response), cached for a year (its
 * name carries a content hash).
 */
import { notFound } from '#core/errors.ts';
import { publicHandler } from '#http/api-handler.ts';
import { referenceScript } from '#http/reference.ts';
import { NOSNIFF_HEADERS } from '#http/response.ts';

const acceptsGzip = (header: string | undefined) =>
  (header ?? '').split(',').some((coding) => /^\s*(gzip|\*)\s*(;\s*q=(0?\.\d*[1-9]\d*|1(\.0*)?))?\s*$/i.test(coding));

export const handler = publicHandler(async (event) => {
  const script = referenceScript();
  if (event.pathParameters?.file !== script.fileName) throw notFound('File');
  const gzip = acceptsGzip(event.headers['accept-encoding']);
  return {
    statusCode: 200,
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      ...NOSNIFF_HEADERS,
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    },
    // Plain, the script goes as text: base64 would bring its 4.3 MB close to Lambda's 6 MB limit.
    ...(gzip
      ? { body: script.gzipped().toString('base64'), isBase64Encoded: true }
      : { body: script.body.toString('utf8') }),
  };
});
