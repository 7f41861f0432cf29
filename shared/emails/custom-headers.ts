/**
 * The `headers` of a send request: which custom headers a caller may set (`X-…` and the list and
 * threading headers, never SES's or Postbox's own), in printable ASCII on one line, at most SES's 15;
 * each problem on `headers.<name>` (docs/api.md, "Emails").
 */
import * as z from 'zod';
import { LINE_BREAK } from '#core/message-text.ts';

/** SES v2 Simple content accepts at most 15 custom headers (API_Message reference). */
export const MAX_HEADERS = 15;
export const MAX_HEADER_NAME_LENGTH = 126;
export const MAX_HEADER_VALUE_LENGTH = 870;
/** Besides `X-…` headers, only these may be set (compared case-insensitively). */
export const ALLOWED_HEADER_NAMES = [
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'Reply-To',
  'In-Reply-To',
  'References',
] as const;
/** `X-…` headers that are refused anyway (compared case-insensitively). */
export const RESERVED_HEADER_PREFIXES = ['X-SES-', 'X-Postbox-'] as const;

/** RFC 5322 field name: printable ASCII except colon (SES: `^[!-9;-@A-~]+$`). */
const HEADER_NAME = /^[!-9;-~]+$/;
/** Printable ASCII, space included: no CR, LF or other control characters. */
const HEADER_VALUE = /^[ -~]*$/;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function headerNameProblem(name: string): string | undefined {
  if (name.length > MAX_HEADER_NAME_LENGTH) return `Header names must be at most ${MAX_HEADER_NAME_LENGTH} characters`;
  if (!HEADER_NAME.test(name)) {
    return 'Header names must be printable ASCII without spaces, colons or line breaks';
  }
  const lower = name.toLowerCase();
  if (RESERVED_HEADER_PREFIXES.some((prefix) => lower.startsWith(prefix.toLowerCase()))) {
    return `${RESERVED_HEADER_PREFIXES.map((prefix) => `${prefix}*`).join(' and ')} headers are reserved`;
  }
  const allowed =
    (lower.startsWith('x-') && lower.length > 2) || ALLOWED_HEADER_NAMES.some((n) => n.toLowerCase() === lower);
  if (!allowed) return `Header not allowed: use X-… headers or one of ${ALLOWED_HEADER_NAMES.join(', ')}`;
  return undefined;
}

const headerValue = z.string().superRefine((value, context) => {
  if (value === '') context.addIssue({ code: 'custom', message: 'Header values must not be empty' });
  else if (value.length > MAX_HEADER_VALUE_LENGTH)
    context.addIssue({
      code: 'custom',
      message: `Header values must be at most ${MAX_HEADER_VALUE_LENGTH} characters`,
    });
  if (LINE_BREAK.test(value))
    context.addIssue({ code: 'custom', message: 'Header values must not contain line breaks (CR or LF)' });
  else if (!HEADER_VALUE.test(value))
    context.addIssue({ code: 'custom', message: 'Header values must be printable ASCII (encode other text first)' });
});

/** Keys are checked here rather than with a key schema, so each issue lands on `headers.<name>`. */
export const customHeaders = z.record(z.string(), headerValue).superRefine(
  (value, context) => {
    const names = Object.keys(value);
    if (names.length > MAX_HEADERS) {
      context.addIssue({ code: 'custom', message: `At most ${MAX_HEADERS} headers`, path: [] });
    }
    const seen = new Map<string, string>();
    for (const name of names) {
      const problem = headerNameProblem(name);
      if (problem) context.addIssue({ code: 'custom', message: problem, path: [name] });
      const lower = name.toLowerCase();
      const first = seen.get(lower);
      if (first !== undefined) {
        context.addIssue({
          code: 'custom',
          message: `Same header as ${first} (names are case-insensitive)`,
          path: [name],
        });
      } else seen.set(lower, name);
    }
  },
  { when: (payload) => isRecord(payload.value) },
);
