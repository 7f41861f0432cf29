import { describe, expect, it, vi } from 'vitest';
import { refusedRecipients } from '#validation/validate-on-demand.service.ts';

const service = vi.hoisted(() => ({ loaded: vi.fn(), refused: vi.fn(async () => new Map([[0, { email: 'a@b.c' }]])) }));
vi.mock('#validation/auto-validation.service.ts', () => {
  service.loaded();
  return { refusedRecipients: service.refused };
});

describe('auto-validation on demand', () => {
  it('loads nothing when the threshold refuses nothing or there is no address', async () => {
    expect(await refusedRecipients('org_1', 'off', ['a@b.c'])).toEqual(new Map());
    expect(await refusedRecipients('org_1', 'high', [])).toEqual(new Map());
    expect(service.loaded).not.toHaveBeenCalled();
  });

  it('imports the validator once a threshold refuses something, and asks it', async () => {
    expect(await refusedRecipients('org_1', 'managed', ['a@b.c'])).toEqual(new Map([[0, { email: 'a@b.c' }]]));
    await refusedRecipients('org_1', 'high', ['a@b.c']);
    expect(service.loaded).toHaveBeenCalledTimes(1);
    expect(service.refused).toHaveBeenCalledWith('org_1', 'managed', ['a@b.c']);
  });
});
