/**
 * Sending-domain DNS: the records a customer publishes (DKIM, SPF, advisory DMARC; a custom MAIL
 * FROM domain's are in mail-from.ts), the DKIM key
 * pair handed to SES (BYODKIM), and the checks that decide whether the TXT records found in DNS
 * match what we asked for. Pure functions apart from key generation; the DNS look-ups live in
 * shared/adapters/dns-resolver.ts, name normalisation in shared/core/domain-name.ts.
 */
import { generateKeyPair } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { promisify } from 'node:util';

const generateKeyPairAsync = promisify(generateKeyPair);

export type DnsRecordPurpose = 'dkim' | 'spf' | 'dmarc' | 'mail_from_mx' | 'mail_from_spf' | 'receiving_mx';

export interface DnsRecord {
  type: 'TXT' | 'MX';
  name: string;
  value: string;
  purpose: DnsRecordPurpose;
  required: boolean;
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

/**
 * The `dns_records` array of a Domain: DKIM and SPF (required), DMARC (advisory). A custom MAIL
 * FROM domain's records follow them (mail-from.ts).
 */
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

/**
 * RFC 7208 §4.5: an SPF record starts with exactly `v=spf1` (ABNF strings are
 * case-insensitive) ended by a SPACE or the end of the record. Only U+0020 counts: `\s`
 * would also accept a tab or a no-break space, which receivers do not.
 */
const SPF_VERSION = /^v=spf1(?: |$)/i;

/**
 * A macro-string token (RFC 7208 §7.1): a macro-expand, or one macro-literal (visible
 * ASCII but `%`). The macro letters c, r and t are only allowed in explanation text (§7.2),
 * never in a domain-spec or modifier value, so they are left out.
 */
const MACRO_TOKEN = /%\{[slodiph][0-9]*r?[.+,/_=-]*\}|%[%_-]|[\x21-\x24\x26-\x7e]/iy;

/** The tokens of a macro-string, or undefined if it is not one. */
function macroTokens(text: string): string[] | undefined {
  const tokens: string[] = [];
  MACRO_TOKEN.lastIndex = 0;
  while (MACRO_TOKEN.lastIndex < text.length) {
    const match = MACRO_TOKEN.exec(text);
    if (!match) return undefined;
    tokens.push(match[0]);
  }
  return tokens;
}

/** `toplabel` of RFC 7208 §7.1: letters, digits and inner hyphens, not all digits. */
function isTopLabel(label: string): boolean {
  return /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i.test(label) && !/^[0-9]+$/.test(label);
}

/**
 * RFC 7208 §7.1 `domain-spec = macro-string domain-end`, where `domain-end` is a
 * macro-expand or `"." toplabel ["."]`. So a bare `localhost` or `example.123` is a syntax
 * error (permerror), as is anything with spaces, control or non-ASCII characters.
 */
function isDomainSpec(text: string): boolean {
  const tokens = macroTokens(text);
  if (!tokens || tokens.length === 0) return false;
  if ((tokens[tokens.length - 1] ?? '').startsWith('%')) return true;
  let literalEnd = '';
  for (let i = tokens.length - 1; i >= 0 && !(tokens[i] ?? '%').startsWith('%'); i--) {
    literalEnd = (tokens[i] ?? '') + literalEnd;
  }
  const end = stripTrailingDot(literalEnd);
  const dot = end.lastIndexOf('.');
  return dot >= 0 && isTopLabel(end.slice(dot + 1));
}

/** ip4-network of RFC 7208 §5.6: dotted quad, each part 0–255 without leading zeros. */
const IP4_NETWORK =
  /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])$/;

/** A CIDR length as RFC 7208 §5.6 writes it (no leading zero) that is at most `max`. */
function isCidrLength(text: string | undefined, max: number): boolean {
  return text === undefined || (/^(?:0|[1-9][0-9]*)$/.test(text) && Number(text) <= max);
}

/** One directive (`[qualifier] mechanism`, §4.6.1) split into its parts. */
interface Directive {
  qualifier: string;
  mechanism: string;
  /** Everything after the mechanism name, e.g. `:example.com/24` or ``. */
  rest: string;
}

