/**
 * Scenario 1: accept latency of POST /emails/send with one 1 MB attachment (inline base64) against the
 * same send without, interleaved in one run, through HTTP, with no consumer running (in AWS it runs on
 * other machines; here it would share this machine's cores).
 */
import { randomBytes } from 'node:crypto';
import type { LocalCloud } from '../../infra/local/cloud.ts';
import { benchOrganization } from '../support/local-cloud.ts';
import { type LatencySummary, summarize } from '../support/stats.ts';
import { api, distinctBytes, ONE_MB } from './helpers.ts';

export interface AcceptResult {
  plain: LatencySummary;
  attached: LatencySummary;
  plainBodyBytes: number;
  attachedBodyBytes: number;
}

export async function acceptLatency(cloud: LocalCloud, sends: number): Promise<AcceptResult> {
  const { secret } = await benchOrganization('attachments accept', 'accept.test');
  const base = randomBytes(ONE_MB);
  const body = (i: number, attached: boolean) =>
    JSON.stringify({
      from: { email: 'invoices@accept.test', name: 'Acme' },
      to: [{ email: `customer${i}@example.com` }],
      subject: `Your invoice ${i}`,
      html: `<p>Your invoice ${i} is attached.</p>`,
      text: `Your invoice ${i} is attached.`,
      ...(attached
        ? {
            attachments: [
              { filename: `invoice-${i}.pdf`, content: distinctBytes(base, `accept ${i}`).toString('base64') },
            ],
          }
        : {}),
    });
  const timed = async (payload: string) => {
    const at = performance.now();
    await api(cloud.apiUrl, secret, '/api/v1/emails/send', payload);
    return performance.now() - at;
  };
  for (let i = 0; i < 10; i += 1) {
    await timed(body(100_000 + i, false));
    await timed(body(100_000 + i, true));
  }
  const plain: number[] = [];
  const attached: number[] = [];
  for (let i = 0; i < sends; i += 1) {
    // Bodies built before the clock starts; the order alternates so neither always goes first.
    const plainBody = body(i, false);
    const attachedBody = body(i, true);
    if (i % 2 === 0) {
      plain.push(await timed(plainBody));
      attached.push(await timed(attachedBody));
    } else {
      attached.push(await timed(attachedBody));
      plain.push(await timed(plainBody));
    }
  }
  return {
    plain: summarize(plain),
    attached: summarize(attached),
    plainBodyBytes: Buffer.byteLength(body(0, false)),
    attachedBodyBytes: Buffer.byteLength(body(0, true)),
  };
}
