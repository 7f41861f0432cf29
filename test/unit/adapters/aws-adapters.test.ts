import { randomBytes } from 'node:crypto';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import {
  AlreadyExistsException,
  CreateEmailIdentityCommand,
  LimitExceededException,
  PutEmailIdentityDkimSigningAttributesCommand,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalEmailIdentities, SesEmailIdentities } from '#adapters/email-identities.ts';
import { KmsKeyProtector, LocalKeyProtector } from '#adapters/key-protector.ts';

const sesMock = mockClient(SESv2Client);
const kmsMock = mockClient(KMSClient);

const identity = { domain: 'mail.example.com', selector: 'postbox1', privateKeyBase64: 'TUlJRXZ3SUJBREFO' };
const context = { organization_id: 'org_1', domain_id: 'dom_1' };
const KEY_ARN = 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';

beforeEach(() => {
  sesMock.reset();
  kmsMock.reset();
});

describe('SesEmailIdentities', () => {
  it('creates a BYODKIM identity with the given selector and key', async () => {
    sesMock.on(CreateEmailIdentityCommand).resolves({});
    await new SesEmailIdentities(new SESv2Client({}), {}).ensureDomainIdentity(identity);
    expect(sesMock.commandCalls(CreateEmailIdentityCommand)[0]?.args[0].input).toEqual({
      EmailIdentity: 'mail.example.com',
      DkimSigningAttributes: { DomainSigningSelector: 'postbox1', DomainSigningPrivateKey: 'TUlJRXZ3SUJBREFO' },
    });
    expect(sesMock.commandCalls(PutEmailIdentityDkimSigningAttributesCommand)).toHaveLength(0);
  });

  it('attaches the configuration set when one is configured', async () => {
    sesMock.on(CreateEmailIdentityCommand).resolves({});
    await new SesEmailIdentities(new SESv2Client({}), { configurationSetName: 'postbox-events' }).ensureDomainIdentity(
      identity,
    );
    expect(sesMock.commandCalls(CreateEmailIdentityCommand)[0]?.args[0].input).toEqual({
      EmailIdentity: 'mail.example.com',
      DkimSigningAttributes: { DomainSigningSelector: 'postbox1', DomainSigningPrivateKey: 'TUlJRXZ3SUJBREFO' },
      ConfigurationSetName: 'postbox-events',
    });
  });

  it('re-keys an identity that already exists with the new owner key', async () => {
    sesMock
      .on(CreateEmailIdentityCommand)
      .rejects(new AlreadyExistsException({ message: 'exists', $metadata: {} }))
      .on(PutEmailIdentityDkimSigningAttributesCommand)
      .resolves({});
    await new SesEmailIdentities(new SESv2Client({}), {}).ensureDomainIdentity(identity);
    expect(sesMock.commandCalls(PutEmailIdentityDkimSigningAttributesCommand)).toHaveLength(1);
    expect(sesMock.commandCalls(PutEmailIdentityDkimSigningAttributesCommand)[0]?.args[0].input).toEqual({
      EmailIdentity: 'mail.example.com',
      SigningAttributesOrigin: 'EXTERNAL',
      SigningAttributes: { DomainSigningSelector: 'postbox1', DomainSigningPrivateKey: 'TUlJRXZ3SUJBREFO' },
    });
  });

  it('propagates any other error without touching the signing attributes', async () => {
    sesMock.on(CreateEmailIdentityCommand).rejects(new LimitExceededException({ message: 'limit', $metadata: {} }));
    await expect(new SesEmailIdentities(new SESv2Client({}), {}).ensureDomainIdentity(identity)).rejects.toBeInstanceOf(
      LimitExceededException,
    );
    expect(sesMock.commandCalls(PutEmailIdentityDkimSigningAttributesCommand)).toHaveLength(0);
  });

  it('propagates a failure of the re-keying call', async () => {
    sesMock
      .on(CreateEmailIdentityCommand)
      .rejects(new AlreadyExistsException({ message: 'exists', $metadata: {} }))
      .on(PutEmailIdentityDkimSigningAttributesCommand)
      .rejects(new Error('throttled'));
    await expect(new SesEmailIdentities(new SESv2Client({}), {}).ensureDomainIdentity(identity)).rejects.toThrow(
      'throttled',
    );
  });
});

