/**
 * The webhook deliveries' HTTP client, built against server-side request forgery: a customer names
 * the URL, so it must never reach the deployment's own network.
 *  - The destination is checked at every attempt (a name's addresses change): an IP literal directly,
 *    a name after resolving it — refused if ANY of its addresses is private, loopback, link-local,
 *    CGNAT, unique-local, metadata, multicast or reserved (unless private targets are allowed: the
 *    local stack). The connection then goes to exactly the address checked (a `lookup` that answers
 *    it), so a DNS answer that changes between check and connect (rebinding) cannot redirect it; TLS
 *    still verifies the certificate against the name.
 *  - Redirects are never followed (a 3xx is the answer).
 *  - The whole attempt (resolve, connect, answer) has one deadline, and at most 64 KB of an answer is
 *    read (the first 1 KB kept): a slow or endless answer cannot hold a consumer.
 * Never rejects: every failure is a result with a short `error` (no stack, nothing internal).
 */
import { Resolver, lookup as systemLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export interface WebhookPostOptions {
  url: string;
  /** webhook-id, webhook-timestamp, webhook-signature (content-type and user-agent are added). */
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowPrivateTargets: boolean;
  /** `host:port` servers to resolve names with; absent: the system resolver (/etc/hosts included). */
  dnsServers?: string[];
}

export interface WebhookPostResult {
  status_code: number | null;
  duration_ms: number;
  response_body: string | null;
  error: string | null;
  retry_after_seconds: number | null;
}

export const RESPONSE_EXCERPT_BYTES = 1024;
export const RESPONSE_READ_CAP_BYTES = 64 * 1024;
const USER_AGENT = 'Postbox-Webhooks/1.0';

type Family = 'ipv4' | 'ipv6';
const ranges: Array<[string, string, number, Family]> = [
  // [category, network, prefix, family]; the most specific first (metadata before link-local).
  ['metadata', '169.254.169.254', 32, 'ipv4'],
  ['metadata', 'fd00:ec2::254', 128, 'ipv6'],
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['carrier-grade NAT', '100.64.0.0', 10, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '192.0.2.0', 24, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '198.51.100.0', 24, 'ipv4'],
  ['reserved', '203.0.113.0', 24, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['unique local', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['multicast', 'ff00::', 8, 'ipv6'],
  ['reserved', '2001:db8::', 32, 'ipv6'],
];
const blockLists = ranges.map(([category, network, prefix, family]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { category, list, family };
});

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1] ?? '0', 16);
  const low = Number.parseInt(hex[2] ?? '0', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Why an IP address may not be a webhook target, or undefined when it is public. */
export function refusedAddressReason(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare);
  if (version === 0) return 'not an IP address';
  if (version === 6) {
    const inner = embeddedIpv4(bare);
    if (inner) return refusedAddressReason(inner);
  }
  const family: Family = version === 4 ? 'ipv4' : 'ipv6';
  return blockLists.find((entry) => entry.family === family && entry.list.check(bare, family))?.category;
}

async function resolveAll(host: string, dnsServers: string[] | undefined): Promise<string[]> {
  if (!dnsServers || dnsServers.length === 0) {
    return (await systemLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  }
  const resolver = new Resolver({ timeout: 2_000, tries: 1 });
  resolver.setServers(dnsServers);
  const settle = (promise: Promise<string[]>) => promise.catch(() => [] as string[]);
  const [v4, v6] = await Promise.all([settle(resolver.resolve4(host)), settle(resolver.resolve6(host))]);
  if (v4.length + v6.length === 0) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return [...v4, ...v6];
}

/** Retry-After as seconds from now (delta-seconds or an HTTP date), or null. */
function retryAfterSeconds(value: string | string[] | undefined): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return null;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function errorMessage(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ENODATA':
      return 'host not found';
    case 'ECONNRESET':
      return 'connection reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
  }
  if (typeof code === 'string' && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return `TLS error: ${code}`;
  if (typeof code === 'string') return `request failed: ${code}`;
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return `request failed: ${message}`;
}

/** Cuts a UTF-8 excerpt at a character boundary. */
function excerpt(bytes: Buffer): string {
  let end = Math.min(bytes.length, RESPONSE_EXCERPT_BYTES);
  // Step back over continuation bytes (10xxxxxx) of a character cut in two.
  if (end < bytes.length) while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

export async function postWebhook(options: WebhookPostOptions): Promise<WebhookPostResult> {
  const started = performance.now();
  const result = (fields: Partial<WebhookPostResult>): WebhookPostResult => ({
    status_code: null,
    response_body: null,
    error: null,
    retry_after_seconds: null,
    ...fields,
    duration_ms: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return result({ error: 'invalid URL' });
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
  try {
    let address: string;
    if (isIP(host) !== 0) {
      address = host;
    } else {
      const resolving = resolveAll(host, options.dnsServers);
      const addresses = await Promise.race([
        resolving,
        new Promise<never>((_, reject) =>
          deadline.signal.addEventListener('abort', () =>
            reject(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
          ),
        ),
      ]);
      if (!options.allowPrivateTargets) {
        const refused = addresses.map(refusedAddressReason).find((reason) => reason !== undefined);
        if (refused)
          return result({ error: `refused: the host resolves to a private or reserved address (${refused})` });
      }
      address = addresses[0] as string;
    }
    if (!options.allowPrivateTargets) {
      const refused = refusedAddressReason(address);
      if (refused && isIP(host) !== 0) return result({ error: `refused: a private or reserved address (${refused})` });
    }
    const family = isIP(address);
    const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
      if ((lookupOptions as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
          { address, family },
        ]);
      } else {
        callback(null, address, family);
      }
    };
    const client = url.protocol === 'https:' ? https : http;
    return await new Promise<WebhookPostResult>((resolve) => {
      let status: number | null = null;
      let retryAfter: number | null = null;
      const request = client.request(
        url,
        {
          method: 'POST',
          lookup: pinned,
          signal: deadline.signal,
          agent: false,
          headers: {
            ...options.headers,
            'content-type': 'application/json',
            'user-agent': USER_AGENT,
            'content-length': String(Buffer.byteLength(options.body)),
          },
        },
        (response) => {
          status = response.statusCode ?? null;
          retryAfter = retryAfterSeconds(response.headers['retry-after']);
          const kept: Buffer[] = [];
          let read = 0;
          const finish = () => {
            const body = Buffer.concat(kept);
            resolve(
              result({
                status_code: status,
                response_body: body.length > 0 ? excerpt(body) : null,
                retry_after_seconds: retryAfter,
              }),
            );
          };
          response.on('data', (chunk: Buffer) => {
            if (read < RESPONSE_EXCERPT_BYTES + 4) kept.push(chunk.subarray(0, RESPONSE_EXCERPT_BYTES + 4 - read));
            read += chunk.length;
            if (read >= RESPONSE_READ_CAP_BYTES) {
              response.destroy();
              finish();
            }
          });
          response.on('end', finish);
          response.on('error', () => finish());
        },
      );
      request.on('error', (error) => {
        if (deadline.signal.aborted) {
          resolve(
            result({
              status_code: status,
              error:
                status === null ? `timed out after ${seconds(options.timeoutMs)}` : 'timed out reading the response',
            }),
          );
        } else {
          resolve(result({ status_code: status, error: errorMessage(error) }));
        }
      });
      request.end(options.body);
    });
  } catch (error) {
    if (deadline.signal.aborted) return result({ error: `timed out after ${seconds(options.timeoutMs)}` });
    return result({ error: errorMessage(error) });
  } finally {
    clearTimeout(timer);
  }
}
