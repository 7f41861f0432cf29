/**
 * TXT look-ups for domain verification, through node's c-ares resolver. Every outcome is a
 * value: verification reports "not found" or "DNS did not answer" to the caller instead of
 * turning a resolver problem into a 500.
 */
import { Resolver } from 'node:dns/promises';

export type TxtFailureReason = 'nxdomain' | 'nodata' | 'servfail' | 'timeout' | 'refused' | 'error';

export type TxtLookup = { ok: true; records: string[][] } | { ok: false; reason: TxtFailureReason };

export interface TxtResolver {
  /** Never rejects. `records` is one array of character-strings per TXT record. */
  resolveTxt(name: string): Promise<TxtLookup>;
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

export function createTxtResolver(options: TxtResolverOptions): TxtResolver {
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

  return {
    resolveTxt(name: string): Promise<TxtLookup> {
      return new Promise<TxtLookup>((resolve) => {
        let resolver: Resolver | undefined;
        const guard = setTimeout(() => {
          resolve({ ok: false, reason: 'timeout' });
          try {
            resolver?.cancel();
          } catch {
            // Nothing left to release.
          }
        }, timeoutMs + GUARD_MARGIN_MS);
        const settle = (result: TxtLookup) => {
          clearTimeout(guard);
          resolve(result);
        };
        try {
          resolver = newResolver();
          resolver.resolveTxt(name).then(
            (records) => settle({ ok: true, records }),
            (error: unknown) => settle({ ok: false, reason: reasonFor(error) }),
          );
        } catch (error) {
          settle({ ok: false, reason: reasonFor(error) });
        }
      });
    },
  };
}

const DEFAULT_TIMEOUT_MS = 3000;

/**
 * The resolver configured by the environment: `DNS_SERVERS` (comma-separated `host:port`,
 * unset or empty = the system resolver) and `DNS_TIMEOUT_MS` (default 3000). A malformed
 * value throws here, with the variable's name in the message.
 */
export function resolverFromEnv(env: NodeJS.ProcessEnv = process.env): TxtResolver {
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
    return createTxtResolver({ servers, timeoutMs });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Environment variable DNS_SERVERS must be comma-separated host:port addresses, got "${env.DNS_SERVERS}" (${detail})`,
    );
  }
}