describe('LocalEmailIdentities', () => {
  it('accepts any domain and calls nothing', async () => {
    await expect(new LocalEmailIdentities().ensureDomainIdentity(identity)).resolves.toBeUndefined();
    expect(sesMock.calls()).toHaveLength(0);
  });
});

describe('KmsKeyProtector', () => {
  it('encrypts under the key with the context and tags the ciphertext', async () => {
    const blob = Buffer.from('kms-ciphertext-blob');
    kmsMock.on(EncryptCommand).resolves({ CiphertextBlob: new Uint8Array(blob) });
    const ciphertext = await new KmsKeyProtector(new KMSClient({}), KEY_ARN).encrypt(Buffer.from('secret'), context);
    expect(ciphertext).toBe(`kms:${blob.toString('base64')}`);
    expect(kmsMock.commandCalls(EncryptCommand)[0]?.args[0].input).toEqual({
      KeyId: KEY_ARN,
      Plaintext: Buffer.from('secret'),
      EncryptionContext: { organization_id: 'org_1', domain_id: 'dom_1' },
    });
  });

  it('decrypts with the key, the context and the blob it produced', async () => {
    const blob = Buffer.from('kms-ciphertext-blob');
    kmsMock
      .on(EncryptCommand)
      .resolves({ CiphertextBlob: new Uint8Array(blob) })
      .on(DecryptCommand)
      .resolves({ Plaintext: new Uint8Array(Buffer.from('secret')) });
    const protector = new KmsKeyProtector(new KMSClient({}), KEY_ARN);
    const plaintext = await protector.decrypt(await protector.encrypt(Buffer.from('secret'), context), context);
    expect(plaintext).toEqual(Buffer.from('secret'));
    expect(kmsMock.commandCalls(DecryptCommand)[0]?.args[0].input).toEqual({
      KeyId: KEY_ARN,
      CiphertextBlob: blob,
      EncryptionContext: { organization_id: 'org_1', domain_id: 'dom_1' },
    });
  });

  it('refuses a local ciphertext without calling KMS', async () => {
    const protector = new KmsKeyProtector(new KMSClient({}), KEY_ARN);
    await expect(protector.decrypt('local:AAAA', context)).rejects.toThrow('not a kms: ciphertext');
    expect(kmsMock.calls()).toHaveLength(0);
  });
});

describe('LocalKeyProtector', () => {
  const protector = new LocalKeyProtector(randomBytes(32));
  const secret = Buffer.from('-----BEGIN PRIVATE KEY-----\nMIIE…\n-----END PRIVATE KEY-----\n');

  it('round-trips and tags the ciphertext local:', async () => {
    const ciphertext = await protector.encrypt(secret, context);
    expect(ciphertext.startsWith('local:')).toBe(true);
    expect(ciphertext).not.toContain(secret.toString('base64'));
    expect(await protector.decrypt(ciphertext, context)).toEqual(secret);
  });

  it('does not depend on the order of the context keys', async () => {
    const ciphertext = await protector.encrypt(secret, context);
    expect(await protector.decrypt(ciphertext, { domain_id: 'dom_1', organization_id: 'org_1' })).toEqual(secret);
  });

  it('refuses a ciphertext bound to another domain or organization', async () => {
    const ciphertext = await protector.encrypt(secret, context);
    await expect(protector.decrypt(ciphertext, { ...context, domain_id: 'dom_2' })).rejects.toThrow(/could not be/);
    await expect(protector.decrypt(ciphertext, { organization_id: 'org_1' })).rejects.toThrow(/could not be/);
  });

  it('refuses a tampered ciphertext', async () => {
    const data = Buffer.from((await protector.encrypt(secret, context)).slice('local:'.length), 'base64');
    for (const index of [0, 12, data.length - 1]) {
      const tampered = Buffer.from(data);
      tampered[index] = (tampered[index] ?? 0) ^ 1;
      await expect(protector.decrypt(`local:${tampered.toString('base64')}`, context)).rejects.toThrow();
    }
  });

  it('refuses another key', async () => {
    const ciphertext = await protector.encrypt(secret, context);
    await expect(new LocalKeyProtector(randomBytes(32)).decrypt(ciphertext, context)).rejects.toThrow();
  });

  it('gives a different ciphertext each time (random IV)', async () => {
    expect(await protector.encrypt(secret, context)).not.toBe(await protector.encrypt(secret, context));
  });
});

