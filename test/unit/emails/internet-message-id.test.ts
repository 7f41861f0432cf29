/** The Message-ID an email went out with, from SES's message id (emails/internet-message-id.ts). */
import { describe, expect, it } from 'vitest';
import { internetMessageId, sesMessageIdDomain } from '#emails/internet-message-id.ts';

describe('internetMessageId', () => {
  it('is SES’s form: email.amazonses.com in us-east-1, <region>.amazonses.com elsewhere; null before the hand-over', () => {
    expect(sesMessageIdDomain('us-east-1')).toBe('email.amazonses.com');
    expect(internetMessageId('0100019ab2c4-x-000000', 'us-east-1')).toBe('<0100019ab2c4-x-000000@email.amazonses.com>');
    expect(internetMessageId('0200019ab2c4-y-000000', 'eu-west-1')).toBe(
      '<0200019ab2c4-y-000000@eu-west-1.amazonses.com>',
    );
    expect(internetMessageId(undefined, 'eu-west-1')).toBeNull();
  });
});
