/**
 * Sending-domain DNS: name normalisation, the records a customer publishes (DKIM, SPF,
 * advisory DMARC), the DKIM key pair handed to SES (BYODKIM), and the checks that decide
 * whether the TXT records found in DNS match what we asked for. Pure functions apart from
 * key generation; the DNS look-ups themselves live in dns-resolver.ts.
 */
import { generateKeyPair } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { promisify } from 'node:util';

const generateKeyPairAsync = promisify(generateKeyPair);

export type NormalizedDomain = { ok: true; domain: string } | { ok: false; reason: string };

export type DnsRecordPurpose = 'dkim' | 'spf' | 'dmarc';

export interface DnsRecord {
  type: 'TXT';
  name: string;
  value: string;
  purpose: DnsRecordPurpose;
  required: boolean;
}

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

/** DKIM selector for a key created at `now`: `pb<yyyymm>` in UTC, e.g. `pb202611`. */
export function dkimSelector(now: Date): string {
  const year = String(now.getUTCFullYear()).padStart(4, '0');
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `pb${year}${month}`;
}

export function dkimRecordName(selector: string, domain: string): string {
  return `${selector}._domainkey.${domain}`;
}

export function dkimRecordValue(publicKeyBase64: string): string {
  return `v=DKIM1; k=rsa; p=${publicKeyBase64}`;
}

export function spfRecordValue(sendingHost: string): string {
  return `v=spf1 include:${sendingHost} ~all`;
}

/** Advisory only: a monitoring-mode DMARC policy; verification never checks it. */
export function dmarcRecord(domain: string): { name: string; value: string } {
  return { name: `_dmarc.${domain}`, value: 'v=DMARC1; p=none;' };
}

/** The `dns_records` array of a Domain: DKIM and SPF (required), DMARC (advisory). */
export function dnsRecordsFor(
  domain: string,
  selector: string,
  publicKeyBase64: string,
  sendingHost: string,
): DnsRecord[] {
  const dmarc = dmarcRecord(domain);
  return [
    {
      type: 'TXT',
      name: dkimRecordName(selector, domain),
      value: dkimRecordValue(publicKeyBase64),
      purpose: 'dkim',
      required: true,
    },
    { type: 'TXT', name: domain, value: spfRecordValue(sendingHost), purpose: 'spf', required: true },
    { type: 'TXT', name: dmarc.name, value: dmarc.value, purpose: 'dmarc', required: false },
  ];
}

/**
 * A fresh 2048-bit RSA DKIM key pair, both halves as base64 DER without PEM armour or line
 * breaks.
 * - `publicKeyBase64`: SubjectPublicKeyInfo, what goes after `p=` (RFC 6376 §3.6.1).
 * - `privateKeyBase64`: PKCS#1 RSAPrivateKey, for SES `DkimSigningAttributes.DomainSigningPrivateKey`.
 *   The SES API reference asks for "1024 or 2048-bit RSA encryption ... encoded using base64"
 *   with pattern `^[a-zA-Z0-9+\/]+={0,2}$` (no PEM header/footer, no line breaks):
 *   https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_DkimSigningAttributes.html
 *   The BYODKIM guide (https://docs.aws.amazon.com/ses/latest/dg/send-email-authentication-dkim-bring-your-own.html)
 *   now says PKCS #1 or PKCS #8, but users reported PKCS #8 keys being accepted and then
 *   never verifying (https://github.com/awsdocs/amazon-ses-developer-guide/issues/71, the
 *   fix there is `openssl genrsa -traditional`, i.e. PKCS #1). PKCS #1 works either way.
 */
export async function generateDkimKeyPair(): Promise<{ publicKeyBase64: string; privateKeyBase64: string }> {
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicExponent: 0x10001,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs1', format: 'der' },
  });
  return { publicKeyBase64: publicKey.toString('base64'), privateKeyBase64: privateKey.toString('base64') };
}

/**
 * One TXT record as `dns.resolveTxt` gives it: a list of <character-string>s, which
 * RFC 7208 §3.3 and RFC 6376 §3.6.2.2 both concatenate without any separator.
 */
function joinTxt(record: readonly string[]): string {
  return record.join('');
}

function stripTrailingDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

const SPF_VERSION = /^v=spf1(?:\s|$)/i;
const INCLUDE_TERM = /^([+?~-]?)include:(.+)$/i;
const ALL_TERM = /^[+?~-]?all$/i;

/**
 * Whether the SPF policy at a domain authorises `sendingHost` through `include:<host>`.
 * Records not starting with `v=spf1` are ignored; more than one SPF record is a permerror
 * (RFC 7208 §4.5) and fails. The include must be a pass (`+` or no qualifier) and come
 * before any `all` mechanism, since nothing after `all` is ever evaluated (§5.1).
 */
export function spfIncludes(txtRecords: readonly (readonly string[])[], sendingHost: string): boolean {
  const spf = txtRecords.map(joinTxt).filter((value) => SPF_VERSION.test(value));
  if (spf.length !== 1) return false;
  const wanted = stripTrailingDot(sendingHost.trim().toLowerCase());
  const terms = (spf[0] ?? '').slice('v=spf1'.length).trim().split(/\s+/);
  for (const term of terms) {
    if (ALL_TERM.test(term)) return false;
    const include = INCLUDE_TERM.exec(term);
    if (!include) continue;
    const qualifier = include[1] ?? '';
    const host = stripTrailingDot((include[2] ?? '').toLowerCase());
    if (host === wanted && (qualifier === '' || qualifier === '+')) return true;
  }
  return false;
}

/**
 * RFC 6376 §3.2 tag-list: `tag=value` pairs separated by `;`, whitespace around names and
 * values ignored, empty pairs (a trailing `;`, or `;;`) skipped. A pair without `=` or a
 * duplicated tag makes the whole list invalid (undefined), as §3.2 requires.
 */
function parseTagList(text: string): Map<string, string> | undefined {
  const tags = new Map<string, string>();
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const equals = part.indexOf('=');
    if (equals < 0) return undefined;
    const name = part.slice(0, equals).trim();
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name) || tags.has(name)) return undefined;
    tags.set(name, part.slice(equals + 1).trim());
  }
  return tags;
}

function withoutWhitespace(text: string): string {
  return text.replace(/\s+/g, '');
}

/**
 * Whether any TXT record at the DKIM name publishes our public key: `p` equal to it once
 * all whitespace is removed, `v` absent or `DKIM1`, `k` absent or `rsa` (any case). An
 * empty `p=` (a revoked key) never matches.
 */
export function dkimMatches(txtRecords: readonly (readonly string[])[], publicKeyBase64: string): boolean {
  const wanted = withoutWhitespace(publicKeyBase64);
  if (wanted === '') return false;
  return txtRecords.some((record) => {
    const tags = parseTagList(joinTxt(record));
    if (!tags) return false;
    const version = tags.get('v');
    if (version !== undefined && version !== 'DKIM1') return false;
    const keyType = tags.get('k');
    if (keyType !== undefined && keyType.toLowerCase() !== 'rsa') return false;
    const key = tags.get('p');
    return key !== undefined && withoutWhitespace(key) === wanted;
  });
}
