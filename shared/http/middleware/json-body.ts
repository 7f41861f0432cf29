import { ApiError, validationError } from '#core/errors.ts';
import type { ApiMiddleware } from '#http/context.ts';

const JSON_MEDIA_TYPE = /^application\/json[ \t]*(;.*)?$/i;

export function jsonBody(maxBytes: number): ApiMiddleware {
  return {
    before: (request) => {
      const { body, isBase64Encoded, headers } = request.event;
      const raw = body === undefined ? Buffer.alloc(0) : Buffer.from(body, isBase64Encoded ? 'base64' : 'utf8');
      if (raw.length > maxBytes) {
        throw new ApiError('PAYLOAD_TOO_LARGE', `The request body exceeds ${maxBytes} bytes`);
      }
      const text = raw.toString('utf8');
      if (text.trim() === '') {
        throw validationError([{ field: 'body', message: 'A JSON request body is required' }]);
      }
      const contentType = headers?.['content-type'];
      if (!contentType || !JSON_MEDIA_TYPE.test(contentType.trim())) {
        throw new ApiError(
          'UNSUPPORTED_MEDIA_TYPE',
          `Send the body as JSON with "Content-Type: application/json"${contentType ? `, not "${contentType.slice(0, 100)}"` : ''}`,
        );
      }
      // A "__proto__" key would be dropped (or reach an object's prototype) somewhere
      // downstream: refuse it anywhere in any body rather than lose data silently.
      let protoKey = false;
      try {
        request.context.input.body = JSON.parse(text, (key, value) => {
          if (key === '__proto__') {
            protoKey = true;
            return undefined;
          }
          return value;
        });
      } catch (error) {
        throw new ApiError('VALIDATION_ERROR', 'The request body is not valid JSON', {
          details: [{ field: 'body', message: error instanceof Error ? error.message : 'Malformed JSON' }],
        });
      }
      if (protoKey) throw validationError([{ field: 'body', message: 'The field name "__proto__" is not allowed' }]);
    },
  };
}
