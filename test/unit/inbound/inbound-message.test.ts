/** The received message's model: its ids (deterministic, time-ordered), its views and `email.received`'s data. */
import { describe, expect, it } from 'vitest';
import {
  filesWithheld,
  type InboundRecord,
  inboundDetail,
  inboundIdBound,
  inboundIdFor,
  inboundSummary,
  isInboundId,
  receivedEventData,
  WEBHOOK_BODY_BYTES,
} from '#inbound/inbound-message.ts';
import { LOCAL_VERDICTS } from '#inbound/receipt.ts';

function record(fields: Partial<InboundRecord> = {}): InboundRecord {
  return {
    id: 'inb_1',
    organization_id: 'org_1',
    ses_message_id: 'ses-1',
    received_at: '2026-11-28T10:00:00.000Z',
    from: { email: 'a@x.test', name: 'A' },
    to: [{ email: 'in@reply.acme.test', name: null }],
    cc: [],
    reply_to: [],
    subject: 'Hi',
    recipients: ['in@reply.acme.test'],
    internet_message_id: '<m@x.test>',
    in_reply_to: null,
    references: [],
    in_reply_to_email_id: null,
    verdicts: LOCAL_VERDICTS,
    size: 100,
    attachments: [
      {
        id: 'inatt_1',
        filename: 'a.pdf',
        content_type: 'application/pdf',
        size: 3,
        content_id: null,
        disposition: 'attachment',
        sha256: 'ab',
      },
    ],
    parse_error: null,
    expires_at: 1,
    ...fields,
  };
}

describe('inbound ids', () => {
  it('are the same for the same SES message and organization, and differ for another organization', () => {
    const at = '2026-11-28T10:00:00.000Z';
    expect(inboundIdFor('ses-1', 'org_a', at)).toBe(inboundIdFor('ses-1', 'org_a', at));
    expect(inboundIdFor('ses-1', 'org_a', at)).not.toBe(inboundIdFor('ses-1', 'org_b', at));
    expect(inboundIdFor('ses-2', 'org_a', at)).not.toBe(inboundIdFor('ses-1', 'org_a', at));
    expect(isInboundId(inboundIdFor('ses-1', 'org_a', at))).toBe(true);
    expect(isInboundId('inb_../x')).toBe(false);
  });

  it('sort by receipt time, and fall between the bounds of their instant', () => {
    const times = [
      '2026-01-01T00:00:00.000Z',
      '2026-01-01T00:00:00.001Z',
      '2026-11-28T10:00:00.000Z',
      '2099-12-31T23:59:59.999Z',
    ];
    const ids = times.map((time, index) => inboundIdFor(`ses-${index}`, 'org_a', time));
    expect([...ids].sort()).toEqual(ids);
    for (const [index, time] of times.entries()) {
      const ms = Date.parse(time);
      expect(inboundIdBound(ms, false) <= (ids[index] as string)).toBe(true);
      expect((ids[index] as string) <= inboundIdBound(ms, true)).toBe(true);
      expect(inboundIdBound(ms - 1, true) < (ids[index] as string)).toBe(true);
      expect(inboundIdBound(ms + 1, false) > (ids[index] as string)).toBe(true);
    }
  });
});

