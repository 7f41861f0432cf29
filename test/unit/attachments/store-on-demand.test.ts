import { describe, expect, it, vi } from 'vitest';
import { storeAttachments } from '#attachments/store-on-demand.service.ts';

const service = vi.hoisted(() => ({ loaded: vi.fn(), store: vi.fn(async () => [{ filename: 'a.pdf' }]) }));
vi.mock('#attachments/attachments.service.ts', () => {
  service.loaded();
  return { storeAttachments: service.store };
});

describe('attachment storing on demand', () => {
  it('loads nothing for a request without attachments', async () => {
    expect(await storeAttachments('org_1', [])).toEqual([]);
    expect(service.loaded).not.toHaveBeenCalled();
  });

  it('imports the service on the first request with attachments, once, and hands it the request', async () => {
    const requested = [
      {
        filename: 'a.pdf',
        content_type: null,
        content_id: null,
        disposition: 'attachment' as const,
        source: { kind: 'content' as const, bytes: Buffer.from('x') },
      },
    ];
    expect(await storeAttachments('org_1', requested)).toEqual([{ filename: 'a.pdf' }]);
    await storeAttachments('org_1', requested);
    expect(service.loaded).toHaveBeenCalledTimes(1);
    expect(service.store).toHaveBeenCalledWith('org_1', requested);
  });
});