describe('selection from the environment', () => {
  const VARS = [
    'KMS_KEY_ID',
    'LOCAL_ENCRYPTION_KEY',
    'IDENTITY_PROVIDER',
    'SES_ENDPOINT',
    'SES_CONFIGURATION_SET',
    'AWS_REGION',
  ];
  let saved: Record<string, string | undefined>;

  beforeEach(() => {
    saved = Object.fromEntries(VARS.map((name) => [name, process.env[name]]));
    for (const name of VARS) delete process.env[name];
    process.env.AWS_REGION = 'eu-west-1';
    vi.resetModules(); // each test sees fresh module-level caches
  });

  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  const keyModule = () => import('#adapters/key-protector.ts');
  const identityModule = () => import('#adapters/email-identities.ts');

  it('uses KMS when KMS_KEY_ID is set, even with a local key', async () => {
    process.env.KMS_KEY_ID = KEY_ARN;
    process.env.LOCAL_ENCRYPTION_KEY = randomBytes(32).toString('base64');
    const mod = await keyModule();
    const protector = mod.keyProtectorFromEnv();
    expect(protector).toBeInstanceOf(mod.KmsKeyProtector);
    expect(mod.keyProtectorFromEnv()).toBe(protector);

    kmsMock.on(EncryptCommand).resolves({ CiphertextBlob: new Uint8Array([1, 2, 3]) });
    await protector.encrypt(Buffer.from('x'), context);
    await mod.keyProtectorFromEnv().encrypt(Buffer.from('y'), context);
    expect(kmsMock.commandCalls(EncryptCommand)[0]?.args[0].input.KeyId).toBe(KEY_ARN);
    const [first, second] = kmsMock.send.getCalls().map((call) => call.thisValue as KMSClient);
    expect(first).toBe(second); // one client for the module
    expect(await first?.config.region()).toBe('eu-west-1');
  });

  it('uses the local key when only LOCAL_ENCRYPTION_KEY is set', async () => {
    process.env.LOCAL_ENCRYPTION_KEY = randomBytes(32).toString('base64');
    const mod = await keyModule();
    const protector = mod.keyProtectorFromEnv();
    expect(protector).toBeInstanceOf(mod.LocalKeyProtector);
    expect(mod.keyProtectorFromEnv()).toBe(protector);
    expect(await protector.decrypt(await protector.encrypt(Buffer.from('x'), context), context)).toEqual(
      Buffer.from('x'),
    );
  });

  it.each([
    ['not base64 at all', 'not-a-key!'],
    ['16 bytes', randomBytes(16).toString('base64')],
    ['33 bytes', randomBytes(33).toString('base64')],
    ['hex of 32 bytes', randomBytes(32).toString('hex')],
  ])('rejects a LOCAL_ENCRYPTION_KEY that is %s', async (_label, value) => {
    process.env.LOCAL_ENCRYPTION_KEY = value;
    const mod = await keyModule();
    expect(() => mod.keyProtectorFromEnv()).toThrow('LOCAL_ENCRYPTION_KEY must be the base64 encoding of exactly 32');
  });

  it('imports without configuration but refuses to create a protector', async () => {
    const mod = await keyModule();
    expect(() => mod.keyProtectorFromEnv()).toThrow(
      'Missing configuration: set KMS_KEY_ID (AWS) or LOCAL_ENCRYPTION_KEY (local stack)',
    );
  });

  it('uses SES by default, once, with the region from the environment', async () => {
    const mod = await identityModule();
    const identities = mod.emailIdentitiesFromEnv();
    expect(identities).toBeInstanceOf(mod.SesEmailIdentities);
    expect(mod.emailIdentitiesFromEnv()).toBe(identities);

    sesMock.on(CreateEmailIdentityCommand).resolves({});
    await identities.ensureDomainIdentity(identity);
    expect(sesMock.commandCalls(CreateEmailIdentityCommand)[0]?.args[0].input).not.toHaveProperty(
      'ConfigurationSetName',
    );
    expect(await (sesMock.send.getCall(0).thisValue as SESv2Client).config.region()).toBe('eu-west-1');
  });

  it('uses SES_ENDPOINT and SES_CONFIGURATION_SET when set', async () => {
    process.env.IDENTITY_PROVIDER = 'ses';
    process.env.SES_ENDPOINT = 'http://127.0.0.1:8005';
    process.env.SES_CONFIGURATION_SET = 'postbox-events';
    const mod = await identityModule();
    sesMock.on(CreateEmailIdentityCommand).resolves({});
    await mod.emailIdentitiesFromEnv().ensureDomainIdentity(identity);
    expect(sesMock.commandCalls(CreateEmailIdentityCommand)[0]?.args[0].input.ConfigurationSetName).toBe(
      'postbox-events',
    );
    const client = sesMock.send.getCall(0).thisValue as SESv2Client;
    const endpoint = await client.config.endpoint?.();
    expect(endpoint).toMatchObject({ protocol: 'http:', hostname: '127.0.0.1', port: 8005 });
  });

  it('uses the local implementation when IDENTITY_PROVIDER=local', async () => {
    process.env.IDENTITY_PROVIDER = 'local';
    const mod = await identityModule();
    expect(mod.emailIdentitiesFromEnv()).toBeInstanceOf(mod.LocalEmailIdentities);
  });

  it('refuses an unknown IDENTITY_PROVIDER', async () => {
    process.env.IDENTITY_PROVIDER = 'sendgrid';
    const mod = await identityModule();
    expect(() => mod.emailIdentitiesFromEnv()).toThrow('IDENTITY_PROVIDER must be "ses" or "local", got "sendgrid"');
  });
});

