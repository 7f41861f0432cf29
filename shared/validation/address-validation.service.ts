/**
 * Address validation: is an email address worth sending to?
 *
 * ## Checks (`checks` in a result)
 * Every check is `'pass'` (no problem found), `'fail'` (this check found a problem) or `'unknown'`
 * (not run because the syntax is invalid, or DNS could not tell).
 * - `syntax`     — email-address.ts rules: local part 1–64 characters of dot-atom text; quoted
 *                  local parts ("a b"@x) are refused; domain ≤ 253 characters, 2+ labels of 1–63
 *                  letters/digits/hyphens (no hyphen first or last), TLD not all digits, IDN
 *                  converted to punycode; whole address ≤ 254 characters. Never `'unknown'`.
 * - `mx`         — the domain can receive mail (RFC 5321 §5.1): MX records, or no MX but an A/AAAA
 *                  record (implicit MX) → pass; the name does not exist (NXDOMAIN), has no MX and no
 *                  A/AAAA, or publishes a null MX (`0 .`, RFC 7505) → fail; SERVFAIL, REFUSED,
 *                  timeout or any other resolver failure → unknown.
 * - `disposable` — the domain, or a parent of it (`x.mailinator.com`), is on the disposable list
 *                  (npm `disposable-email-domains-js`) → fail.
 * - `role`       — the local part, without a `+tag`, is a role name (ROLE_LOCAL_PARTS below) → fail.
 * - `suppressed` — the normalised address is on the organization's suppression list → fail.
 *
 * ## Reason codes (`reason`, in this order)
 * `invalid_syntax`, `domain_not_found` (NXDOMAIN), `no_mx_record` (no MX and no A/AAAA, or a null
 * MX), `dns_error` (SERVFAIL/REFUSED/other resolver failure), `dns_timeout` (no answer within the
 * timeout), `suppressed`, `disposable_domain`, `role_address`, `possible_typo` (the domain is one
 * edit away from a common mailbox provider; `did_you_mean` then holds the corrected address).
 *
 * ## Verdict and score
 * - `undeliverable`, score 0.0: `invalid_syntax`, `domain_not_found`, `no_mx_record` or `suppressed`
 *   is among the reasons (whatever else is).
 * - `risky`: otherwise, when any of `dns_error`, `dns_timeout`, `disposable_domain`, `role_address`,
 *   `possible_typo` is. Score = the lowest value among the risky reasons present:
 *   `role_address` 0.6, `dns_error` 0.5, `dns_timeout` 0.5, `possible_typo` 0.4,
 *   `disposable_domain` 0.3.
 * - `deliverable`: no reason. Score 1.0 when the domain has MX records, 0.95 when it receives mail
 *   through its A/AAAA record only (implicit MX).
 *
 * A DNS failure never throws: it makes the result `risky`. A failing suppression lookup (the
 * database) does throw. `email` in a result is the input exactly as given; everything else is
 * computed from the normal form (trimmed, lower case, punycode domain).
 *
 * ## DNS
 * Per domain: one MX query; A and AAAA (in parallel) only when the MX answer is NOERROR without
 * records. Outcomes are cached per domain for `cacheTtlMs` (default 5 minutes; DNS failures are
 * not kept once their lookup ends, so the next call retries), and concurrent look-ups of one
 * domain share one promise, so a batch over 20 domains makes about 20 MX queries.
 */
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import {
  createGuardedQuery,
  type DnsAnswer,
  type DnsFailureReason,
  fromDnsEnvironment,
  type TxtResolverOptions,
} from '#adapters/dns-resolver.ts';
import { normalizeEmailAddress } from '#core/email-address.ts';

export type Verdict = 'deliverable' | 'risky' | 'undeliverable';
export type CheckState = 'pass' | 'fail' | 'unknown';
export type ValidationReason =
  | 'invalid_syntax'
  | 'domain_not_found'
  | 'no_mx_record'
  | 'dns_error'
  | 'dns_timeout'
  | 'suppressed'
  | 'disposable_domain'
  | 'role_address'
  | 'possible_typo';

export interface ValidationResult {
  email: string;
  verdict: Verdict;
  score: number;
  reason: ValidationReason[];
  did_you_mean: string | null;
  checks: {
    syntax: CheckState;
    mx: CheckState;
    disposable: CheckState;
    role: CheckState;
    suppressed: CheckState;
  };
}