describe('the views', () => {
  it('lists without bodies, headers or URLs', () => {
    const summary = inboundSummary(record());
    expect(summary).not.toHaveProperty('text');
    expect(summary).not.toHaveProperty('headers');
    expect(summary).not.toHaveProperty('ses_message_id');
    expect(summary).not.toHaveProperty('organization_id');
    expect(summary.attachments[0]).not.toHaveProperty('download_url');
  });

  it('gives URLs where they were made, null where withheld', () => {
    const content = { text: 't', html: '<p>h</p>', headers: [{ name: 'subject', value: 'Hi' }] };
    const urls = {
      raw: { url: 'https://raw', expires_at: 'later' },
      attachments: new Map([['inatt_1', { url: 'https://a', expires_at: 'later' }]]),
    };
    const shown = inboundDetail(record(), content, urls);
    expect(shown).toMatchObject({ text: 't', raw_url: 'https://raw', raw_expires_at: 'later' });
    expect(shown.attachments[0]).toMatchObject({ download_url: 'https://a', expires_at: 'later' });
    const withheld = inboundDetail(record(), content, { raw: null, attachments: new Map() });
    expect(withheld).toMatchObject({ raw_url: null, raw_expires_at: null });
    expect(withheld.attachments[0]).toMatchObject({ download_url: null, expires_at: null });
    expect(filesWithheld(record({ verdicts: { ...LOCAL_VERDICTS, virus: 'fail' } }))).toBe(true);
    expect(filesWithheld(record({ verdicts: { ...LOCAL_VERDICTS, spam: 'fail' } }))).toBe(false);
  });
});

describe('email.received data', () => {
  it('carries each body up to 64 KB (in UTF-8 bytes) and says when one was left out', () => {
    const fits = 'a'.repeat(WEBHOOK_BODY_BYTES);
    const tooBig = 'é'.repeat(WEBHOOK_BODY_BYTES / 2 + 1);
    expect(receivedEventData('e', record(), { text: fits, html: '<p/>', headers: [] })).toMatchObject({
      text: fits,
      html: '<p/>',
      truncated: false,
    });
    expect(receivedEventData('e', record(), { text: 'ok', html: tooBig, headers: [] })).toMatchObject({
      text: 'ok',
      html: null,
      truncated: true,
    });
    expect(receivedEventData('e', record(), { text: null, html: null, headers: [] })).toMatchObject({
      truncated: false,
    });
    expect(receivedEventData('e', record(), { text: null, html: null, headers: [] })).not.toHaveProperty('headers');
  });
});

describe('response sizes', () => {
  it('keeps a page of 100 of the largest list items, and the largest detail, under Lambda’s 6 MB', () => {
    const address = (n: number) => ({ email: `${'a'.repeat(60)}${n}@${'d'.repeat(180)}.test`, name: 'N'.repeat(100) });
    const largest = record({
      to: Array.from({ length: 50 }, (_, n) => address(n)),
      cc: Array.from({ length: 50 }, (_, n) => address(n)),
      reply_to: Array.from({ length: 50 }, (_, n) => address(n)),
      subject: 's'.repeat(998),
      recipients: Array.from({ length: 50 }, (_, n) => address(n).email),
      references: Array.from({ length: 50 }, () => 'r'.repeat(998)),
      attachments: Array.from({ length: 50 }, (_, n) => ({
        id: `inatt_${'x'.repeat(36)}_${n}`,
        filename: 'f'.repeat(200),
        content_type: 't'.repeat(100),
        size: 1,
        content_id: 'c'.repeat(100),
        disposition: 'attachment' as const,
        sha256: 'a'.repeat(64),
      })),
    });
    const item = JSON.stringify(inboundSummary(largest));
    expect(item.length * 100).toBeLessThan(4 * 1024 * 1024);
    // The record itself fits a DynamoDB item (400 KB) with room to spare.
    expect(JSON.stringify(largest).length).toBeLessThan(300 * 1024);
    const huge = 'h'.repeat(20 * 1024 * 1024);
    const detail = inboundDetail(
      largest,
      { text: huge, html: huge, headers: [{ name: 'x', value: 'v'.repeat(16_000) }] },
      {
        raw: null,
        attachments: new Map(),
      },
    );
    expect(detail).toMatchObject({ text: null, html: null, truncated: true });
    expect(JSON.stringify(detail).length).toBeLessThan(1024 * 1024);
    const fits = inboundDetail(largest, { text: 't', html: 'h', headers: [] }, { raw: null, attachments: new Map() });
    expect(fits).toMatchObject({ text: 't', html: 'h', truncated: false });
  });
});
