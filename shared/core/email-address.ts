/**
 * Email address syntax as used in practice, and the normal form Postbox stores and
 * compares: trimmed, lower case (mailbox providers treat local parts case-insensitively),
 * domain in punycode. Rules: local part 1–64 characters of RFC 5322 dot-atom text (no
 * leading, trailing or doubled dots); quoted local parts ("a b"@x) are refused — no major
 * provider issues them and they complicate every downstream check; the domain follows
 * normalizeDomainName; the whole address is at most 254 characters (RFC 5321 path limit).
 */
import * as z from 'zod';
import { normalizeDomainName } from '#core/domain-name.ts';

const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/** A mailbox as a message names it: an address and, optionally, its display name. */
export interface Mailbox {
  email: string;
  name?: string;
}

export type AddressCheck = { ok: true; address: string; domain: string } | { ok: false; reason: string };

export function normalizeEmailAddress(input: string): AddressCheck {
  const trimmed = input.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) return { ok: false, reason: 'must look like name@domain' };
  const local = trimmed.slice(0, at);
  if (local.startsWith('"')) return { ok: false, reason: 'quoted local parts are not accepted' };
  if (local.length > 64) return { ok: false, reason: 'the part before @ is longer than 64 characters' };
  if (!DOT_ATOM.test(local))
    return { ok: false, reason: 'the part before @ has characters or dots that are not allowed' };
  const domain = normalizeDomainName(trimmed.slice(at + 1));
  if (!domain.ok) return { ok: false, reason: `the domain is invalid: ${domain.reason}` };
  const address = `${local.toLowerCase()}@${domain.domain}`;
  if (address.length > 254) return { ok: false, reason: 'the address is longer than 254 characters' };
  return { ok: true, address, domain: domain.domain };
}

/** An email address in a request: validated and turned into Postbox's normal form. */
export const emailAddress = z
  .string()
  .max(320)
  .transform((value, context) => {
    const checked = normalizeEmailAddress(value);
    if (!checked.ok) {
      context.addIssue({ code: 'custom', message: `Invalid email address: ${checked.reason}` });
      return z.NEVER;
    }
    return checked.address;
  });
