/**
 * TXT and MX look-ups for domain verification (MX: the custom MAIL FROM domain), through node's
 * c-ares resolver. Every outcome is a
 * value: verification reports "not found" or "DNS did not answer" to the caller instead of
 * turning a resolver problem into a 500.
 */
import { Resolver } from 'node:dns/promises';

export type DnsFailureReason = 'nxdomain' | 'nodata' | 'servfail' | 'timeout' | 'refused' | 'error';
export type DnsAnswer<T> = { ok: true; records: T[] } | { ok: false; reason: DnsFailureReason };

export type TxtFailureReason = DnsFailureReason;
export type TxtLookup = DnsAnswer<string[]>;

export interface MxRecord {
  exchange: string;
  priority: number;
}
export type MxLookup = DnsAnswer<MxRecord>;

export interface TxtResolver {
  /** Never rejects. `records` is one array of character-strings per TXT record. */
  resolveTxt(name: string): Promise<TxtLookup>;
  /** Never rejects. The MX records of the name (a custom MAIL FROM domain's). */
  resolveMx(name: string): Promise<MxLookup>;
}

export interface TxtResolverOptions {
  /** `host:port` or `host` (port 53); IPv6 as `[addr]:port`. Unset or empty: the system resolver. */
  servers?: string[];
  /** Per-query timeout handed to c-ares (one try). */
  timeoutMs: number;
}

/** Extra time the overall guard allows beyond the c-ares timeout before giving up itself. */
const GUARD_MARGIN_MS = 500;

const REASONS: Record<string, TxtFailureReason> = {
  ENOTFOUND: 'nxdomain',
  ENODATA: 'nodata',
  ESERVFAIL: 'servfail',
  ETIMEOUT: 'timeout',
  EREFUSED: 'refused',
};

function reasonFor(error: unknown): TxtFailureReason {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return (typeof code === 'string' ? REASONS[code] : undefined) ?? 'error';
}

/** A DNS query run with `run` on its own Resolver; never rejects (see createGuardedQuery). */
export type GuardedQuery = <T>(run: (resolver: Resolver) => Promise<T[]>) => Promise<DnsAnswer<T>>;

/**
 * Runs each query on a fresh Resolver (`servers`, one try of `timeoutMs`) under a guard that
 * answers `timeout` and cancels the query if c-ares has not answered shortly after: every outcome
 * is a value. Shared by domain verification (TXT) and address validation (MX, A, AAAA).
 */
export function createGuardedQuery(options: TxtResolverOptions): GuardedQuery {
  const { timeoutMs } = options;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) {
    throw new Error(`DNS timeout must be a positive whole number of milliseconds, got ${timeoutMs}`);
  }
  const servers = options.servers?.map((server) => server.trim()).filter((server) => server !== '') ?? [];

  // One Resolver per look-up: cancelling a hung query (below) cancels every query of its
  // Resolver, so sharing one would let a slow name fail unrelated concurrent look-ups.
  const newResolver = (): Resolver => {
    const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
    if (servers.length > 0) resolver.setServers(servers);
    return resolver;
  };
  // Fail at creation on a malformed server list rather than on every look-up.
  newResolver();

  return <T>(run: (resolver: Resolver) => Promise<T[]>) =>
    new Promise<DnsAnswer<T>>((resolve) => {
      let resolver: Resolver | undefined;
      const guard = setTimeout(() => {
        resolve({ ok: false, reason: 'timeout' });
        try {
          resolver?.cancel();
        } catch {
          // Nothing left to release.
        }
      }, timeoutMs + GUARD_MARGIN_MS);
      const settle = (result: DnsAnswer<T>) => {
        clearTimeout(guard);
        resolve(result);
      };
      try {
        resolver = newResolver();
        run(resolver).then(
          (records) => settle({ ok: true, records }),
          (error: unknown) => settle({ ok: false, reason: reasonFor(error) }),
        );
      } catch (error) {
        settle({ ok: false, reason: reasonFor(error) });
      }
    });
}

export function createTxtResolver(options: TxtResolverOptions): TxtResolver {
  const query = createGuardedQuery(options);
  return {
    resolveTxt: (name) => query((resolver) => resolver.resolveTxt(name)),
    resolveMx: (name) => query((resolver) => resolver.resolveMx(name)),
  };
}

const DEFAULT_TIMEOUT_MS = 3000;

/**
 * The resolver configured by the environment: `DNS_SERVERS` (comma-separated `host:port`,
 * unset or empty = the system resolver) and `DNS_TIMEOUT_MS` (default 3000). A malformed
 * value throws here, with the variable's name in the message.
 */
export function resolverFromEnv(env: NodeJS.ProcessEnv = process.env): TxtResolver {
  return fromDnsEnvironment(env, createTxtResolver);
}

/** `create` with the options of `DNS_SERVERS` and `DNS_TIMEOUT_MS` (see resolverFromEnv). */
export function fromDnsEnvironment<R>(env: NodeJS.ProcessEnv, create: (options: TxtResolverOptions) => R): R {
  const rawTimeout = env.DNS_TIMEOUT_MS?.trim();
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  if (rawTimeout !== undefined && rawTimeout !== '') {
    timeoutMs = Number(rawTimeout);
    if (!/^[0-9]+$/.test(rawTimeout) || !Number.isSafeInteger(timeoutMs) || timeoutMs < 1) {
      throw new Error(`Environment variable DNS_TIMEOUT_MS must be a positive integer, got "${env.DNS_TIMEOUT_MS}"`);
    }
  }
  const servers = (env.DNS_SERVERS ?? '')
    .split(',')
    .map((server) => server.trim())
    .filter((server) => server !== '');
  try {
    return create({ servers, timeoutMs });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Environment variable DNS_SERVERS must be comma-separated host:port addresses, got "${env.DNS_SERVERS}" (${detail})`,
    );
  }
}
