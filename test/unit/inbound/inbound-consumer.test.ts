/**
 * The inbound queue consumer's own rules (the store is replaced: what it decides is which records come
 * back): an unreadable message goes to the dead-letter queue, never dropped; SES's setup notice is
 * skipped; with too little time left the remaining records are reported, not timed out.
 */
import type { Context, SQSRecord } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const receiveMessage = vi.fn(async () => ({ stored: 1, existing: 0, unclaimed: false }));
vi.mock('#inbound/receive.service.ts', () => ({ receiveMessage }));
const { handler } = await import('../../../functions/consumers/inbound-messages.ts');
const { receivedNotificationFor, LOCAL_VERDICTS } = await import('#inbound/receipt.ts');

const notification = (id: string) =>
  receivedNotificationFor({
    sesMessageId: id,
    receivedAt: '2026-11-28T10:00:00.000Z',
    source: 'a@x.test',
    bucketName: 'b',
    objectKey: `inbound/raw/${id}`,
    recipients: ['in@reply.acme.test'],
    verdicts: LOCAL_VERDICTS,
  });
const record = (messageId: string, body: string) => ({ messageId, body }) as SQSRecord;
/** The time left: 30 s, less what each stored message took (`spentPerMessage`). */
let remaining = 30_000;
const context = () => ({ getRemainingTimeInMillis: () => remaining }) as unknown as Context;

beforeEach(() => {
  receiveMessage.mockClear();
  remaining = 30_000;
});

describe('the inbound consumer', () => {
  it('reports an unreadable message as failed (the DLQ and its alarm) and goes on with the rest', async () => {
    const result = await handler(
      { Records: [record('bad', '{"notificationType":"Bounce"}'), record('good', notification('s1'))] },
      context(),
    );
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'bad' }] });
    expect(receiveMessage).toHaveBeenCalledTimes(1);
  });

  it('skips SES’s setup notice', async () => {
    const setup = JSON.stringify({ notificationType: 'AMAZON_SES_SETUP_NOTIFICATION', receipt: {} });
    expect(await handler({ Records: [record('setup', setup)] }, context())).toEqual({ batchItemFailures: [] });
    expect(receiveMessage).not.toHaveBeenCalled();
  });

  it('hands back the records it has no time left for', async () => {
    receiveMessage.mockImplementationOnce(async () => {
      remaining = 7_000;
      return { stored: 1, existing: 0, unclaimed: false };
    });
    const result = await handler(
      { Records: [record('a', notification('a')), record('b', notification('b')), record('c', notification('c'))] },
      context(),
    );
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'b' }, { itemIdentifier: 'c' }] });
    expect(receiveMessage).toHaveBeenCalledTimes(1);
  });

  it('reports a message whose store failed', async () => {
    receiveMessage.mockRejectedValueOnce(new Error('S3 down'));
    const result = await handler({ Records: [record('a', notification('a'))] }, context());
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'a' }] });
  });
});