/** At most this many addresses per validateMany (POST /emails/validate/batch). */
export const MAX_ADDRESSES_PER_VALIDATION = 1000;

const REASON_ORDER: readonly ValidationReason[] = [
  'invalid_syntax',
  'domain_not_found',
  'no_mx_record',
  'dns_error',
  'dns_timeout',
  'suppressed',
  'disposable_domain',
  'role_address',
  'possible_typo',
];
const UNDELIVERABLE: ReadonlySet<ValidationReason> = new Set([
  'invalid_syntax',
  'domain_not_found',
  'no_mx_record',
  'suppressed',
]);
const RISKY_SCORES: Partial<Record<ValidationReason, number>> = {
  role_address: 0.6,
  dns_error: 0.5,
  dns_timeout: 0.5,
  possible_typo: 0.4,
  disposable_domain: 0.3,
};
const SCORE_MX = 1;
const SCORE_IMPLICIT_MX = 0.95;

// ---------------------------------------------------------------------------------------------
// DNS

export type { DnsAnswer, DnsFailureReason };
export interface MxAnswer {
  exchange: string;
  priority: number;
}

/** The look-ups validation needs. Implementations never reject. */
export interface MailDnsResolver {
  resolveMx(domain: string): Promise<DnsAnswer<MxAnswer>>;
  resolveAddresses(domain: string, family: 4 | 6): Promise<DnsAnswer<string>>;
}

export interface DnsQueryCounts {
  mx: number;
  a: number;
  aaaa: number;
  total: number;
}

export interface CountingMailDnsResolver extends MailDnsResolver {
  /** Queries sent since creation (or the last reset), by type. */
  queryCounts(): DnsQueryCounts;
  resetQueryCounts(): void;
}

export type MailDnsResolverOptions = TxtResolverOptions;

export function createMailDnsResolver(options: MailDnsResolverOptions): CountingMailDnsResolver {
  const query = createGuardedQuery(options);
  const counts = { mx: 0, a: 0, aaaa: 0 };

  return {
    resolveMx(domain) {
      counts.mx += 1;
      return query((resolver) => resolver.resolveMx(domain));
    },
    resolveAddresses(domain, family) {
      if (family === 4) {
        counts.a += 1;
        return query((resolver) => resolver.resolve4(domain));
      }
      counts.aaaa += 1;
      return query((resolver) => resolver.resolve6(domain));
    },
    queryCounts: () => ({ ...counts, total: counts.mx + counts.a + counts.aaaa }),
    resetQueryCounts() {
      counts.mx = 0;
      counts.a = 0;
      counts.aaaa = 0;
    },
  };
}

/**
 * The resolver configured by the environment, as for domain verification (dns-resolver.ts):
 * `DNS_SERVERS` (comma-separated `host:port`; unset or empty = the system resolver) and
 * `DNS_TIMEOUT_MS` (default 3000). A malformed value throws, naming the variable.
 */
export function mailDnsResolverFromEnv(env: NodeJS.ProcessEnv = process.env): CountingMailDnsResolver {
  return fromDnsEnvironment(env, createMailDnsResolver);
}

/** What DNS says about a domain as a mail destination. */
export type DomainMailStatus = 'mx' | 'implicit_mx' | 'null_mx' | 'no_mail_host' | 'not_found' | 'error' | 'timeout';

function failureStatus(reason: DnsFailureReason): DomainMailStatus {
  if (reason === 'nxdomain') return 'not_found';
  if (reason === 'timeout') return 'timeout';
  return 'error';
}

