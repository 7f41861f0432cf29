import { describe, expect, it } from 'vitest';
import { setSendingLimits } from '#accounts/accounts.service.ts';
import { usagePeriods } from '#accounts/sending-limit.ts';
import { admin } from '../support/admin-cli.ts';
import { createSender, recipients } from '../support/factories.ts';
import { expectError } from '../support/http.ts';

describe('sending limit (LIMIT_EXCEEDED)', () => {
  it('counts recipients per UTC day, refuses a send that would cross the limit whole, and allows one that fits', async () => {
    const { organization, send } = await createSender();
    expect(await setSendingLimits(organization.id, { environment: 'test', daily: 3 })).toEqual({
      environment: 'test',
      daily: 3,
      monthly: null,
    });

    const first = await send({ to: recipients('a@example.com', 'b@example.com') });
    expect(first.status, first.text).toBe(201);

    const refused = expectError(
      await send({ to: recipients('c@example.com', 'd@example.com') }),
      429,
      'LIMIT_EXCEEDED',
    );
    expect(refused.details).toEqual([
      {
        field: 'daily_limit',
        message: `3 recipients per UTC day (test); 2 used; resets at ${usagePeriods(Date.now()).dayResetsAt.toISOString()}`,
      },
    ]);

    // The refused send was not counted: one more recipient still fits, exactly reaching the limit.
    const fits = await send({ to: recipients('e@example.com') });
    expect(fits.status, fits.text).toBe(201);

    // Now any send is refused; cc and bcc count too.
    const full = expectError(await send({ to: recipients('f@example.com') }), 429, 'LIMIT_EXCEEDED');
    expect(full.details?.[0]?.message).toContain('3 used');
    expectError(
      await send({
        to: recipients('g@example.com'),
        cc: [{ email: 'h@example.com' }],
        bcc: [{ email: 'i@example.com' }],
      }),
      429,
      'LIMIT_EXCEEDED',
    );

    // Raising the limit takes effect on the next send.
    await setSendingLimits(organization.id, { environment: 'test', daily: 6 });
    const raised = await send({
      to: recipients('j@example.com'),
      cc: [{ email: 'k@example.com' }],
      bcc: [{ email: 'l@example.com' }],
    });
    expect(raised.status, raised.text).toBe(201);
    expectError(await send({ to: recipients('m@example.com') }), 429, 'LIMIT_EXCEEDED');
  });

  it('checks the domain and the suppression list before the limit', async () => {
    const { organization, api, send } = await createSender();
    await setSendingLimits(organization.id, { environment: 'test', daily: 0 });
    expectError(await send({ to: recipients('a@example.com') }), 429, 'LIMIT_EXCEEDED');
    expectError(
      await send({ to: recipients('a@example.com'), from: { email: 'x@unverified.example' } }),
      400,
      'DOMAIN_NOT_VERIFIED',
    );
    await api.post('/api/v1/suppressions', { email: 'gone@example.com', reason: 'hard_bounce' });
    expectError(await send({ to: recipients('gone@example.com') }), 400, 'RECIPIENTS_SUPPRESSED');
  });

  it("never affects another organization, nor the organization's other environment", async () => {
    const limited = await createSender();
    await setSendingLimits(limited.organization.id, { environment: 'test', daily: 1 });
    expect((await limited.send({ to: recipients('a@example.com') })).status).toBe(201);
    expectError(await limited.send({ to: recipients('b@example.com') }), 429, 'LIMIT_EXCEEDED');

    const other = await createSender();
    const response = await other.send({ to: recipients('a@example.com', 'b@example.com', 'c@example.com') });
    expect(response.status, response.text).toBe(201);

    // The live limits of the limited organization are still the defaults.
    const live = await setSendingLimits(limited.organization.id, { environment: 'live', monthly: 2_000_000 });
    expect(live).toEqual({ environment: 'live', daily: 50_000, monthly: 2_000_000 });
  });

  it('is set by the operator with the admin command line', async () => {
    const { organization, send } = await createSender();
    expect(await admin('set-sending-limit', '--org', organization.id, '--env', 'test', '--daily', '1')).toEqual({
      organization: organization.id,
      environment: 'test',
      daily: 1,
      monthly: null,
    });
    expect((await send({ to: recipients('a@example.com') })).status).toBe(201);
    const refused = expectError(await send({ to: recipients('b@example.com') }), 429, 'LIMIT_EXCEEDED');
    expect(refused.details?.[0]?.message).toMatch(/^1 recipients per UTC day \(test\); 1 used; resets at /);

    expect(
      await admin(
        'set-sending-limit',
        '--org',
        organization.id,
        '--env',
        'live',
        '--daily',
        '500',
        '--monthly',
        '9000',
      ),
    ).toEqual({ organization: organization.id, environment: 'live', daily: 500, monthly: 9000 });

    await expect(
      admin('set-sending-limit', '--org', organization.id, '--env', 'test', '--monthly', '5'),
    ).rejects.toThrow(/VALIDATION_ERROR.*no monthly limit/);
    await expect(admin('set-sending-limit', '--org', organization.id, '--env', 'live')).rejects.toThrow(
      /VALIDATION_ERROR/,
    );
    await expect(admin('set-sending-limit', '--org', organization.id, '--env', 'live', '--daily=-1')).rejects.toThrow(
      /VALIDATION_ERROR/,
    );
    await expect(admin('set-sending-limit', '--org', 'org_missing', '--env', 'live', '--daily', '5')).rejects.toThrow(
      /NOT_FOUND/,
    );
  });
});
