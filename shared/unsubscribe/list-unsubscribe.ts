/**
 * `list_unsubscribe` on send and batch, and the List-Unsubscribe headers it puts on the message (pure):
 * `true` is Postbox's one-click link (one token per recipient, so an email with exactly one recipient),
 * `{url, mailto}` the customer's own, as given (List-Unsubscribe-Post only with a url: RFC 8058 one-click
 * needs an https URI). The rules: docs/api.md, "Unsubscribe links and tracking".
 */
import * as z from 'zod';
import { normalizeEmailAddress } from '#core/email-address.ts';

/** SES's limit on a header value (MessageHeader, API reference), the same as a custom header's. */
export const MAX_LIST_UNSUBSCRIBE_HEADER_LENGTH = 870;
export const LIST_UNSUBSCRIBE_HEADERS = ['List-Unsubscribe', 'List-Unsubscribe-Post'] as const;
export const ONE_CLICK_POST_VALUE = 'List-Unsubscribe=One-Click';

/** Printable ASCII without spaces, `<`, `>` or `,` (which would end the header's URI). */
const HEADER_URI = /^[!-+\--;=?-~]+$/;

const httpsUrl = z.string().superRefine((value, context) => {
  const problem = httpsUrlProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

function httpsUrlProblem(value: string): string | undefined {
  if (!HEADER_URI.test(value)) return 'Must be printable ASCII without spaces, <, > or commas (percent-encode them)';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Must be an absolute https URL';
  }
  if (url.protocol !== 'https:') return 'Must be an https URL (RFC 8058 one-click needs https)';
  if (url.username || url.password) return 'Must not contain credentials';
  return undefined;
}

const mailtoUri = z.string().superRefine((value, context) => {
  const problem = mailtoProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** `mailto:address` with optional `?subject=…&body=…` (RFC 6068), one address. */
function mailtoProblem(value: string): string | undefined {
  if (!value.toLowerCase().startsWith('mailto:')) return 'Must be a mailto: URI, e.g. mailto:unsubscribe@example.com';
  if (!HEADER_URI.test(value)) return 'Must be printable ASCII without spaces, <, > or commas (percent-encode them)';
  const rest = value.slice('mailto:'.length);
  const query = rest.indexOf('?');
  const addressPart = query < 0 ? rest : rest.slice(0, query);
  let address: string;
  try {
    address = decodeURIComponent(addressPart);
  } catch {
    return 'The address is not valid percent-encoding';
  }
  const normalized = normalizeEmailAddress(address);
  if (!normalized.ok) return `The address is invalid: ${normalized.reason}`;
  return undefined;
}

export const customListUnsubscribe = z
  .strictObject({
    url: httpsUrl.optional().meta({ description: 'An https URL that accepts RFC 8058 one-click POSTs' }),
    mailto: mailtoUri.optional().meta({ description: 'A mailto: URI, e.g. `mailto:unsubscribe@example.com`' }),
  })
  .superRefine((value, context) => {
    if (value.url === undefined && value.mailto === undefined) {
      context.addIssue({ code: 'custom', message: 'Provide url, mailto or both', path: [] });
      return;
    }
    if (listUnsubscribeHeaderValue(value).length > MAX_LIST_UNSUBSCRIBE_HEADER_LENGTH) {
      context.addIssue({
        code: 'custom',
        message: `The List-Unsubscribe header (<url>, <mailto>) must be at most ${MAX_LIST_UNSUBSCRIBE_HEADER_LENGTH} characters`,
        path: [value.url !== undefined ? 'url' : 'mailto'],
      });
    }
  })
  .meta({ id: 'CustomListUnsubscribe' });

export const listUnsubscribeField = z.union([z.literal(true), customListUnsubscribe]).meta({
  id: 'ListUnsubscribe',
  description:
    '`true`: Postbox’s own one-click unsubscribe link (one recipient per email); `{url, mailto}`: your own, put in the `List-Unsubscribe` header as given (with `List-Unsubscribe-Post` when there is a `url`)',
});

export type ListUnsubscribe = z.output<typeof listUnsubscribeField>;
export type CustomListUnsubscribe = z.output<typeof customListUnsubscribe>;

function listUnsubscribeHeaderValue(custom: CustomListUnsubscribe): string {
  return [custom.url, custom.mailto]
    .filter((uri) => uri !== undefined)
    .map((uri) => `<${uri}>`)
    .join(', ');
}

/** How many headers the option adds (counted against SES's 15 before the link exists). */
export function listUnsubscribeHeaderCount(option: { url?: unknown; mailto?: unknown } | true): number {
  if (option === true) return 2;
  const hasUrl = typeof option.url === 'string';
  return hasUrl ? 2 : typeof option.mailto === 'string' ? 1 : 0;
}

/** The headers an email's `list_unsubscribe` puts on its message; `oneClickUrl` is Postbox's link (for `true`). */
export function listUnsubscribeHeaders(
  option: ListUnsubscribe | undefined,
  oneClickUrl: string | undefined,
): Record<string, string> {
  if (option === undefined) return {};
  if (option === true) {
    if (!oneClickUrl) throw new Error('list_unsubscribe: true needs the one-click link');
    return { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': ONE_CLICK_POST_VALUE };
  }
  return {
    'List-Unsubscribe': listUnsubscribeHeaderValue(option),
    ...(option.url !== undefined ? { 'List-Unsubscribe-Post': ONE_CLICK_POST_VALUE } : {}),
  };
}
