/**
 * `postbox.inbound` against the local stack. Nothing injects mail locally yet, so a new
 * organization's inbox is empty: the list, its filters' validation, NOT_FOUND and key permissions.
 */
import { describe, expect, it } from 'vitest';
import { createKeyFor } from '../../test/support/factories.ts';
import { PostboxError } from '../src/index.ts';
import { sdk, sdkOrganization } from './support/stack.ts';

describe('postbox.inbound', () => {
  it('lists an empty inbox, page by page and in all', async () => {
    const { postbox } = await sdkOrganization();
    expect(await postbox.inbound.list()).toEqual({
      data: [],
      pagination: { page: 1, limit: 20, total_count: 0, total_pages: 0 },
    });
    const filtered = await postbox.inbound.list({
      to: 'support@example.com',
      from: 'jane@example.org',
      from_date: new Date(Date.now() - 86_400_000),
      to_date: '2099-12-31',
      limit: 5,
    });
    expect(filtered.pagination).toMatchObject({ limit: 5, total_count: 0 });
    const all = [];
    for await (const message of postbox.inbound.listAll()) all.push(message);
    expect(all).toEqual([]);
  });

  it('refuses an invalid filter with VALIDATION_ERROR', async () => {
    const { postbox } = await sdkOrganization();
    const error = await postbox.inbound.list({ from: 'not an address' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PostboxError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect((error as PostboxError).details.map((detail) => detail.field)).toContain('from');
  });

  it('answers NOT_FOUND for a message that does not exist, to get and delete', async () => {
    const { postbox } = await sdkOrganization();
    for (const call of [() => postbox.inbound.get('inb_unknown'), () => postbox.inbound.delete('inb_unknown')]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PostboxError);
      expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', requestId: expect.any(String) });
    }
  });

  it('refuses a sending key with FORBIDDEN', async () => {
    const { organization } = await sdkOrganization();
    const sending = sdk((await createKeyFor(organization.id, { permission: 'sending_access' })).key);
    await expect(sending.inbound.list()).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    await expect(sending.inbound.get('inb_unknown')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
});
