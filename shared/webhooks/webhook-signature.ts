/**
 * Standard Webhooks signing with the specification's reference package (`standardwebhooks`):
 * `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one per secret that signs now (two during a
 * rotation's overlap, space-separated), so a receiver holding either secret verifies.
 */
import { Webhook } from 'standardwebhooks';

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signedHeaders(messageId: string, secrets: readonly string[], body: string, now: Date): SignedHeaders {
  if (secrets.length === 0) throw new Error('An endpoint without a signing secret');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, now, body)).join(' '),
  };
}
