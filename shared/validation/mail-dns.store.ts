/**
 * The DNS side of address validation: can a domain receive mail? Every outcome of the DNS adapter is
 * a value (a failure is the status `error` or `timeout`, never a throw), so a DNS failure makes a
 * `risky` result, never a 5xx. Outcomes are cached per domain (failures only until their lookup ends,
 * so the next call retries) and concurrent look-ups of a domain share one promise, so a batch makes
 * one MX query per domain. What is looked up and the verdicts: docs/api.md, "Address validation".
 */
import {
  createGuardedQuery,
  type DnsAnswer,
  type DnsFailureReason,
  fromDnsEnvironment,
  type TxtResolverOptions,
} from '#adapters/dns-resolver.ts';
import type { DomainMailStatus } from '#validation/address-verdict.ts';

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
// The per-domain cache

const DEFAULT_CACHE_TTL_MS = 5 * 60 * 1000;
const DEFAULT_CACHE_MAX_ENTRIES = 10_000;

export interface DomainMailCacheOptions {
  /** Default: mailDnsResolverFromEnv() (DNS_SERVERS, DNS_TIMEOUT_MS), created on first use. */
  dns?: MailDnsResolver | undefined;
  /** How long a domain's DNS outcome is reused. Default 5 minutes. */
  ttlMs?: number | undefined;
  /** Most domains kept; the oldest entry goes first. Default 10,000. */
  maxEntries?: number | undefined;
  /** Clock for the cache, in ms. Default Date.now. */
  now?: (() => number) | undefined;
}

/** A domain's mail status, from the cache or looked up; never rejects (a thrown look-up is `error`). */
export type DomainMailLookup = (domain: string) => Promise<DomainMailStatus>;

export function createDomainMailCache(options: DomainMailCacheOptions = {}): DomainMailLookup {
  let dns = options.dns;
  const ttlMs = options.ttlMs ?? DEFAULT_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? DEFAULT_CACHE_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  /** `expiresAt` Infinity while the look-up runs: concurrent callers share its promise. */
  const cache = new Map<string, { expiresAt: number; status: Promise<DomainMailStatus> }>();

  return function domainStatus(domain: string): Promise<DomainMailStatus> {
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
  };
}
