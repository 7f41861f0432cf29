import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createOrganization } from '#accounts/accounts.service.ts';
import {
  checkCsrfToken,
  createMember,
  createSession,
  csrfTokenFor,
  deleteSession,
  getSession,
  resetMemberPassword,
  SESSION_LIFETIME_SECONDS,
  verifyMemberPassword,
} from '#accounts/members.service.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { adminWith } from '../support/admin-cli.ts';

const PASSWORD = 'correct horse battery staple';
const uniqueEmail = () => `member-${randomBytes(6).toString('hex')}@example.com`;
const organization = () => createOrganization({ name: 'Members test' });

/** A session that must start (the member's password did not change in between). */
async function started(...args: Parameters<typeof createSession>) {
  const session = await createSession(...args);
  if (!session) throw new Error('the session did not start');
  return session;
}

describe('members', () => {
  it('creates a member with a normalised email and signs in with the password', async () => {
    const org = await organization();
    const email = uniqueEmail();
    const member = await createMember(org.id, `  ${email.toUpperCase()} `, PASSWORD);
    expect(member).toMatchObject({ organizationId: org.id, email });
    expect(member.id).toMatch(/^mem_[0-9A-Za-z]{20}$/);
    expect(JSON.stringify(member)).not.toContain('scrypt');

    const stored = await db.send(new GetCommand({ TableName: tableName, Key: keys.member(email) }));
    expect(stored.Item?.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[^$]+\$[^$]+$/);
    expect(JSON.stringify(stored.Item)).not.toContain(PASSWORD);
    const pointer = await db.send(
      new GetCommand({ TableName: tableName, Key: keys.memberOfOrganization(org.id, member.id) }),
    );
    expect(pointer.Item).toMatchObject({ member_id: member.id, email });

    const result = await verifyMemberPassword(email.toUpperCase(), PASSWORD);
    expect(result).toEqual({ outcome: 'signed_in', member });
  });

  it('refuses a taken email (in any organization), a short password, a bad email and an unknown organization', async () => {
    const email = uniqueEmail();
    await createMember((await organization()).id, email, PASSWORD);
    await expect(createMember((await organization()).id, email, PASSWORD)).rejects.toMatchObject({ code: 'CONFLICT' });
    const org = await organization();
    await expect(createMember(org.id, uniqueEmail(), 'short-pass1')).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(createMember(org.id, 'not an email', PASSWORD)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(createMember('org_doesNotExist', uniqueEmail(), PASSWORD)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const email = uniqueEmail();
    await createMember((await organization()).id, email, PASSWORD);
    expect(await verifyMemberPassword(email, `${PASSWORD}!`)).toEqual({ outcome: 'invalid' });
    expect(await verifyMemberPassword(uniqueEmail(), PASSWORD)).toEqual({ outcome: 'invalid' });
    expect(await verifyMemberPassword('nonsense', PASSWORD)).toEqual({ outcome: 'invalid' });
  });

  it('locks an email after 5 failures, even for the right password, and lets it in once the lock has passed', async () => {
    const email = uniqueEmail();
    await createMember((await organization()).id, email, PASSWORD);
    const start = Date.now();
    for (let failure = 1; failure <= 4; failure += 1) {
      expect(await verifyMemberPassword(email, 'wrong password!', start)).toEqual({ outcome: 'invalid' });
    }
    expect(await verifyMemberPassword(email, 'wrong password!', start)).toEqual({
      outcome: 'locked',
      retryAfterSeconds: 30,
    });
    expect(await verifyMemberPassword(email, PASSWORD, start + 10_000)).toEqual({
      outcome: 'locked',
      retryAfterSeconds: 20,
    });
    // After the lock a further failure locks for twice as long.
    expect(await verifyMemberPassword(email, 'wrong password!', start + 31_000)).toEqual({
      outcome: 'locked',
      retryAfterSeconds: 60,
    });
    const later = start + 92_000;
    expect((await verifyMemberPassword(email, PASSWORD, later)).outcome).toBe('signed_in');
    // Success cleared the count: four failures do not lock again.
    for (let failure = 1; failure <= 4; failure += 1) {
      expect(await verifyMemberPassword(email, 'wrong password!', later)).toEqual({ outcome: 'invalid' });
    }
    expect((await verifyMemberPassword(email, PASSWORD, later)).outcome).toBe('signed_in');
  });

  it('counts unknown emails too and forgets failures 15 minutes after the last one', async () => {
    const email = uniqueEmail();
    const start = Date.now();
    for (let failure = 1; failure <= 4; failure += 1) await verifyMemberPassword(email, PASSWORD, start);
    expect((await verifyMemberPassword(email, PASSWORD, start)).outcome).toBe('locked');

    const other = uniqueEmail();
    await createMember((await organization()).id, other, PASSWORD);
    for (let failure = 1; failure <= 4; failure += 1) await verifyMemberPassword(other, 'wrong password!', start);
    const afterWindow = start + 15 * 60_000 + 1000;
    expect(await verifyMemberPassword(other, 'wrong password!', afterWindow)).toEqual({ outcome: 'invalid' });
  });

  it('resets a password: the old one stops working, the new one works, a lock is lifted', async () => {
    const email = uniqueEmail();
    await createMember((await organization()).id, email, PASSWORD);
    for (let failure = 1; failure <= 5; failure += 1) await verifyMemberPassword(email, 'wrong password!');
    expect((await verifyMemberPassword(email, PASSWORD)).outcome).toBe('locked');

    const reset = await resetMemberPassword(email, 'a brand new password');
    expect(reset.email).toBe(email);
    expect(await verifyMemberPassword(email, PASSWORD)).toEqual({ outcome: 'invalid' });
    expect((await verifyMemberPassword(email, 'a brand new password')).outcome).toBe('signed_in');
    await expect(resetMemberPassword(uniqueEmail(), 'a brand new password')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(resetMemberPassword(email, 'short')).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('sessions', () => {
  it('creates, reads, checks CSRF and deletes a session stored by the hash of its token', async () => {
    const org = await organization();
    const member = await createMember(org.id, uniqueEmail(), PASSWORD);
    const now = Date.now();
    const { token, session } = await started(member, now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatchObject({ organizationId: org.id, memberId: member.id, memberEmail: member.email });
    expect(session.expiresAt).toBe(Math.floor(now / 1000) + SESSION_LIFETIME_SECONDS);

    const read = await getSession(token);
    expect(read).toEqual(session);
    expect(checkCsrfToken(read as NonNullable<typeof read>, csrfTokenFor(session))).toBe(true);

    const other = await started(member);
    expect(other.token).not.toBe(token);
    expect(checkCsrfToken(other.session, csrfTokenFor(session))).toBe(false);

    expect(await getSession(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(await getSession('not a token')).toBeUndefined();

    await deleteSession(token, session);
    expect(await getSession(token)).toBeUndefined();
    expect(await getSession(other.token)).toEqual(other.session);
  });

  it("ends every session of a member when the password is reset, and no one else's", async () => {
    const org = await organization();
    const member = await createMember(org.id, uniqueEmail(), PASSWORD);
    const bystander = await createMember(org.id, uniqueEmail(), PASSWORD);
    const first = await started(member);
    const second = await started(member);
    const kept = await started(bystander);
    const afterReset = await resetMemberPassword(member.email, 'an entirely new password');
    expect(await getSession(first.token)).toBeUndefined();
    expect(await getSession(second.token)).toBeUndefined();
    expect(await getSession(kept.token)).toEqual(kept.session);
    const fresh = await started(afterReset);
    expect(await getSession(fresh.token)).toEqual(fresh.session);
  });

  it('starts no session for a sign-in that checked a password reset since', async () => {
    const member = await createMember((await organization()).id, uniqueEmail(), PASSWORD);
    await resetMemberPassword(member.email, 'the password after the reset');
    expect(await createSession(member)).toBeUndefined();
  });

  it('treats a session past its expiry as gone, before TTL deletes it', async () => {
    const member = await createMember((await organization()).id, uniqueEmail(), PASSWORD);
    const thirteenHoursAgo = Date.now() - 13 * 3600_000;
    const { token } = await started(member, thirteenHoursAgo);
    expect(await getSession(token)).toBeUndefined();
    expect(await getSession(token, thirteenHoursAgo + 3600_000)).toBeDefined();
  });
});

describe('admin command line: members', () => {
  it('creates a member and resets its password (from --password, POSTBOX_PASSWORD or stdin)', async () => {
    const org = await organization();
    const email = uniqueEmail();
    const created = await adminWith(['create-member', '--org', org.id, '--email', email, '--password', PASSWORD]);
    expect(created).toMatchObject({ organizationId: org.id, email });
    expect(JSON.stringify(created)).not.toContain('scrypt');
    expect((await verifyMemberPassword(email, PASSWORD)).outcome).toBe('signed_in');

    await expect(
      adminWith(['create-member', '--organization', org.id, '--email', email, '--password', PASSWORD]),
    ).rejects.toThrow(/CONFLICT/);

    const reset = await adminWith(['reset-password', '--email', email], {
      env: { POSTBOX_PASSWORD: 'from the environment' },
    });
    expect(reset).toMatchObject({ id: created.id, email });
    expect((await verifyMemberPassword(email, 'from the environment')).outcome).toBe('signed_in');
    expect((await verifyMemberPassword(email, PASSWORD)).outcome).toBe('invalid');

    await adminWith(['reset-password', '--email', email], { stdin: 'typed on stdin 123\n' });
    expect((await verifyMemberPassword(email, 'typed on stdin 123')).outcome).toBe('signed_in');
  });

  it('refuses a short password and an unknown member', async () => {
    const org = await organization();
    await expect(
      adminWith(['create-member', '--org', org.id, '--email', uniqueEmail(), '--password', 'short']),
    ).rejects.toThrow(/VALIDATION_ERROR/);
    await expect(adminWith(['reset-password', '--email', uniqueEmail(), '--password', PASSWORD])).rejects.toThrow(
      /NOT_FOUND/,
    );
  });
});
