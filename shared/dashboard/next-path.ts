/** The `next` path rules: where sign-in may send a member back to. */

/** Longer `next` values are dropped (the sign-in form must be able to carry them back). */
const MAX_NEXT_LENGTH = 1000;
/** Where a sign-in without a usable `next` lands: the overview. */
const DEFAULT_NEXT = '/dashboard/overview';

/**
 * Where sign-in sends the member back to: only a path of the dashboard itself, in printable ASCII
 * (it goes into a Location header as is), without `//` or dot segments.
 */
export function safeNextPath(next: string | undefined): string {
  if (!next || next.length > MAX_NEXT_LENGTH) return DEFAULT_NEXT;
  const path = next.split('?')[0] ?? '';
  // Browsers read `%2e` as a dot: `.%2e`, `%2E.` and `%2e%2e` are `..` too.
  const dotSegment = path.split('/').some((segment) => ['.', '..'].includes(segment.replace(/%2e/gi, '.')));
  const shaped = /^\/dashboard(\/[A-Za-z0-9._~\-/%]*)?(\?[\x21\x22\x24-\x7e]*)?$/.test(next);
  return shaped && !next.includes('//') && !dotSegment ? next : DEFAULT_NEXT;
}
