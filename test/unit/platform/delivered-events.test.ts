import { describe, expect, it } from 'vitest';
import { deliveredEntries, deliveredEntriesAdded } from '#platform/delivered-events.ts';

describe('the email item’s delivered events', () => {
  const ann = { rcpt: 'ann@example.com', at: '2030-01-01T00:00:02.000Z', code: 250 };
  const bob = { rcpt: 'bob@example.com', at: '2030-01-01T00:00:01.000Z' };

  it('lists the map’s entries oldest first, and nothing for what is not a map', () => {
    expect(deliveredEntries({ a: ann, b: bob }).map((entry) => entry.id)).toEqual(['b', 'a']);
    expect(deliveredEntries(undefined)).toEqual([]);
    expect(deliveredEntries('x')).toEqual([]);
  });

  it('tells the entries a change added: the new image’s less the old one’s', () => {
    expect(deliveredEntriesAdded({ delivered_events: { a: ann } }, { delivered_events: { a: ann, b: bob } })).toEqual([
      { ...bob, id: 'b' },
    ]);
    expect(deliveredEntriesAdded(undefined, { delivered_events: { a: ann } })).toEqual([{ ...ann, id: 'a' }]);
    // A later change of the email (an open's status) adds none.
    expect(deliveredEntriesAdded({ delivered_events: { a: ann } }, { delivered_events: { a: ann } })).toEqual([]);
    expect(deliveredEntriesAdded({}, {})).toEqual([]);
  });
});
