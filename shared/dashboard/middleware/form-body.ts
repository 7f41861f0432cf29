/** formBody (POST): application/x-www-form-urlencoded, ≤ 32 KB, the first value of each name. */
import { ApiError } from '#core/errors.ts';
import type { PageMiddleware } from '#dashboard/context.ts';

/** Form bodies are small: the largest is a template-free settings form. */
export const MAX_FORM_BYTES = 32 * 1024;

export function formBody(): PageMiddleware {
  return {
    before: (request) => {
      if (request.event.requestContext.http.method !== 'POST') return;
      const contentType = (request.event.headers?.['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      if (contentType !== 'application/x-www-form-urlencoded') {
        throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Forms must be sent as application/x-www-form-urlencoded');
      }
      const raw = request.event.body ?? '';
      const text = request.event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
      if (Buffer.byteLength(text, 'utf8') > MAX_FORM_BYTES) {
        throw new ApiError('PAYLOAD_TOO_LARGE', `The form is larger than ${MAX_FORM_BYTES / 1024} KB`);
      }
      const form: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(text)) if (!(name in form)) form[name] = value;
      request.context.form = form;
    },
  };
}
