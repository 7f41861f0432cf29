/**
 * The pure parts of webhook delivery: which table changes are which events, the retry schedule,
 * delivery ids, signing (verified with the standardwebhooks package), the SSRF address rules and the
 * local stream poller's filter patterns (the ones the CDK stack gives Lambda).
 */

import type { DynamoDBRecord } from 'aws-lambda';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { refusedAddressReason } from '#adapters/webhook-address-rules.ts';
import { streamHandlers } from '#app/routes.ts';
import { keys } from '#dynamo/keys.ts';
import { newWebhookSecret } from '#webhooks/webhook.ts';
import { deliveryId, isDeliveryId, nextRetryDelaySeconds } from '#webhooks/webhook-delivery.ts';
import { emailEventPayload, webhookEventsOfChange } from '#webhooks/webhook-event.store.ts';
import { signedHeaders } from '#webhooks/webhook-signature.ts';
import { matchesFilterPattern } from '../../../infra/local/stream/filter-patterns.ts';

const ORG = 'org_abc';
const EMAIL = '01a211a1-0d35-7fe8-a284-1bb136ac692d';

describe('webhookEventsOfChange', () => {
  const eventItem = (type: string) => ({
    ...keys.emailEvent(ORG, EMAIL, '2026-11-25T10:00:00.000Z', 'e1'),
    type: 'email_event',
    id: 'e1',
    event_type: type,
    recipient: 'a@example.com',
    smtp_code: 550,
    smtp_message: '5.1.1 unknown',
    created_at: '2026-11-25T10:00:00.000Z',
    detail: 'Permanent/General: 550 5.1.1',
  });

  it('makes an inserted email event its webhook event, and ignores `suppressed` and rewrites', () => {
    const [source] = webhookEventsOfChange({ eventName: 'INSERT', newImage: eventItem('bounced') });
    expect(source).toMatchObject({ kind: 'email', organization_id: ORG, email_id: EMAIL, type: 'email.bounced' });
    expect(webhookEventsOfChange({ eventName: 'INSERT', newImage: eventItem('suppressed') })).toEqual([]);
    expect(webhookEventsOfChange({ eventName: 'MODIFY', newImage: eventItem('bounced') })).toEqual([]);
  });

  it('makes the hand-over (an email gaining its SES message id) email.sent, once', () => {
    const email = { ...keys.email(ORG, EMAIL), type: 'email', status: 'queued' };
    const handedOver = { ...email, ses_message_id: 'ses-1', sent_at: '2026-11-25T10:00:00.000Z' };
    const sent = webhookEventsOfChange({ eventName: 'MODIFY', oldImage: email, newImage: handedOver });
    expect(sent.map((s) => (s.kind === 'email' ? s.type : ''))).toEqual(['email.sent']);
    // A later change of the same email (its status) is not another email.sent.
    expect(
      webhookEventsOfChange({
        eventName: 'MODIFY',
        oldImage: handedOver,
        newImage: { ...handedOver, status: 'delivered' },
      }),
    ).toEqual([]);
  });

  it('makes suppressions and a domain verification their events, with stable ids', () => {
    const suppression = {
      ...keys.suppression(ORG, 'a@example.com'),
      type: 'suppression',
      id: 'sup_1',
      email: 'a@example.com',
      reason: 'hard_bounce',
      source: 'automatic',
      created_at: '2026-11-25T10:00:00.000Z',
    };
    const created = webhookEventsOfChange({ eventName: 'INSERT', newImage: suppression });
    const again = webhookEventsOfChange({ eventName: 'INSERT', newImage: suppression });
    expect(created[0]).toMatchObject({ kind: 'complete', payload: { type: 'suppression.created' } });
    expect(
      created[0]?.kind === 'complete' && again[0]?.kind === 'complete' && created[0].event_id === again[0].event_id,
    ).toBe(true);
    expect(webhookEventsOfChange({ eventName: 'REMOVE', oldImage: suppression })[0]).toMatchObject({
      payload: { type: 'suppression.deleted', data: { email: 'a@example.com' } },
    });
    const domain = { type: 'domain', id: 'dom_1', organization_id: ORG, domain: 'acme.test', is_verified: false };
    const verified = { ...domain, is_verified: true, verified_at: '2026-11-25T10:00:00.000Z' };
    expect(webhookEventsOfChange({ eventName: 'MODIFY', oldImage: domain, newImage: verified })[0]).toMatchObject({
      payload: { type: 'domain.verified', data: { name: 'acme.test' } },
    });
    expect(webhookEventsOfChange({ eventName: 'MODIFY', oldImage: verified, newImage: verified })).toEqual([]);
  });

  it('builds an email event payload with Postbox ids only and the bounce type', () => {
    const [source] = webhookEventsOfChange({ eventName: 'INSERT', newImage: eventItem('bounced') });
    if (source?.kind !== 'email') throw new Error('expected an email event');
    const payload = emailEventPayload(source, {
      id: EMAIL,
      environment: 'live',
      from: { email: 'hi@acme.test' },
      to: [{ email: 'a@example.com', name: 'A' }],
      subject: 'Hi',
      tags: {},
    });
    expect(payload).toEqual({
      type: 'email.bounced',
      timestamp: '2026-11-25T10:00:00.000Z',
      data: {
        event_id: 'e1',
        email_id: EMAIL,
        message_id: EMAIL,
        environment: 'live',
        from: 'hi@acme.test',
        to: ['a@example.com'],
        subject: 'Hi',
        tags: {},
        recipient: 'a@example.com',
        smtp_code: 550,
        smtp_message: '5.1.1 unknown',
        bounce_type: 'hard',
      },
    });
  });
});

