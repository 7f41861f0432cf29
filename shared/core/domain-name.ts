/** Domain names in Postbox's normal form (sending domains, the domain of every email address). */
import { domainToASCII } from 'node:url';

export type NormalizedDomain = { ok: true; domain: string } | { ok: false; reason: string };

const MAX_DOMAIN_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
const LABEL_CHARACTERS = /^[a-z0-9-]+$/;

/**
 * Lower case, one trailing dot removed, IDN converted to punycode, then checked as a DNS
 * host name: at most 253 characters, two or more labels of 1–63 letters, digits and
 * hyphens (no hyphen first or last), and a top-level label that is not all digits, which
 * also refuses IPv4 addresses.
 */
export function normalizeDomainName(input: string): NormalizedDomain {
  let name = input.trim().toLowerCase();
  if (name === '') return { ok: false, reason: 'The domain name is empty.' };
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (name === '') return { ok: false, reason: 'The domain name is empty.' };

  // domainToASCII parses a URL host: it would quietly turn `example.com/path` or
  // `ex%41mple.com` into `example.com`. So ASCII is limited to host characters first and
  // only non-ASCII (IDN) text is left to its UTS #46 processing.
  if (/[^\u0080-\u{10ffff}a-z0-9.-]/u.test(name)) {
    return { ok: false, reason: 'The domain name may only contain letters, digits, hyphens and dots.' };
  }
  // Maps IDN labels to xn--; '' for malformed punycode and other impossible hosts.
  const ascii = domainToASCII(name);
  if (ascii === '') return { ok: false, reason: 'The domain name is not a valid host name.' };

  if (ascii.length > MAX_DOMAIN_LENGTH) {
    return { ok: false, reason: `The domain name is longer than ${MAX_DOMAIN_LENGTH} characters.` };
  }
  const labels = ascii.split('.');
  if (labels.length < 2) {
    return { ok: false, reason: 'The domain name needs at least two labels, such as example.com.' };
  }
  for (const label of labels) {
    if (label === '') return { ok: false, reason: 'The domain name has an empty label (two dots in a row).' };
    if (label.length > MAX_LABEL_LENGTH) {
      return { ok: false, reason: `Each label of the domain name must be at most ${MAX_LABEL_LENGTH} characters.` };
    }
    if (!LABEL_CHARACTERS.test(label)) {
      return { ok: false, reason: 'The domain name may only contain letters, digits, hyphens and dots.' };
    }
    if (label.startsWith('-') || label.endsWith('-')) {
      return { ok: false, reason: 'A label of the domain name may not start or end with a hyphen.' };
    }
  }
  const tld = labels[labels.length - 1] ?? '';
  if (/^[0-9]+$/.test(tld)) {
    return { ok: false, reason: 'The top-level domain may not be all digits; IP addresses are not accepted.' };
  }
  return { ok: true, domain: ascii };
}
