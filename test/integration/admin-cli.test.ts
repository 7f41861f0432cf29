import { describe, expect, it } from 'vitest';
import { addVerifiedDomainForDevelopment } from '#domains/domains.service.ts';
import { admin } from '../support/admin-cli.ts';
import { call, client, expectError } from '../support/http.ts';

const PATH = '/api/v1/settings/auto-validation';

describe('admin command line', () => {
  it('creates an organization and a key, lists keys by prefix only, and revokes immediately', async () => {
    const organization = await admin('create-org', '--name', 'CLI Org');
    expect(organization.id).toMatch(/^org_[0-9A-Za-z]{20}$/);

    const created = await admin('create-key', '--org', organization.id, '--name', 'ci', '--env', 'live');
    expect(created.key).toMatch(/^pb_live_[0-9A-Za-z]{38}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    expect((await client(created.key).get(PATH)).status).toBe(200);

    const listed = await admin('list-keys', '--org', organization.id);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: created.id, name: 'ci', environment: 'live', prefix: created.prefix });
    expect(JSON.stringify(listed)).not.toContain(created.key);

    const revoked = await admin('revoke-key', '--org', organization.id, '--key', created.id);
    expect(revoked.revokedAt).toBeTruthy();
    expectError(await call('GET', PATH, { key: created.key, sourceIp: '127.0.0.31' }), 401, 'AUTH_INVALID');

    // Revocation is permanent: revoking again keeps the first time.
    const again = await admin('revoke-key', '--org', organization.id, '--key', created.id);
    expect(again.revokedAt).toBe(revoked.revokedAt);
  });

  it('sets an organization rate limit that the next request sees', async () => {
    const organization = await admin('create-org', '--name', 'Limited');
    const created = await admin('create-key', '--org', organization.id, '--name', 'k', '--env', 'test');
    expect((await client(created.key).get(PATH)).headers['x-ratelimit-limit']).toBe('10');
    await admin('set-rate-limit', '--org', organization.id, '--per-second', '25');
    expect((await client(created.key).get(PATH)).headers['x-ratelimit-limit']).toBe('25');
  });

  it('refuses a malformed or taken organization id', async () => {
    await expect(admin('create-org', '--name', 'x', '--id', 'a#b c')).rejects.toThrow(/VALIDATION_ERROR/);
    await admin('create-org', '--name', 'first', '--id', 'org_cliTaken');
    await expect(admin('create-org', '--name', 'second', '--id', 'org_cliTaken')).rejects.toThrow(/CONFLICT/);
  });

  it('refuses a key for an unknown organization', async () => {
    await expect(admin('create-key', '--org', 'org_missing', '--name', 'k', '--env', 'test')).rejects.toThrow(
      /NOT_FOUND/,
    );
  });

  it('makes a sending key limited to domains of the organization, and refuses any other domain id', async () => {
    const organization = await admin('create-org', '--name', 'Scoped');
    const other = await admin('create-org', '--name', 'Other');
    const ours = await addVerifiedDomainForDevelopment(organization.id, 'cli-scoped.test');
    const theirs = await addVerifiedDomainForDevelopment(other.id, 'cli-other.test');
    const base = ['create-key', '--org', organization.id, '--name', 'resets', '--env', 'test'];

    const created = await admin(...base, '--permission', 'sending_access', '--domain', ours, '--domain', ours);
    expect(created).toMatchObject({ permission: 'sending_access', domainIds: [ours] });
    const described = await client(created.key).get('/api/v1/api-key');
    expect(described.body.data).toMatchObject({ permission: 'sending_access', domain_ids: [ours] });
    expectError(await call('GET', PATH, { key: created.key }), 403, 'FORBIDDEN');
    const plain = await admin(...base);
    expect(plain).toMatchObject({ permission: 'full_access', domainIds: null });

    await expect(admin(...base, '--permission', 'sending_access', '--domain', theirs)).rejects.toThrow(
      /VALIDATION_ERROR.*not a domain of this organization/s,
    );
    await expect(admin(...base, '--permission', 'sending_access', '--domain', 'dom_unknown')).rejects.toThrow(
      /not a domain of this organization/,
    );
    await expect(admin(...base, '--domain', ours)).rejects.toThrow(/Only a sending_access key/);
    await expect(admin(...base, '--permission', 'admin')).rejects.toThrow(/permission/);
    // Only the two keys made above exist.
    expect(await admin('list-keys', '--org', organization.id)).toHaveLength(2);
  });
});
