/**
 * The webhook deliveries' outbound HTTP client, built against SSRF: a customer names the URL, so an
 * attempt must never reach the deployment's own network. Each attempt checks every address of the target,
 * connects to exactly those (no rebinding; the URL keeps the name for Host and TLS), follows no redirect,
 * and is bounded by one deadline and a read cap. It never rejects: a failure is a short `error`; any HTTP
 * answer has `error: null`, except the deadline expiring after the status line (the status is kept).
 * The rules: docs/api.md, "Webhooks" (Delivery, The log).
 */
import { type LookupAddress, lookup as systemLookup } from 'node:dns';
import { Resolver } from 'node:dns/promises';
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { refusedAddressReason } from '#adapters/webhook-address-rules.ts';

export interface WebhookPostOptions {
  /** An absolute http(s) URL. */
  url: string;
  /** webhook-id, webhook-timestamp, webhook-signature (content-type and user-agent are added). */
  headers: Record<string, string>;
  /** The JSON body, sent as is (UTF-8). */
  body: string;
  /** The whole attempt: DNS, connect and response. */
  timeoutMs: number;
  /** false in AWS: private and reserved destinations are refused. */
  allowPrivateTargets: boolean;
  /** `host:port` servers to resolve names with (A and AAAA); absent or empty: the system resolver (/etc/hosts). */
  dnsServers?: string[];
}

export interface WebhookPostResult {
  /** null when no HTTP answer came. */
  status_code: number | null;
  duration_ms: number;
  /** The first RESPONSE_EXCERPT_BYTES of the answer's body (cut at a character boundary), null if none. */
  response_body: string | null;
  /** null on any HTTP answer (see the deadline exception above); else a short message. */
  error: string | null;
  /** The answer's Retry-After in whole seconds from now, null if absent or invalid. */
  retry_after_seconds: number | null;
}

export const RESPONSE_EXCERPT_BYTES = 1024;
export const RESPONSE_READ_CAP_BYTES = 64 * 1024;
const USER_AGENT = 'Postbox-Webhooks/1.0';

/** A failure before any connection, with the message to report. */
class AttemptError extends Error {}

const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'ENODATA', 'EAI_AGAIN', 'EAI_NONAME', 'ENONAME', 'EAI_NODATA']);

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // Several addresses tried (autoSelectFamily): an AggregateError of the attempts.
  const first = error instanceof AggregateError ? (error.errors[0] as unknown) : undefined;
  return first === undefined ? undefined : codeOf(first);
}

function dnsFailure(error: unknown): AttemptError {
  const code = codeOf(error);
  if (code === undefined || NOT_FOUND_CODES.has(code)) return new AttemptError('host not found');
  return new AttemptError(`DNS lookup failed: ${code}`);
}

/** Every address of the name: with a Resolver on `dnsServers` (A and AAAA), else the system's lookup. */
async function resolveAll(
  host: string,
  dnsServers: string[] | undefined,
  timeoutMs: number,
  onResolver: (resolver: Resolver) => void,
): Promise<string[]> {
  if (dnsServers === undefined || dnsServers.length === 0) {
    const entries = await new Promise<LookupAddress[]>((resolve, reject) =>
      systemLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
    ).catch((error: unknown) => {
      throw dnsFailure(error);
    });
    return entries.map((entry) => entry.address);
  }
  // Two tries within the attempt's budget (one lost UDP packet is not a failure); the deadline cancels.
  const resolver = new Resolver({ timeout: Math.max(1, Math.floor(timeoutMs / 2)), tries: 2 });
  resolver.setServers(dnsServers);
  onResolver(resolver);
  const failures: unknown[] = [];
  const settle = (query: Promise<string[]>) =>
    query.catch((error: unknown) => {
      failures.push(error);
      return [] as string[];
    });
  const [v4, v6] = await Promise.all([settle(resolver.resolve4(host)), settle(resolver.resolve6(host))]);
  const addresses = [...v4, ...v6];
  if (addresses.length > 0) return addresses;
  // Prefer a real failure (SERVFAIL, timeout) over "no such name/no data" for the message.
  throw dnsFailure(failures.find((error) => !NOT_FOUND_CODES.has(codeOf(error) ?? '')) ?? failures[0]);
}

/** A `lookup` that answers only the addresses already checked, whatever DNS says by now. */
function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries: LookupAddress[] = addresses.map((address) => ({ address, family: isIP(address) }));
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
    const matching = wanted === undefined ? entries : entries.filter((entry) => entry.family === wanted);
    const answer = matching.length > 0 ? matching : entries;
    const first = answer[0];
    if (options.all) callback(null, answer);
    else if (first) callback(null, first.address, first.family);
    else callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0);
  };
}

const HTTP_DATE_HINT = /[a-z]/i;

