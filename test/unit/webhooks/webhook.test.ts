/** The webhook endpoint's model: its URL rules, its secrets and which of them sign after a rotation. */
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signingSecrets, webhookUrlProblem } from '#webhooks/webhook.ts';

describe('webhook URLs', () => {
  it('accepts absolute https URLs, and http only where allowed', () => {
    expect(webhookUrlProblem('https://api.acme.example/hooks?x=1', false)).toBeUndefined();
    expect(webhookUrlProblem('http://127.0.0.1:8080/hooks', false)).toBe('Must be an https URL');
    expect(webhookUrlProblem('http://127.0.0.1:8080/hooks', true)).toBeUndefined();
  });

  it('refuses relative URLs, other schemes, credentials and URLs over 2,048 characters', () => {
    expect(webhookUrlProblem('/hooks', true)).toMatch(/absolute/);
    expect(webhookUrlProblem('javascript:alert(1)', true)).toBe('Must be an http or https URL');
    expect(webhookUrlProblem('https://user@example.com/', false)).toMatch(/credentials/);
    expect(webhookUrlProblem('https://:secret@example.com/', false)).toMatch(/credentials/);
    const long = `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`;
    expect(webhookUrlProblem(long, false)).toBeUndefined();
    expect(webhookUrlProblem(`${long}a`, false)).toMatch(/2048/);
  });
});

describe('webhook secrets', () => {
  it('are whsec_ and 32 random bytes in base64, never twice the same', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('sign with the current secret and a replaced one until its overlap ends', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const secrets = [
      { secret: 'whsec_new', created_at: '2026-11-25T11:00:00Z', expires_at: null },
      { secret: 'whsec_old', created_at: '2026-11-01T00:00:00Z', expires_at: '2026-11-26T11:00:00Z' },
    ];
    expect(signingSecrets({ secrets }, now)).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecrets({ secrets }, new Date('2026-11-26T11:00:00Z'))).toEqual(['whsec_new']);
  });
});