const DIRECTIVE = /^([+?~-]?)(all|include|a|mx|ptr|ip4|ip6|exists)((?:[:/].*)?)$/i;
const MODIFIER = /^([a-z][a-z0-9._-]*)=(.*)$/i;
/** `":" network ["/" cidr-length]` of ip4 and ip6. */
const NETWORK_ARGUMENT = /^:([^/]*)(?:\/(.*))?$/;
/** `[":" domain-spec] [dual-cidr-length]`; the lazy domain leaves the CIDR suffix to the groups. */
const A_MX_ARGUMENT = /^(?::(.*?))?(?:\/([0-9]+))?(?:\/\/([0-9]+))?$/;

/** Whether a directive's argument is well formed for its mechanism (RFC 7208 §5). */
function isValidDirective({ mechanism, rest }: Directive): boolean {
  switch (mechanism) {
    case 'all':
      return rest === '';
    case 'include':
    case 'exists':
      return rest.startsWith(':') && isDomainSpec(rest.slice(1));
    case 'ptr':
      return rest === '' || (rest.startsWith(':') && isDomainSpec(rest.slice(1)));
    case 'a':
    case 'mx': {
      const match = A_MX_ARGUMENT.exec(rest);
      if (!match) return false;
      const [, domain, ip4Cidr, ip6Cidr] = match;
      return (domain === undefined || isDomainSpec(domain)) && isCidrLength(ip4Cidr, 32) && isCidrLength(ip6Cidr, 128);
    }
    case 'ip4': {
      const match = NETWORK_ARGUMENT.exec(rest);
      return match !== null && IP4_NETWORK.test(match[1] ?? '') && isCidrLength(match[2], 32);
    }
    case 'ip6': {
      const match = NETWORK_ARGUMENT.exec(rest);
      const address = match?.[1] ?? '';
      return match !== null && isIPv6(address) && !address.includes('%') && isCidrLength(match[2], 128);
    }
    default:
      return false;
  }
}

/**
 * The directives of an SPF record in order, or undefined when the record does not parse,
 * which RFC 7208 §4.6 makes a permerror: a term that is neither a known mechanism with a
 * well-formed argument nor a `name=value` modifier, or a second `redirect`/`exp` (§6).
 * Terms are separated by U+0020 only (§4.6.1 `1*SP`). Unknown modifiers are ignored (§6).
 */
function parseSpf(record: string): Directive[] | undefined {
  const directives: Directive[] = [];
  const seenModifiers = new Set<string>();
  for (const term of record.slice('v=spf1'.length).split(' ')) {
    if (term === '') continue;
    const directive = DIRECTIVE.exec(term);
    if (directive) {
      const parsed = {
        qualifier: directive[1] ?? '',
        mechanism: (directive[2] ?? '').toLowerCase(),
        rest: directive[3] ?? '',
      };
      if (!isValidDirective(parsed)) return undefined;
      directives.push(parsed);
      continue;
    }
    const modifier = MODIFIER.exec(term);
    if (!modifier) return undefined;
    const name = (modifier[1] ?? '').toLowerCase();
    const value = modifier[2] ?? '';
    if (name === 'redirect' || name === 'exp') {
      if (seenModifiers.has(name) || !isDomainSpec(value)) return undefined;
      seenModifiers.add(name);
    } else if (!macroTokens(value)) {
      return undefined;
    }
  }
  return directives;
}

/**
 * Whether the SPF policy at a domain authorises `sendingHost` through `include:<host>`.
 * Records not starting with `v=spf1` and a space (or ending there) are ignored; more than
 * one SPF record (§4.5) or a record that does not parse (see parseSpf) is a permerror and
 * fails. The include must be a pass (`+` or no qualifier) and come before any `all`
 * mechanism, since nothing after `all` is ever evaluated (§5.1).
 */
