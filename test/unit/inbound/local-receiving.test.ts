/** The local SMTP server's reading of X-Postbox-Test-Verdicts: the header section only, folded lines joined. */
import { describe, expect, it } from 'vitest';
import { testVerdictsHeader } from '../../../infra/local/local-receiving.ts';

describe('testVerdictsHeader', () => {
  it('reads the header in any case, unfolded', () => {
    const raw = Buffer.from(
      'From: a@x.test\r\nx-postbox-test-VERDICTS: spam=fail,\r\n virus=fail\r\nSubject: s\r\n\r\nbody',
    );
    expect(testVerdictsHeader(raw)).toBe('spam=fail, virus=fail');
  });

  it('ignores the same text in the body, and a message without it', () => {
    expect(testVerdictsHeader(Buffer.from('From: a@x.test\n\nX-Postbox-Test-Verdicts: virus=fail\n'))).toBeUndefined();
    expect(testVerdictsHeader(Buffer.from('From: a@x.test\r\n\r\nhello'))).toBeUndefined();
  });
});