describe('sendWithSes with attachments', () => {
  it('hands SES each part as given: bytes, type, disposition and the Content-ID of an inline one', async () => {
    const { SendEmailCommand } = await import('@aws-sdk/client-sesv2');
    const { sendWithSes } = await import('#adapters/ses-sender.ts');
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
    const pdf = randomBytes(64);
    const png = randomBytes(32);
    await sendWithSes({
      from: { email: 'a@acme.test' },
      to: [{ email: 'b@example.com' }],
      cc: [],
      bcc: [],
      replyTo: [],
      subject: 's',
      html: '<img src="cid:logo">',
      text: null,
      headers: {},
      tags: {},
      attachments: [
        { filename: 'a.pdf', contentType: 'application/pdf', contentId: null, disposition: 'attachment', bytes: pdf },
        { filename: 'logo.png', contentType: 'image/png', contentId: 'logo', disposition: 'inline', bytes: png },
      ],
    });
    const input = sesMock.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(input?.Content?.Simple?.Attachments).toEqual([
      {
        FileName: 'a.pdf',
        RawContent: pdf,
        ContentType: 'application/pdf',
        ContentDisposition: 'ATTACHMENT',
        ContentTransferEncoding: 'BASE64',
      },
      {
        FileName: 'logo.png',
        RawContent: png,
        ContentType: 'image/png',
        ContentDisposition: 'INLINE',
        ContentTransferEncoding: 'BASE64',
        ContentId: 'logo',
      },
    ]);
  });
});
