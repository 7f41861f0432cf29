/**
 * Deadlines of the due index and what the scheduler does with a due entry
 * (shared/emails/schedule/due-times.ts). The scheduler itself is tested against the local stack in
 * test/integration/scheduling.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  type DueState,
  MAX_QUEUE_DELAY_SECONDS,
  MAX_SWEEPS,
  outcomeDeadline,
  planAccept,
  planDue,
  queueDelaySeconds,
  RELEASE_LOOKAHEAD_MS,
  SES_EVENT_WINDOW_MS,
  SIMULATED_OUTCOME_WAIT_MS,
  SWEEP_AFTER_MS,
} from '#emails/schedule/due-times.ts';
import { queueDefinitions } from '#platform/queues.ts';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('SWEEP_AFTER_MS', () => {
  it('outlasts the send queue retry chain (visibility timeout × maxReceiveCount)', () => {
    const chain = queueDefinitions.send.visibilityTimeoutSeconds * queueDefinitions.send.maxReceiveCount * 1000;
    expect(chain).toBe(15 * MINUTE);
    expect(SWEEP_AFTER_MS).toBeGreaterThan(chain);
    expect(SWEEP_AFTER_MS).toBe(16 * MINUTE);
  });
});

describe('queueDelaySeconds', () => {
  it('rounds up and stays within 0..900', () => {
    expect(queueDelaySeconds(NOW + 1, NOW)).toBe(1);
    expect(queueDelaySeconds(NOW + 2_500, NOW)).toBe(3);
    expect(queueDelaySeconds(NOW - 5_000, NOW)).toBe(0);
    expect(queueDelaySeconds(NOW + 60 * MINUTE, NOW)).toBe(MAX_QUEUE_DELAY_SECONDS);
  });
});

describe('outcomeDeadline', () => {
  it("is 5 minutes after the hand-over for a simulated outcome, SES's 72-hour event window otherwise", () => {
    expect(SIMULATED_OUTCOME_WAIT_MS).toBe(5 * MINUTE);
    expect(SES_EVENT_WINDOW_MS).toBe(72 * 60 * MINUTE);
    expect(outcomeDeadline(NOW, true)).toBe(iso(NOW + 5 * MINUTE));
    expect(outcomeDeadline(NOW, false)).toBe(iso(NOW + 72 * 60 * MINUTE));
  });
});

describe('planAccept', () => {
  it('queues an immediate email now, with a sweep deadline 16 minutes on', () => {
    expect(planAccept(undefined, NOW)).toEqual({ enqueue: true, delaySeconds: 0, deadline: iso(NOW + SWEEP_AFTER_MS) });
    expect(planAccept(null, NOW)).toEqual({ enqueue: true, delaySeconds: 0, deadline: iso(NOW + SWEEP_AFTER_MS) });
  });

  it('queues an email up to 15 minutes ahead with DelaySeconds; deadline = due + 16 minutes', () => {
    const due = NOW + 15 * MINUTE;
    expect(planAccept(iso(due), NOW)).toEqual({
      enqueue: true,
      delaySeconds: 900,
      deadline: iso(due + SWEEP_AFTER_MS),
    });
    expect(planAccept(iso(NOW + 2_000), NOW)).toEqual({
      enqueue: true,
      delaySeconds: 2,
      deadline: iso(NOW + 2_000 + SWEEP_AFTER_MS),
    });
  });

  it('leaves an email more than 15 minutes ahead to the scheduler, released 5 minutes before its time', () => {
    const due = NOW + 15 * MINUTE + 1_000;
    expect(planAccept(iso(due), NOW)).toEqual({
      enqueue: false,
      delaySeconds: 0,
      deadline: iso(due - RELEASE_LOOKAHEAD_MS),
    });
    const month = NOW + 30 * 24 * 60 * MINUTE;
    expect(planAccept(iso(month), NOW)).toEqual({ enqueue: false, delaySeconds: 0, deadline: iso(month - 5 * MINUTE) });
  });

  it('treats a time that passed during the request as now', () => {
    expect(planAccept(iso(NOW - 1_000), NOW)).toEqual({
      enqueue: true,
      delaySeconds: 0,
      deadline: iso(NOW + SWEEP_AFTER_MS),
    });
  });
});

describe('planDue', () => {
  const created = iso(NOW - 60 * MINUTE);
  const entry = (fields: Partial<DueState>): DueState => ({
    status: 'queued',
    scheduled_at: null,
    created_at: created,
    deadline: iso(Date.parse(created) + SWEEP_AFTER_MS),
    ...fields,
  });

  it('drops the entry of an email already final, handed over or not', () => {
    for (const status of ['failed', 'delivered', 'bounced', 'opened']) {
      expect(planDue(entry({ status }), NOW)).toEqual({ kind: 'drop' });
      expect(planDue(entry({ status, ses_message_id: 'ses-1', sweeps: MAX_SWEEPS }), NOW)).toEqual({ kind: 'drop' });
    }
  });

  it('finishes an email handed over and still queued past its outcome deadline, then gives up after MAX_SWEEPS finishes', () => {
    const handedOver = (sweeps?: number) =>
      entry({ ses_message_id: 'ses-1', deadline: outcomeDeadline(NOW - 10 * MINUTE, true), sweeps });
    for (const sweeps of [undefined, 0, 1, MAX_SWEEPS - 1]) {
      expect(planDue(handedOver(sweeps), NOW)).toEqual({
        kind: 'finish',
        nextDeadline: iso(NOW + SIMULATED_OUTCOME_WAIT_MS),
      });
    }
    expect(planDue(handedOver(MAX_SWEEPS), NOW)).toEqual({ kind: 'give_up' });
  });

  it('moves a handed-over email due before its outcome deadline to that deadline (the hand-over left the entry)', () => {
    const sentAt = NOW - 10 * MINUTE;
    // Outcomes from SES: 72 hours from the hand-over, whatever the entry's own deadline was.
    const live = outcomeDeadline(sentAt, false);
    expect(live).toBe(iso(sentAt + SES_EVENT_WINDOW_MS));
    for (const sweeps of [undefined, 0, MAX_SWEEPS]) {
      expect(planDue(entry({ ses_message_id: 'ses-1', outcome_deadline: live, sweeps }), NOW)).toEqual({
        kind: 'await',
        nextDeadline: live,
      });
    }
    // Simulated outcomes: 5 minutes from the hand-over, passed here, so it is finished at once.
    const simulated = outcomeDeadline(sentAt, true);
    expect(planDue(entry({ ses_message_id: 'ses-1', outcome_deadline: simulated }), NOW)).toEqual({
      kind: 'finish',
      nextDeadline: iso(NOW + SIMULATED_OUTCOME_WAIT_MS),
    });
    // At its outcome deadline exactly, it is finished, not moved to where it already is.
    expect(planDue(entry({ ses_message_id: 'ses-1', outcome_deadline: iso(NOW) }), NOW).kind).toBe('finish');
  });

  it('releases a scheduled email (deadline before its time) with the rest of the wait as DelaySeconds', () => {
    const due = NOW + 4 * MINUTE;
    const scheduled = entry({ scheduled_at: iso(due), deadline: iso(due - RELEASE_LOOKAHEAD_MS) });
    expect(planDue(scheduled, NOW)).toEqual({
      kind: 'release',
      delaySeconds: 240,
      nextDeadline: iso(due + SWEEP_AFTER_MS),
    });
  });

  it('releases a scheduled email whose time has passed (the scheduler was late) at once', () => {
    const due = NOW - 10 * MINUTE;
    const late = entry({ scheduled_at: iso(due), deadline: iso(due - RELEASE_LOOKAHEAD_MS) });
    expect(planDue(late, NOW)).toEqual({ kind: 'release', delaySeconds: 0, nextDeadline: iso(NOW + SWEEP_AFTER_MS) });
  });

  it('sweeps an email still queued past its sweep deadline, then gives up after MAX_SWEEPS sweeps', () => {
    expect(MAX_SWEEPS).toBe(3);
    for (let sweeps = 0; sweeps < MAX_SWEEPS; sweeps += 1) {
      expect(planDue(entry({ sweeps }), NOW)).toEqual({
        kind: 'sweep',
        delaySeconds: 0,
        nextDeadline: iso(NOW + SWEEP_AFTER_MS),
      });
    }
    expect(planDue(entry({ sweeps: MAX_SWEEPS }), NOW)).toEqual({ kind: 'give_up' });
    // A released scheduled email is swept like any other once its sweep deadline passes.
    const due = NOW - 20 * MINUTE;
    expect(planDue(entry({ scheduled_at: iso(due), deadline: iso(due + SWEEP_AFTER_MS) }), NOW).kind).toBe('sweep');
  });
});
