/**
 * The pure checks of address validation (no I/O): syntax (the rules of core/email-address.ts), role
 * addresses (ROLE_LOCAL_PARTS), disposable domains (the domain or a parent on the
 * `disposable-email-domains-js` list) and provider typos (one edit from a common provider, suggestDomain).
 * address-verdict.ts turns what they find into reasons, a verdict and a score. The rules: docs/api.md,
 * "Address validation".
 */
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import { normalizeEmailAddress } from '#core/email-address.ts';

// ---------------------------------------------------------------------------------------------
// Syntax

/**
 * An input after the syntax check. `key` identifies it within one call: the normal form of a valid
 * address (so repeats are judged once), the input itself (marked) of an invalid one.
 */
export type ParsedAddress =
  | { ok: true; key: string; address: string; local: string; domain: string }
  | { ok: false; key: string };

/** The normal form (trimmed, lower case, punycode domain) split into local part and domain, or not valid. */
export function parseAddress(input: unknown): ParsedAddress {
  if (typeof input !== 'string') return { ok: false, key: `\u0000${String(input)}` };
  const normalized = normalizeEmailAddress(input);
  if (!normalized.ok) return { ok: false, key: `\u0000${input}` };
  const { address, domain } = normalized;
  return { ok: true, key: address, address, domain, local: address.slice(0, address.length - domain.length - 1) };
}

// ---------------------------------------------------------------------------------------------
// Role addresses, disposable domains, typos

/** Local parts (lower case, `+tag` removed) that name a function rather than a person. */
export const ROLE_LOCAL_PARTS: ReadonlySet<string> = new Set([
  'abuse',
  'accounting',
  'accounts',
  'admin',
  'administrator',
  'all',
  'billing',
  'careers',
  'compliance',
  'contact',
  'customerservice',
  'do-not-reply',
  'donotreply',
  'enquiries',
  'everyone',
  'feedback',
  'finance',
  'hello',
  'help',
  'helpdesk',
  'hostmaster',
  'hr',
  'info',
  'inquiries',
  'jobs',
  'legal',
  'mail',
  'mailer-daemon',
  'marketing',
  'media',
  'news',
  'newsletter',
  'no-reply',
  'noc',
  'noreply',
  'office',
  'postmaster',
  'press',
  'privacy',
  'root',
  'sales',
  'security',
  'service',
  'staff',
  'support',
  'team',
  'webmaster',
]);

export function isRoleLocalPart(localPart: string): boolean {
  const plus = localPart.indexOf('+');
  return ROLE_LOCAL_PARTS.has((plus === -1 ? localPart : localPart.slice(0, plus)).toLowerCase());
}

let disposableDomains: Set<string> | undefined;

/** The domain or one of its parents (not the TLD alone) is a disposable-mail domain. */
export function isDisposableDomain(domain: string): boolean {
  disposableDomains ??= disposableEmailBlocklistSet();
  const labels = domain.toLowerCase().split('.');
  for (let start = 0; start < labels.length - 1; start += 1) {
    if (disposableDomains.has(labels.slice(start).join('.'))) return true;
  }
  return false;
}

/**
 * Common mailbox providers, most used first (the first wins a tie). A domain on this list never
 * gets a suggestion.
 */
export const COMMON_PROVIDERS: readonly string[] = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'live.com',
  'msn.com',
  'me.com',
  'mac.com',
  'googlemail.com',
  'ymail.com',
  'rocketmail.com',
  'protonmail.com',
  'proton.me',
  'pm.me',
  'mail.com',
  'email.com',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'web.de',
  't-online.de',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'zoho.com',
  'fastmail.com',
  'hey.com',
  'comcast.net',
  'verizon.net',
  'att.net',
  'sbcglobal.net',
  'bellsouth.net',
  'cox.net',
  'charter.net',
  'btinternet.com',
  'sky.com',
  'orange.fr',
  'free.fr',
  'wanadoo.fr',
  'laposte.net',
  'libero.it',
  'qq.com',
  '163.com',
  '126.com',
  'naver.com',
  'yahoo.co.uk',
  'yahoo.fr',
  'yahoo.de',
  'yahoo.ca',
  'yahoo.co.jp',
  'hotmail.co.uk',
  'hotmail.fr',
  'hotmail.de',
  'hotmail.it',
  'live.co.uk',
  'outlook.fr',
  'outlook.de',
];
const PROVIDER_SET: ReadonlySet<string> = new Set(COMMON_PROVIDERS);
/** A provider name shorter than this (aol, msn, gmx, me…) only matches with a TLD typo. */
const MIN_FUZZY_NAME_LENGTH = 4;

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => d[i]?.[j] ?? 0;
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

function splitDomain(domain: string): { name: string; suffix: string } {
  const dot = domain.indexOf('.');
  return { name: domain.slice(0, dot), suffix: domain.slice(dot + 1) };
}

/**
 * The common provider a domain is probably a misspelling of, or null. The domain is split at its
 * first dot into name and suffix (`gmial` + `com`); a provider matches when the suffixes are at
 * most one edit apart, the names at most one edit apart, and not both equal. A provider name
 * shorter than 4 characters must match exactly (so `aon.com` is not taken for `aol.com`).
 * gmial.com → gmail.com, gmail.co → gmail.com, yaho.com → yahoo.com, outlok.com → outlook.com.
 */
export function suggestDomain(domain: string): string | null {
  if (PROVIDER_SET.has(domain) || !domain.includes('.')) return null;
  const typed = splitDomain(domain);
  let best: { provider: string; distance: number } | undefined;
  for (const provider of COMMON_PROVIDERS) {
    const known = splitDomain(provider);
    const suffixDistance = typed.suffix === known.suffix ? 0 : editDistance(typed.suffix, known.suffix);
    if (suffixDistance > 1) continue;
    const nameDistance = typed.name === known.name ? 0 : editDistance(typed.name, known.name);
    if (nameDistance > 1) continue;
    if (nameDistance > 0 && known.name.length < MIN_FUZZY_NAME_LENGTH) continue;
    const distance = suffixDistance + nameDistance;
    if (distance === 0) continue;
    if (best === undefined || distance < best.distance) best = { provider, distance };
  }
  return best?.provider ?? null;
}
