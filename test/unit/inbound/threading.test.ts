/** Which SES message ids a received message names (In-Reply-To first, then References from the last). */
import { describe, expect, it } from 'vitest';
import { MAX_THREAD_LOOKUPS, sesMessageIdsNamed } from '#inbound/threading.store.ts';

describe('sesMessageIdsNamed', () => {
  it('reads SES Message-IDs of every region form, the parent first, each once', () => {
    expect(
      sesMessageIdsNamed({
        inReplyTo: '<0100abc@email.amazonses.com>',
        references: ['<root@mail.gmail.com>', '<0100old@eu-west-1.amazonses.com>', '<0100abc@email.amazonses.com>'],
      }),
    ).toEqual(['0100abc', '0100old']);
  });

  it('ignores look-alike domains and anything that is not a message id', () => {
    expect(
      sesMessageIdsNamed({
        inReplyTo: '<x@amazonses.com.evil.test>',
        references: ['<y@evil-amazonses.com>', 'z@email.amazonses.com.', '<a b@email.amazonses.com>', ''],
      }),
    ).toEqual([]);
  });

  it('looks up a bounded number of references', () => {
    const references = Array.from({ length: 40 }, (_, index) => `<id${index}@us-east-2.amazonses.com>`);
    expect(sesMessageIdsNamed({ inReplyTo: null, references })).toHaveLength(MAX_THREAD_LOOKUPS);
    expect(sesMessageIdsNamed({ inReplyTo: null, references })[0]).toBe('id39');
  });
});
