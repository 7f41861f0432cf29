/**
 * Receiving webhooks: verifies a delivery's Standard Webhooks signature with Web Crypto only, so it
 * runs wherever the SDK does. See sdk/README.md, "Receiving webhooks" under "Resources".
 */
import type { WebhookEvent } from './types.js';

/** What an endpoint receives: `{type, timestamp, data}`, typed per `type` (the document's `webhooks` section). */
export type { WebhookEvent, WebhookEventOf } from './types.js';

/** A delivery that does not verify: bad or missing headers, a stale timestamp, no matching signature. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

function base64ToBytes(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
const bytesToBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));

/** Equal in time that does not depend on where they differ. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * Verifies a delivery as the Standard Webhooks specification says (the raw body, not a re-serialised
 * one): `webhook-signature` holds `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` for at least
 * one of its space-separated entries, with the endpoint's secret (`whsec_…`); `webhook-timestamp` is
 * within `toleranceSeconds` (default 300) of now. Answers the parsed event; de-duplicate on
 * `headers['webhook-id']` (a retry carries the same). Uses Web Crypto only (Node 20+, browsers, workers).
 */
export async function verifyWebhook(
  body: string,
  headers: Record<string, string | string[] | undefined> | Headers,
  secret: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): Promise<WebhookEvent> {
  const header = (name: string): string | undefined => {
    if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
    const value = (headers as Record<string, string | string[] | undefined>)[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = header('webhook-id');
  const timestamp = header('webhook-timestamp');
  const signatures = header('webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature');
  const seconds = Number(timestamp);
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (!Number.isInteger(seconds) || Math.abs(now - seconds) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError('The timestamp is too old or too new');
  }
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    base64ToBytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signed = await globalThis.crypto.subtle.sign(
    'HMAC',
    key,
    new TextEncoder().encode(`${id}.${timestamp}.${body}`),
  );
  const expected = bytesToBase64(new Uint8Array(signed));
  const matches = signatures
    .split(' ')
    .some((entry) => entry.startsWith('v1,') && constantTimeEqual(entry.slice(3), expected));
  if (!matches) throw new WebhookVerificationError('No signature matches');
  return JSON.parse(body) as WebhookEvent;
}