/** RFC 5321 §5.1 with RFC 7505: MX, else A/AAAA (implicit MX); a lone `0 .` MX means no mail. */
export async function lookupDomainMail(dns: MailDnsResolver, domain: string): Promise<DomainMailStatus> {
  const mx = await dns.resolveMx(domain);
  if (mx.ok && mx.records.length > 0) {
    const hosts = mx.records.filter((record) => record.exchange !== '' && record.exchange !== '.');
    return hosts.length > 0 ? 'mx' : 'null_mx';
  }
  if (!mx.ok && mx.reason !== 'nodata') return failureStatus(mx.reason);
  const [a, aaaa] = await Promise.all([dns.resolveAddresses(domain, 4), dns.resolveAddresses(domain, 6)]);
  const answers = [a, aaaa];
  if (answers.some((answer) => answer.ok && answer.records.length > 0)) return 'implicit_mx';
  const failed = answers.find((answer) => !answer.ok && answer.reason !== 'nodata');
  if (failed && !failed.ok) return failureStatus(failed.reason);
  return 'no_mail_host';
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

// ---------------------------------------------------------------------------------------------
// The validator

export type FindSuppressed = (organizationId: string, addresses: readonly string[]) => Promise<string[]>;

export interface AddressValidatorDeps {
  /** Default: mailDnsResolverFromEnv() (DNS_SERVERS, DNS_TIMEOUT_MS), created on first use. */
  dns?: MailDnsResolver;
  /**
   * The given (normalised) addresses that are suppressed for the organization; called at most
   * once per validate/validateMany. Default: findSuppressedAddresses (suppressions.ts).
   */
  findSuppressed?: FindSuppressed;
  /** How long a domain's DNS outcome is reused. Default 5 minutes. */
  cacheTtlMs?: number;
  /** Most domains kept; the oldest entry goes first. Default 10,000. */
  cacheMaxEntries?: number;
  /** Clock for the cache, in ms. Default Date.now. */
  now?: () => number;
}

export interface AddressValidator {
  validate(email: string, organizationId: string): Promise<ValidationResult>;
  /** One result per input, in input order; at most 1,000 inputs (RangeError above). */
  validateMany(emails: readonly string[], organizationId: string): Promise<ValidationResult[]>;
}

const DEFAULT_CACHE_TTL_MS = 5 * 60 * 1000;
const DEFAULT_CACHE_MAX_ENTRIES = 10_000;

type Parsed = { ok: true; key: string; address: string; local: string; domain: string } | { ok: false; key: string };

function parse(input: unknown): Parsed {
  if (typeof input !== 'string') return { ok: false, key: `\u0000${String(input)}` };
  const normalized = normalizeEmailAddress(input);
  if (!normalized.ok) return { ok: false, key: `\u0000${input}` };
  const { address, domain } = normalized;
  return { ok: true, key: address, address, domain, local: address.slice(0, address.length - domain.length - 1) };
}

const defaultFindSuppressed: FindSuppressed = async (organizationId, addresses) => {
  const { findSuppressedAddresses } = await import('#suppressions/suppressions.service.ts');
  return findSuppressedAddresses(organizationId, addresses);
};

function invalidResult(email: string): ValidationResult {
  return {
    email,
    verdict: 'undeliverable',
    score: 0,
    reason: ['invalid_syntax'],
    did_you_mean: null,
    checks: { syntax: 'fail', mx: 'unknown', disposable: 'unknown', role: 'unknown', suppressed: 'unknown' },
  };
}

/** What depends on the domain alone, worked out once per domain and call. */
interface DomainFacts {
  status: DomainMailStatus;
  disposable: boolean;
  suggestion: string | null;
}

function judge(
  parsed: Extract<Parsed, { ok: true }>,
  { status, disposable, suggestion }: DomainFacts,
  suppressed: boolean,
): Omit<ValidationResult, 'email'> {
  const reasons = new Set<ValidationReason>();
  let mx: CheckState = 'pass';
  if (status === 'not_found') reasons.add('domain_not_found');
  if (status === 'no_mail_host' || status === 'null_mx') reasons.add('no_mx_record');
  if (status === 'error') reasons.add('dns_error');
  if (status === 'timeout') reasons.add('dns_timeout');
  if (status === 'not_found' || status === 'no_mail_host' || status === 'null_mx') mx = 'fail';
  if (status === 'error' || status === 'timeout') mx = 'unknown';
  if (suppressed) reasons.add('suppressed');
  if (disposable) reasons.add('disposable_domain');
  const role = isRoleLocalPart(parsed.local);
  if (role) reasons.add('role_address');
  if (suggestion !== null) reasons.add('possible_typo');

  const reason = REASON_ORDER.filter((code) => reasons.has(code));
  let verdict: Verdict;
  let score: number;
  if (reason.some((code) => UNDELIVERABLE.has(code))) {
    verdict = 'undeliverable';
    score = 0;
  } else if (reason.length > 0) {
    verdict = 'risky';
    score = Math.min(...reason.map((code) => RISKY_SCORES[code] ?? 0.5));
  } else {
    verdict = 'deliverable';
    score = status === 'mx' ? SCORE_MX : SCORE_IMPLICIT_MX;
  }
  return {
    verdict,
    score,
    reason,
    did_you_mean: suggestion === null ? null : `${parsed.local}@${suggestion}`,
    checks: {
      syntax: 'pass',
      mx,
      disposable: disposable ? 'fail' : 'pass',
      role: role ? 'fail' : 'pass',
      suppressed: suppressed ? 'fail' : 'pass',
    },
  };
}

export function createAddressValidator(deps: AddressValidatorDeps = {}): AddressValidator {
  let dns = deps.dns;
  const findSuppressed = deps.findSuppressed ?? defaultFindSuppressed;
  const ttlMs = deps.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
  const maxEntries = deps.cacheMaxEntries ?? DEFAULT_CACHE_MAX_ENTRIES;
  const now = deps.now ?? Date.now;
  /** `expiresAt` Infinity while the look-up runs: concurrent callers share its promise. */
  const cache = new Map<string, { expiresAt: number; status: Promise<DomainMailStatus> }>();

  function domainStatus(domain: string): Promise<DomainMailStatus> {
    const cached = cache.get(domain);
    if (cached && cached.expiresAt > now()) return cached.status;
    if (cached) cache.delete(domain);
    dns ??= mailDnsResolverFromEnv();
    const entry = {
      expiresAt: Number.POSITIVE_INFINITY,
      status: lookupDomainMail(dns, domain).catch((): DomainMailStatus => 'error'),
    };
    cache.set(domain, entry);
    while (cache.size > maxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
    void entry.status.then((status) => {
      if (cache.get(domain) !== entry) return;
      if (status === 'error' || status === 'timeout' || ttlMs <= 0) cache.delete(domain);
      else entry.expiresAt = now() + ttlMs;
    });
    return entry.status;
  }

  async function validateMany(emails: readonly string[], organizationId: string): Promise<ValidationResult[]> {
    if (!Array.isArray(emails)) throw new TypeError('emails must be an array');
    if (emails.length > MAX_ADDRESSES_PER_VALIDATION) {
      throw new RangeError(`At most ${MAX_ADDRESSES_PER_VALIDATION} addresses can be validated at once`);
    }
    const parsed = emails.map(parse);
    const unique = new Map<string, Parsed>();
    for (const entry of parsed) if (!unique.has(entry.key)) unique.set(entry.key, entry);
    const valid = [...unique.values()].filter((entry): entry is Extract<Parsed, { ok: true }> => entry.ok);

    const domains = [...new Set(valid.map((entry) => entry.domain))];
    const [suppressedList, statuses] = await Promise.all([
      valid.length === 0
        ? Promise.resolve([] as string[])
        : findSuppressed(
            organizationId,
            valid.map((entry) => entry.address),
          ),
      Promise.all(domains.map(async (domain) => [domain, await domainStatus(domain)] as const)),
    ]);
    const suppressed = new Set(suppressedList);
    const factsByDomain = new Map<string, DomainFacts>(
      statuses.map(([domain, status]) => [
        domain,
        { status, disposable: isDisposableDomain(domain), suggestion: suggestDomain(domain) },
      ]),
    );

    const judged = new Map<string, Omit<ValidationResult, 'email'>>();
    for (const entry of valid) {
      const facts = factsByDomain.get(entry.domain) ?? { status: 'error', disposable: false, suggestion: null };
      judged.set(entry.key, judge(entry, facts, suppressed.has(entry.address)));
    }
    return parsed.map((entry, index) => {
      const email = emails[index] as string;
      const result = judged.get(entry.key);
      if (!entry.ok || result === undefined) return invalidResult(typeof email === 'string' ? email : String(email));
      return {
        email,
        ...result,
        reason: [...result.reason],
        checks: { ...result.checks },
      };
    });
  }

  return {
    validateMany,
    async validate(email, organizationId) {
      const [result] = await validateMany([email], organizationId);
      return result as ValidationResult;
    },
  };
}
