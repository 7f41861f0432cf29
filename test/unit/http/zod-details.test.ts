import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { formatPath, issuesToDetails } from '#http/zod-details.ts';

describe('validation details', () => {
  it('formats dotted paths with array indexes', () => {
    expect(formatPath(['to', 0, 'email'])).toBe('to[0].email');
    expect(formatPath(['template_data', 'user', 'name'])).toBe('template_data.user.name');
    expect(formatPath([])).toBe('');
  });

  it('gives one entry per problem and per unknown field', () => {
    const schema = z.strictObject({
      to: z.array(z.strictObject({ email: z.string().email() })),
      subject: z.string(),
    });
    const result = schema.safeParse({ to: [{ email: 'x' }, { email: 'a@b.co', nick: 1 }], extra: true, other: 2 });
    expect(result.success).toBe(false);
    const details = result.success ? [] : issuesToDetails(result.error.issues, 'body');
    expect(details.map((d) => d.field).sort()).toEqual(['extra', 'other', 'subject', 'to[0].email', 'to[1].nick']);
    expect(details.find((d) => d.field === 'subject')?.message).toBe('Required');
    expect(details.find((d) => d.field === 'extra')?.message).toBe('Unknown field');
  });

  it('names the root when the whole input is wrong', () => {
    const result = z.strictObject({ a: z.string() }).safeParse([]);
    expect(result.success ? [] : issuesToDetails(result.error.issues, 'body')).toEqual([
      { field: 'body', message: expect.any(String) },
    ]);
  });
});
