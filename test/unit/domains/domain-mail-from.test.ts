/**
 * The custom MAIL FROM: the SES identity adapter's exact requests (aws-sdk-client-mock), and the
 * pure rules of shared/domains/mail-from.ts (records, the subdomain's rules, the MX check).
 */
import {
  AlreadyExistsException,
  CreateEmailIdentityCommand,
  PutEmailIdentityDkimSigningAttributesCommand,
  PutEmailIdentityMailFromAttributesCommand,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { LocalEmailIdentities, SesEmailIdentities } from '#adapters/email-identities.ts';
import {
  MAIL_FROM_SUBDOMAIN_PATTERN,
  mailFromDomainProblem,
  mailFromRecords,
  mxPointsOnlyTo,
  sesFeedbackHost,
} from '#domains/mail-from.ts';

const sesMock = mockClient(SESv2Client);
const identity = { domain: 'example.com', selector: 'pb202611', privateKeyBase64: 'TUlJRXZ3SUJBREFO' };
const identities = () => new SesEmailIdentities(new SESv2Client({}), {});

beforeEach(() => {
  sesMock.reset();
  sesMock.on(CreateEmailIdentityCommand).resolves({});
  sesMock.on(PutEmailIdentityDkimSigningAttributesCommand).resolves({});
  sesMock.on(PutEmailIdentityMailFromAttributesCommand).resolves({});
});

const mailFromCalls = () =>
  sesMock.commandCalls(PutEmailIdentityMailFromAttributesCommand).map((call) => call.args[0].input);

describe('SesEmailIdentities.setMailFromDomain', () => {
  it('sets the MAIL FROM domain with USE_DEFAULT_VALUE on MX failure', async () => {
    await identities().setMailFromDomain('example.com', 'bounce.example.com');
    expect(mailFromCalls()).toEqual([
      { EmailIdentity: 'example.com', MailFromDomain: 'bounce.example.com', BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' },
    ]);
    expect(sesMock.calls()).toHaveLength(1);
  });

  it('removes it by leaving MailFromDomain out', async () => {
    await identities().setMailFromDomain('example.com', undefined);
    expect(mailFromCalls()).toEqual([{ EmailIdentity: 'example.com' }]);
  });

  it('propagates an SES failure', async () => {
    sesMock.on(PutEmailIdentityMailFromAttributesCommand).rejects(new Error('throttled'));
    await expect(identities().setMailFromDomain('example.com', 'bounce.example.com')).rejects.toThrow('throttled');
  });
});

describe('SesEmailIdentities.ensureDomainIdentity with a MAIL FROM domain', () => {
  it('creates the identity, then sets its MAIL FROM', async () => {
    await identities().ensureDomainIdentity({ ...identity, mailFromDomain: 'bounce.example.com' });
    expect(sesMock.calls().map((call) => call.args[0].constructor.name)).toEqual([
      'CreateEmailIdentityCommand',
      'PutEmailIdentityMailFromAttributesCommand',
    ]);
    expect(sesMock.commandCalls(CreateEmailIdentityCommand)[0]?.args[0].input).toEqual({
      EmailIdentity: 'example.com',
      DkimSigningAttributes: { DomainSigningSelector: 'pb202611', DomainSigningPrivateKey: 'TUlJRXZ3SUJBREFO' },
    });
    expect(mailFromCalls()).toEqual([
      { EmailIdentity: 'example.com', MailFromDomain: 'bounce.example.com', BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' },
    ]);
  });

  it('makes no MAIL FROM call for a new identity without one', async () => {
    await identities().ensureDomainIdentity(identity);
    expect(mailFromCalls()).toEqual([]);
  });

  it('gives an identity that existed this owner’s MAIL FROM, or SES’s own', async () => {
    sesMock.on(CreateEmailIdentityCommand).rejects(new AlreadyExistsException({ message: 'exists', $metadata: {} }));
    await identities().ensureDomainIdentity({ ...identity, mailFromDomain: 'mail.example.com' });
    await identities().ensureDomainIdentity(identity);
    expect(sesMock.commandCalls(PutEmailIdentityDkimSigningAttributesCommand)).toHaveLength(2);
    expect(mailFromCalls()).toEqual([
      { EmailIdentity: 'example.com', MailFromDomain: 'mail.example.com', BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' },
      { EmailIdentity: 'example.com' },
    ]);
  });

  it('sets no MAIL FROM when creating the identity fails', async () => {
    sesMock.on(CreateEmailIdentityCommand).rejects(new Error('limit'));
    await expect(
      identities().ensureDomainIdentity({ ...identity, mailFromDomain: 'bounce.example.com' }),
    ).rejects.toThrow('limit');
    expect(mailFromCalls()).toEqual([]);
  });
});

describe('LocalEmailIdentities.setMailFromDomain', () => {
  it('calls nothing (the local SES emulator has no identities)', async () => {
    await expect(new LocalEmailIdentities().setMailFromDomain('example.com', 'bounce.example.com')).resolves.toBe(
      undefined,
    );
    expect(sesMock.calls()).toHaveLength(0);
  });
});

describe('MAIL FROM rules', () => {
  it('builds the MX and SPF records of the MAIL FROM domain', () => {
    expect(mailFromRecords('bounce.example.com', sesFeedbackHost('eu-west-1'), 'amazonses.com')).toEqual([
      {
        type: 'MX',
        name: 'bounce.example.com',
        value: '10 feedback-smtp.eu-west-1.amazonses.com',
        purpose: 'mail_from_mx',
        required: false,
      },
      {
        type: 'TXT',
        name: 'bounce.example.com',
        value: 'v=spf1 include:amazonses.com ~all',
        purpose: 'mail_from_spf',
        required: false,
      },
    ]);
  });

  it.each(['bounce', 'b', 'mail-from', 'a1', '0', `a${'b'.repeat(61)}c`])('accepts the label %s', (label) => {
    expect(MAIL_FROM_SUBDOMAIN_PATTERN.test(label)).toBe(true);
    expect(mailFromDomainProblem(label, 'example.com')).toBeUndefined();
  });

  it.each(['', 'Bounce', '-a', 'a-', 'a.b', 'a_b', ' a', 'ü', 'x'.repeat(64)])('refuses the label %j', (label) => {
    expect(MAIL_FROM_SUBDOMAIN_PATTERN.test(label)).toBe(false);
    expect(mailFromDomainProblem(label, 'example.com')).toMatch(/One DNS label/);
  });

  it('refuses a MAIL FROM domain longer than 253 characters', () => {
    const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.example.com`; // 203
    expect(mailFromDomainProblem('x'.repeat(49), domain)).toBeUndefined(); // 253
    expect(mailFromDomainProblem('x'.repeat(50), domain)).toMatch(/longer than 253/);
  });

  it('passes the MX check only when every MX record points at the SES host', () => {
    const host = 'feedback-smtp.us-east-1.amazonses.com';
    expect(mxPointsOnlyTo([{ exchange: host }], host)).toBe(true);
    expect(mxPointsOnlyTo([{ exchange: `${host.toUpperCase()}.` }, { exchange: host }], host)).toBe(true);
    expect(mxPointsOnlyTo([], host)).toBe(false);
    expect(mxPointsOnlyTo([{ exchange: 'feedback-smtp.eu-west-1.amazonses.com' }], host)).toBe(false);
    expect(mxPointsOnlyTo([{ exchange: host }, { exchange: 'mx.example.net' }], host)).toBe(false);
    expect(mxPointsOnlyTo([{ exchange: '' }], host)).toBe(false); // a null MX
  });
});
