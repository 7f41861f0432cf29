/**
 * The status rules (docs/api.md, "Emails") as a function of the set of events: the same for any
 * order and duplication, and moving forward only as events are added.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EmailStatus, EVENT_TYPES, type EventType } from '#emails/email.ts';
import { deriveStatus, type StatusEvent, sentRecipientCount } from '#emails/events/email-status.ts';

const RECIPIENTS = ['ann@example.com', 'bob@example.com', 'cy@example.com'];

const eventArb: fc.Arbitrary<StatusEvent> = fc.record({
  type: fc.constantFrom(...EVENT_TYPES),
  // Case differences are the same recipient; null is "no recipient".
  recipient: fc.oneof(
    fc.constantFrom(...RECIPIENTS),
    fc.constantFrom(...RECIPIENTS).map((address) => address.toUpperCase()),
    fc.constant(null),
  ),
});
const eventsArb = fc.array(eventArb, { maxLength: 12 });
const countArb = fc.integer({ min: 1, max: RECIPIENTS.length });

/** The same events in another order, some of them repeated. */
const reorderedWithDuplicates = (events: StatusEvent[]) =>
  fc
    .tuple(
      fc.array(fc.nat({ max: Math.max(0, events.length - 1) }), { maxLength: events.length === 0 ? 0 : 6 }),
      fc.array(fc.double({ noNaN: true }), { minLength: events.length + 6, maxLength: events.length + 6 }),
    )
    .map(([repeats, keys]) => {
      const all = [...events, ...repeats.map((index) => events[index] as StatusEvent)];
      return all
        .map((event, index) => ({ event, key: keys[index] ?? 0 }))
        .sort((a, b) => a.key - b.key)
        .map(({ event }) => event);
    });

const ev = (type: EventType, recipient: string | null = null): StatusEvent => ({ type, recipient });

describe('deriveStatus', () => {
  it.each<[string, number, StatusEvent[], EmailStatus]>([
    ['nothing yet', 1, [], 'queued'],
    ['sent only', 1, [ev('sent')], 'queued'],
    ['delivered', 2, [ev('sent'), ev('delivered', 'ann@example.com')], 'delivered'],
    ['one of two bounced', 2, [ev('bounced', 'ann@example.com')], 'queued'],
    ['every recipient bounced', 2, [ev('bounced', 'ann@example.com'), ev('bounced', 'BOB@example.com')], 'bounced'],
    [
      'a bounce twice is one recipient',
      2,
      [ev('bounced', 'ann@example.com'), ev('bounced', 'ann@example.com')],
      'queued',
    ],
    [
      'one bounced, one delivered',
      2,
      [ev('bounced', 'ann@example.com'), ev('delivered', 'bob@example.com')],
      'delivered',
    ],
    [
      'delivered, then bounced (async bounce)',
      1,
      [ev('delivered', 'ann@example.com'), ev('bounced', 'ann@example.com')],
      'bounced',
    ],
    [
      'delivered then bounced, the other one not known yet',
      2,
      [ev('delivered', 'ann@example.com'), ev('bounced', 'ann@example.com')],
      'delivered',
    ],
    ['opened after delivered', 1, [ev('delivered', 'ann@example.com'), ev('opened')], 'opened'],
    ['opened without a delivery event yet', 1, [ev('opened')], 'opened'],
    ['a click means opened', 1, [ev('delivered', 'ann@example.com'), ev('clicked', 'ann@example.com')], 'opened'],
    ['a complaint proves delivery', 1, [ev('complained', 'ann@example.com')], 'delivered'],
    ['rejected by SES', 1, [ev('sent'), ev('failed')], 'failed'],
    ['cancelled', 1, [ev('cancelled'), ev('failed')], 'failed'],
    [
      'failed, then a delivery for another recipient',
      2,
      [ev('failed'), ev('delivered', 'bob@example.com')],
      'delivered',
    ],
    [
      'bounced, then a delivery for another recipient',
      2,
      [ev('bounced', 'ann@example.com'), ev('bounced', 'bob@example.com'), ev('delivered', 'cy@example.com')],
      'delivered',
    ],
    ['a delay changes nothing', 1, [ev('sent'), ev('delivery_delayed', 'ann@example.com')], 'queued'],
    ['every recipient suppressed', 0, [ev('suppressed', 'ann@example.com'), ev('failed')], 'failed'],
  ])('%s', (_name, count, events, status) => {
    expect(deriveStatus(count, events)).toBe(status);
  });

  it('is the same for any order and duplication of the same events', () => {
    fc.assert(
      fc.property(
        countArb,
        eventsArb.chain((events) => fc.tuple(fc.constant(events), reorderedWithDuplicates(events))),
        (count, [events, shuffled]) => {
          expect(deriveStatus(count, shuffled)).toBe(deriveStatus(count, events));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('only moves forward as events are added', () => {
    fc.assert(
      fc.property(countArb, eventsArb, eventsArb, (count, before, added) => {
        const earlier = deriveStatus(count, before);
        const later = deriveStatus(count, [...before, ...added]);
        // Nothing leaves opened; nothing decisive ever goes back to queued.
        if (earlier === 'opened') expect(later).toBe('opened');
        if (earlier !== 'queued') expect(later).not.toBe('queued');
        // delivered only gives way to opened, or to bounced when every recipient bounced.
        if (earlier === 'delivered') expect(['delivered', 'opened', 'bounced']).toContain(later);
        // bounced and failed are left only for a delivery or an open.
        if (earlier === 'bounced') expect(['bounced', 'delivered', 'opened']).toContain(later);
        if (earlier === 'failed') expect(['failed', 'bounced', 'delivered', 'opened']).toContain(later);
      }),
      { numRuns: 2_000 },
    );
  });

  it('says bounced exactly when every recipient bounced and nobody opened it', () => {
    fc.assert(
      fc.property(countArb, eventsArb, (count, events) => {
        const bounced = new Set(
          events.filter((event) => event.type === 'bounced' && event.recipient).map((e) => e.recipient?.toLowerCase()),
        );
        const opened = events.some((event) => event.type === 'opened' || event.type === 'clicked');
        const deliveredNotBounced = events.some(
          (event) =>
            (event.type === 'delivered' || event.type === 'complained') &&
            !bounced.has((event.recipient ?? '').toLowerCase()),
        );
        const expected = !opened && !deliveredNotBounced && bounced.size >= count;
        expect(deriveStatus(count, events) === 'bounced').toBe(expected);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('sentRecipientCount', () => {
  it('counts distinct recipients the email was sent to, less those suppressed at send time', () => {
    const email = {
      to: [{ email: 'ann@example.com' }, { email: 'Bob@example.com' }],
      cc: [{ email: 'bob@example.com' }],
      bcc: [{ email: 'cy@example.com' }],
    };
    expect(sentRecipientCount(email, [ev('sent')])).toBe(3);
    expect(sentRecipientCount(email, [ev('suppressed', 'cy@example.com'), ev('suppressed', 'cy@example.com')])).toBe(2);
  });
});