/** Retry-After as whole seconds from now (delta-seconds or an HTTP date, never below 0), or null. */
function parseRetryAfter(value: string | undefined): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return Number.isSafeInteger(seconds) ? seconds : null;
  }
  // An HTTP date names its month/day; Date.parse alone would also accept things like "7.5".
  if (!HTTP_DATE_HINT.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Certificate and handshake failures (EPROTO: OpenSSL protocol errors, such as TLS to a plain HTTP port). */
const TLS_CODE = /CERT|SSL|TLS|UNABLE_TO_VERIFY|UNABLE_TO_GET|HOSTNAME|ALTNAME|^EPROTO$/;

function errorMessage(error: unknown): string {
  if (error instanceof AttemptError) return error.message;
  const code = codeOf(error);
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'connection reset';
    case 'ETIMEDOUT':
      return 'connection timed out';
    case 'EHOSTUNREACH':
      return 'host unreachable';
    case 'ENETUNREACH':
      return 'network unreachable';
    case undefined:
      break;
    default:
      if (NOT_FOUND_CODES.has(code)) return 'host not found';
      if (TLS_CODE.test(code)) return `TLS error: ${code}`;
      return `request failed: ${code}`;
  }
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.trim();
  return `request failed: ${(message || 'unknown error').slice(0, 200)}`;
}

/** The excerpt as text, cut at a character boundary at most RESPONSE_EXCERPT_BYTES bytes in. */
function excerpt(bytes: Buffer): string | null {
  if (bytes.length === 0) return null;
  let end = Math.min(bytes.length, RESPONSE_EXCERPT_BYTES);
  // Step back over continuation bytes (10xxxxxx) so a character cut in two is dropped whole.
  if (end < bytes.length) while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

/** "10 s", "0.3 s", "1.5 s". */
function seconds(ms: number): string {
  const value = ms / 1000;
  return `${value >= 0.1 ? Number(value.toFixed(1)) : Number(value.toPrecision(1))} s`;
}

export async function postWebhook(options: WebhookPostOptions): Promise<WebhookPostResult> {
  const started = performance.now();
  return new Promise<WebhookPostResult>((resolve) => {
    let settled = false;
    let request: ClientRequest | undefined;
    let resolver: Resolver | undefined;
    let status: number | null = null;
    let retryAfter: number | null = null;
    // One byte more than the excerpt, to see whether its last character is cut.
    const kept: Buffer[] = [];
    let keptBytes = 0;

    const settle = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request?.destroy();
      try {
        resolver?.cancel();
      } catch {
        // Nothing left to cancel.
      }
      resolve({
        status_code: status,
        duration_ms: Math.round(performance.now() - started),
        response_body: excerpt(Buffer.concat(kept)),
        error,
        retry_after_seconds: retryAfter,
      });
    };
    const timer = setTimeout(
      () =>
        settle(status === null ? `timed out after ${seconds(options.timeoutMs)}` : 'timed out reading the response'),
      options.timeoutMs,
    );

    const onResponse = (response: IncomingMessage) => {
      status = response.statusCode ?? null;
      const header = response.headers['retry-after'];
      retryAfter = parseRetryAfter(Array.isArray(header) ? header[0] : header);
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        if (keptBytes <= RESPONSE_EXCERPT_BYTES) {
          const part = chunk.subarray(0, RESPONSE_EXCERPT_BYTES + 1 - keptBytes);
          kept.push(part);
          keptBytes += part.length;
        }
        read += chunk.length;
        if (read >= RESPONSE_READ_CAP_BYTES) settle(null); // destroys the socket: no more is read
      });
      // The end of the body, or a connection lost during it: the status line is the answer either way.
      response.on('end', () => settle(null));
      response.on('error', () => settle(null));
      response.on('close', () => settle(null));
    };

    const attempt = async () => {
      let url: URL;
      try {
        url = new URL(options.url);
      } catch {
        throw new AttemptError('invalid URL');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AttemptError('unsupported URL scheme');
      // The URL parser normalises IPv4 forms (2130706433, 0x7f.1 → 127.0.0.1) and IPv6 ([::ffff:7f00:1]).
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      let addresses: string[];
      if (isIP(host) !== 0) {
        addresses = [host];
        const refused = options.allowPrivateTargets ? undefined : refusedAddressReason(host);
        if (refused) throw new AttemptError(`refused: the address is private or reserved (${refused})`);
      } else {
        addresses = await resolveAll(host, options.dnsServers, options.timeoutMs, (created) => {
          resolver = created;
        });
        resolver = undefined;
        if (settled) return; // the deadline passed while resolving
        const refused = options.allowPrivateTargets
          ? undefined
          : addresses.map(refusedAddressReason).find((reason) => reason !== undefined);
        if (refused) throw new AttemptError(`refused: the host resolves to a private or reserved address (${refused})`);
      }
      const client = url.protocol === 'https:' ? https : http;
      request = client.request(
        url,
        {
          method: 'POST',
          lookup: pinnedLookup(addresses),
          agent: false, // a fresh connection each attempt: no pooled socket to another address, no proxy
          headers: {
            ...options.headers,
            'content-type': 'application/json',
            'user-agent': USER_AGENT,
            'content-length': String(Buffer.byteLength(options.body, 'utf8')),
          },
        },
        onResponse,
      );
      request.on('error', (error) => settle(status === null ? errorMessage(error) : null));
      request.end(options.body, 'utf8');
    };

    attempt().catch((error: unknown) => settle(errorMessage(error)));
  });
}
