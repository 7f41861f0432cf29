import { describe, expect, it } from 'vitest';
import { listSubject } from '#emails/email-view.ts';

describe('listSubject', () => {
  it('keeps every subject of up to 998 characters, emoji counted as one', () => {
    for (const subject of ['', 'Hello', 'x'.repeat(998), '😀'.repeat(998), `${'x'.repeat(997)}😀`]) {
      expect(listSubject(subject)).toBe(subject);
    }
  });

  it('cuts a longer one at 998 characters, never inside a surrogate pair, with a marker', () => {
    expect(listSubject('x'.repeat(999))).toBe(`${'x'.repeat(998)}…`);
    expect(listSubject('😀'.repeat(999))).toBe(`${'😀'.repeat(998)}…`);
    expect(listSubject(`${'x'.repeat(997)}😀😀`)).toBe(`${'x'.repeat(997)}😀…`);
    expect(listSubject('é'.repeat(400_000))).toHaveLength(999);
  });
});