export function spfIncludes(txtRecords: readonly (readonly string[])[], sendingHost: string): boolean {
  const spf = txtRecords.map(joinTxt).filter((value) => SPF_VERSION.test(value));
  if (spf.length !== 1) return false;
  const directives = parseSpf(spf[0] ?? '');
  if (!directives) return false;
  const wanted = stripTrailingDot(sendingHost.trim().toLowerCase());
  for (const { qualifier, mechanism, rest } of directives) {
    if (mechanism === 'all') return false;
    if (mechanism !== 'include') continue;
    const host = stripTrailingDot(rest.slice(1).toLowerCase());
    if (host === wanted && (qualifier === '' || qualifier === '+')) return true;
  }
  return false;
}

/** WSP and the CR LF of FWS (RFC 6376 §2.8, §3.2); not the other Unicode spaces `\s` matches. */
function isFoldingWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0d || code === 0x0a;
}

function trimFoldingWhitespace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isFoldingWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isFoldingWhitespace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

function withoutFoldingWhitespace(text: string): string {
  return text.replace(/[ \t\r\n]+/g, '');
}

/** RFC 6376 §3.2 `tag-name = ALPHA *ALNUMPUNC`. */
const TAG_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** RFC 6376 §3.2 `tag-value`: runs of VALCHAR (visible ASCII but `;`) split by WSP/FWS. */
const TAG_VALUE = /^(?:[\x21-\x3a\x3c-\x7e]+(?:[ \t\r\n]+[\x21-\x3a\x3c-\x7e]+)*)?$/;

/**
 * RFC 6376 §3.2 tag-list: `tag=value` pairs separated by `;`, WSP/FWS around names and
 * values ignored, empty pairs (a trailing `;`, or `;;`) skipped. A pair without `=`, an
 * invalid tag name or value, or a duplicated tag makes the whole list invalid (undefined),
 * as §3.2 requires. The map keeps the tags in record order.
 */
function parseTagList(text: string): Map<string, string> | undefined {
  const tags = new Map<string, string>();
  for (const part of text.split(';')) {
    if (trimFoldingWhitespace(part) === '') continue;
    const equals = part.indexOf('=');
    if (equals < 0) return undefined;
    const name = trimFoldingWhitespace(part.slice(0, equals));
    const value = trimFoldingWhitespace(part.slice(equals + 1));
    if (!TAG_NAME.test(name) || !TAG_VALUE.test(value) || tags.has(name)) return undefined;
    tags.set(name, value);
  }
  return tags;
}

/** A colon-separated list (`h=`, `s=`), each item trimmed of WSP/FWS and lower-cased. */
function colonList(value: string): string[] {
  return value.split(':').map((item) => trimFoldingWhitespace(item).toLowerCase());
}

/**
 * Whether any TXT record at the DKIM name publishes our public key for SES's rsa-sha256
 * email signatures (RFC 6376 §3.6.1): `p` equal to it once WSP/FWS is removed (an empty
 * `p=`, a revoked key, never matches); `v`, if present, the first tag and exactly `DKIM1`;
 * `k` absent or `rsa`; `h` absent or listing `sha256`; `s` absent or listing `*` or
 * `email`. Other tags (`t=` flags, notes, unknown tags) are ignored as §3.6.1 asks.
 */
export function dkimMatches(txtRecords: readonly (readonly string[])[], publicKeyBase64: string): boolean {
  const wanted = withoutFoldingWhitespace(publicKeyBase64);
  if (wanted === '') return false;
  return txtRecords.some((record) => {
    const tags = parseTagList(joinTxt(record));
    if (!tags) return false;
    const version = tags.get('v');
    if (version !== undefined && (version !== 'DKIM1' || tags.keys().next().value !== 'v')) return false;
    const keyType = tags.get('k');
    if (keyType !== undefined && keyType.toLowerCase() !== 'rsa') return false;
    const hashes = tags.get('h');
    if (hashes !== undefined && !colonList(hashes).includes('sha256')) return false;
    const services = tags.get('s');
    if (services !== undefined && !colonList(services).some((service) => service === '*' || service === 'email')) {
      return false;
    }
    const key = tags.get('p');
    return key !== undefined && withoutFoldingWhitespace(key) === wanted;
  });
}
