import { ApiError, validationError } from '#core/errors.ts';
import type { ApiMiddleware } from '#http/context.ts';

const JSON_MEDIA_TYPE = /^application\/json[ \t]*(;.*)?$/i;

/**
 * Arrays and objects a body may nest (the deepest valid body, a batch entry's 32-level data, nests
 * 35). What opens deeper is never parsed (cutTooDeep): JSON.parse with a reviver recurses once per
 * level, and a few thousand levels exhaust the stack.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/** The index of the quote that closes the string opened at `open` (text.length if none). */
function stringEnd(text: string, open: number): number {
  let quote = text.indexOf('"', open + 1);
  while (quote >= 0) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}

/**
 * The JSON text with every array or object that opens deeper than `maxDepth` emptied (`[…]` → `[]`,
 * `{…}` → `{}`), in one pass without recursion. An emptied value still sits deeper than any field's
 * own limit, so the field's rule refuses it as it would at 33 levels (`template_data`: 32 levels);
 * text that is not JSON stays not JSON (brackets are only counted, JSON.parse judges the rest).
 */
export function cutTooDeep(text: string, maxDepth: number): { text: string; cut: boolean } {
  const kept: string[] = [];
  let depth = 0;
  let cutFrom = -1; // where the value being emptied opened
  let resumeAt = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === QUOTE) {
      index = stringEnd(text, index);
    } else if (OPENERS.has(char)) {
      depth += 1;
      if (depth > maxDepth && cutFrom < 0) cutFrom = index;
    } else if (CLOSERS.has(char)) {
      if (depth === maxDepth + 1 && cutFrom >= 0) {
        kept.push(text.slice(resumeAt, cutFrom + 1));
        resumeAt = index;
        cutFrom = -1;
      }
      depth -= 1;
    }
  }
  if (kept.length === 0 && cutFrom < 0) return { text, cut: false };
  // Unclosed at the end: keep the opening bracket only, so that JSON.parse reports the text as cut short.
  kept.push(cutFrom >= 0 ? text.slice(resumeAt, cutFrom + 1) : text.slice(resumeAt));
  return { text: kept.join(''), cut: true };
}

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
      const bounded = cutTooDeep(text, MAX_JSON_DEPTH);
      // validateInput refuses the body if its schemas accept what was cut (none does: a guard).
      request.context.bodyTooDeep = bounded.cut;
      // A "__proto__" key would be dropped (or reach an object's prototype) somewhere
      // downstream: refuse it anywhere in any body rather than lose data silently.
      let protoKey = false;
      try {
        request.context.input.body = JSON.parse(bounded.text, (key, value) => {
          if (key === '__proto__') {
            protoKey = true;
            return undefined;
          }
          return value;
        });
      } catch (error) {
        // A syntax error says where; anything else is the engine's business, not the caller's.
        throw new ApiError('VALIDATION_ERROR', 'The request body is not valid JSON', {
          details: [{ field: 'body', message: error instanceof SyntaxError ? error.message : 'Malformed JSON' }],
        });
      }
      if (protoKey) throw validationError([{ field: 'body', message: 'The field name "__proto__" is not allowed' }]);
    },
  };
}
