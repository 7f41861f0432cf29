/** SES's Received notification read (and written, by the local stack) the same way (inbound/receipt.ts). */
import { describe, expect, it } from 'vitest';
import { LOCAL_VERDICTS, localVerdicts, parseReceipt, receivedNotificationFor } from '#inbound/receipt.ts';

/** Shaped like SES's own example of a Received notification, with an S3 action. */
const sesNotification = {
  notificationType: 'Received',
  receipt: {
    timestamp: '2026-11-28T10:00:00.000Z',
    processingTimeMillis: 222,
    recipients: ['help@reply.acme.test', 'hidden@reply.acme.test'],
    spamVerdict: { status: 'PASS' },
    virusVerdict: { status: 'FAIL' },
    spfVerdict: { status: 'GRAY' },
    dkimVerdict: { status: 'PROCESSING_FAILED' },
    dmarcVerdict: { status: 'something new' },
    action: { type: 'S3', topicArn: 'arn:aws:sns:us-east-1:1:t', bucketName: 'b', objectKey: 'inbound/raw/abc123' },
  },
  mail: { timestamp: '2026-11-28T10:00:00.000Z', messageId: 'abc123', source: 'x@y.test', destination: [] },
};

describe('parseReceipt', () => {
  it('reads the object, the envelope recipients and the verdicts (an unknown status is processing_failed)', () => {
    expect(parseReceipt(JSON.stringify(sesNotification))).toEqual({
      sesMessageId: 'abc123',
      receivedAt: '2026-11-28T10:00:00.000Z',
      source: 'x@y.test',
      objectKey: 'inbound/raw/abc123',
      recipients: ['help@reply.acme.test', 'hidden@reply.acme.test'],
      verdicts: { spam: 'pass', virus: 'fail', spf: 'gray', dkim: 'processing_failed', dmarc: 'processing_failed' },
    });
  });

  it('refuses what is not JSON, not a Received notification, or not an S3 action', () => {
    expect(parseReceipt('{')).toEqual({ error: 'not JSON' });
    expect(parseReceipt(JSON.stringify({ ...sesNotification, notificationType: 'Bounce' }))).toHaveProperty('error');
    const sns = { ...sesNotification, receipt: { ...sesNotification.receipt, action: { type: 'SNS' } } };
    expect(parseReceipt(JSON.stringify(sns))).toHaveProperty('error');
    const undated = { ...sesNotification, mail: { ...sesNotification.mail, timestamp: 'yesterday' } };
    expect(parseReceipt(JSON.stringify(undated))).toHaveProperty('error');
  });

  it('reads back what the local stack writes, with its verdicts and the test header’s', () => {
    const verdicts = localVerdicts('Spam=FAIL, virus=fail, spf=pass, dkim=nonsense');
    expect(verdicts).toEqual({ ...LOCAL_VERDICTS, spam: 'fail', virus: 'fail' });
    expect(localVerdicts(undefined)).toEqual({ spam: 'pass', virus: 'pass', spf: 'gray', dkim: 'gray', dmarc: 'gray' });
    const written = receivedNotificationFor({
      sesMessageId: 'local-1',
      receivedAt: '2026-11-28T10:00:00.000Z',
      source: 'sender@example.org',
      bucketName: 'postbox-local',
      objectKey: 'inbound/raw/local-1',
      recipients: ['a@reply.acme.test'],
      verdicts,
    });
    expect(parseReceipt(written)).toEqual({
      sesMessageId: 'local-1',
      receivedAt: '2026-11-28T10:00:00.000Z',
      source: 'sender@example.org',
      objectKey: 'inbound/raw/local-1',
      recipients: ['a@reply.acme.test'],
      verdicts,
    });
  });
});