describe('the retry schedule', () => {
  const schedule = [5, 300, 1800, 7200, 18000, 36000, 36000];
  it('waits per the schedule after each attempt and ends after the 8th', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => nextRetryDelaySeconds(n, schedule, null))).toEqual(schedule);
    expect(nextRetryDelaySeconds(8, schedule, null)).toBeUndefined();
  });
  it('honours a longer Retry-After, at most 24 h, never a shorter one', () => {
    expect(nextRetryDelaySeconds(1, schedule, 60)).toBe(60);
    expect(nextRetryDelaySeconds(2, schedule, 60)).toBe(300);
    expect(nextRetryDelaySeconds(1, schedule, 10 * 86_400)).toBe(86_400);
  });
});

describe('delivery ids', () => {
  it('are the same for the same event and endpoint, sort by event time, and look like msg_…', () => {
    const a = deliveryId('event-1', 'wh_1', '2026-11-25T10:00:00.000Z');
    expect(deliveryId('event-1', 'wh_1', '2026-11-25T10:00:00.000Z')).toBe(a);
    expect(deliveryId('event-1', 'wh_2', '2026-11-25T10:00:00.000Z')).not.toBe(a);
    expect(deliveryId('event-0', 'wh_1', '2026-11-25T10:00:00.001Z') > a).toBe(true);
    expect(isDeliveryId(a)).toBe(true);
    expect(isDeliveryId('msg_nope')).toBe(false);
  });
});

describe('signing', () => {
  it('signs so that the standardwebhooks package verifies with either secret of a rotation', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({ type: 'webhook.test', timestamp: '2026-11-25T10:00:00.000Z', data: {} });
    const headers = signedHeaders('msg_1', [current, previous], body, new Date());
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(current).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(previous).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
    expect(() => new Webhook(current).verify(`${body} `, { ...headers })).toThrow();
  });
});

describe('refusedAddressReason', () => {
  it.each([
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['169.254.169.254', 'metadata'],
    ['169.254.10.10', 'link-local'],
    ['100.64.0.7', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fd12::1', 'unique local'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a00:1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
  ])('refuses %s (%s)', (address, category) => {
    expect(refusedAddressReason(address)).toBe(category);
  });
  it.each(['8.8.8.8', '1.1.1.1', '2606:4700::1111'])('allows %s', (address) => {
    expect(refusedAddressReason(address)).toBeUndefined();
  });
});

describe('the fan-out’s stream filters (Lambda filter patterns, matched locally)', () => {
  const patterns = streamHandlers.find((handler) => handler.name === 'webhook-fanout')?.filterPatterns ?? [];
  const record = (
    eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
    images: { NewImage?: object; OldImage?: object; SK?: string },
  ) =>
    ({
      eventName,
      dynamodb: { Keys: { SK: { S: images.SK ?? 'X' } }, NewImage: images.NewImage, OldImage: images.OldImage },
    }) as unknown as DynamoDBRecord;
  const passes = (r: DynamoDBRecord) => patterns.some((pattern) => matchesFilterPattern(r, pattern));

  it('passes events, hand-overs, deliveries, suppressions, verifications and pauses, and nothing else', () => {
    expect(patterns.length).toBeLessThanOrEqual(5);
    expect(passes(record('INSERT', { NewImage: { type: { S: 'email_event' } } }))).toBe(true);
    expect(passes(record('INSERT', { NewImage: { type: { S: 'inbound_content' } } }))).toBe(true);
    expect(
      passes(
        record('MODIFY', {
          NewImage: { type: { S: 'email' }, ses_message_id: { S: 'x' } },
          OldImage: { type: { S: 'email' } },
        }),
      ),
    ).toBe(true);
    expect(
      passes(
        record('MODIFY', {
          NewImage: { type: { S: 'email' }, ses_message_id: { S: 'x' } },
          OldImage: { type: { S: 'email' }, ses_message_id: { S: 'x' } },
        }),
      ),
    ).toBe(true); // a later change of a handed-over email: a `delivered` event kept on it, perhaps
    // An email not handed over yet (its claim, a failure): nothing for webhooks.
    expect(
      passes(record('MODIFY', { NewImage: { type: { S: 'email' }, status: { S: 'failed' } }, OldImage: {} })),
    ).toBe(false);
    expect(passes(record('MODIFY', { NewImage: { type: { S: 'organization' } }, OldImage: {} }))).toBe(true);
    expect(
      passes(
        record('REMOVE', { SK: keys.suppression(ORG, 'a@example.com').SK, OldImage: { type: { S: 'suppression' } } }),
      ),
    ).toBe(true);
    expect(
      passes(
        record('MODIFY', {
          NewImage: { type: { S: 'domain' }, is_verified: { BOOL: true } },
          OldImage: { is_verified: { BOOL: false } },
        }),
      ),
    ).toBe(true);
    expect(passes(record('INSERT', { NewImage: { type: { S: 'email' } } }))).toBe(false);
    expect(passes(record('INSERT', { NewImage: { type: { S: 'webhook_delivery' } } }))).toBe(false);
  });
});
