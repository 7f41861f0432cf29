/**
 * Makes a verified sending domain an SES email identity signed with the organization's own
 * DKIM key (SES "Bring Your Own DKIM"), so SES signs with the key whose public half the
 * customer already published, and sets the identity's custom MAIL FROM domain. The local SES
 * emulator has no identities, hence the interface.
 */

import {
  CreateEmailIdentityCommand,
  PutEmailIdentityDkimSigningAttributesCommand,
  PutEmailIdentityMailFromAttributesCommand,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { awsClient } from '#core/aws-client.ts';

export interface DomainIdentityInput {
  domain: string;
  /** The DKIM selector: the record the customer published is `<selector>._domainkey.<domain>`. */
  selector: string;
  /** Base64 of the DER private key (a PEM body without its armour lines), 1024 or 2048-bit RSA. */
  privateKeyBase64: string;
  /** The identity's custom MAIL FROM domain (e.g. `bounce.example.com`); absent: SES's own. */
  mailFromDomain?: string | undefined;
}

export interface EmailIdentities {
  /**
   * Creates the identity, or re-keys it when it already exists, with the given MAIL FROM domain
   * (an identity that existed loses a previous owner's); safe to call again.
   */
  ensureDomainIdentity(input: DomainIdentityInput): Promise<void>;
  /** Sets the identity's custom MAIL FROM domain, or (undefined) goes back to SES's own. */
  setMailFromDomain(domain: string, mailFromDomain: string | undefined): Promise<void>;
}

export class SesEmailIdentities implements EmailIdentities {
  constructor(
    private readonly client: SESv2Client,
    private readonly options: { configurationSetName?: string } = {},
  ) {}

  async ensureDomainIdentity({
    domain,
    selector,
    privateKeyBase64,
    mailFromDomain,
  }: DomainIdentityInput): Promise<void> {
    const signing = { DomainSigningSelector: selector, DomainSigningPrivateKey: privateKeyBase64 };
    let existed = false;
    try {
      // CreateEmailIdentity: including DkimSigningAttributes selects BYODKIM instead of Easy DKIM.
      // https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_CreateEmailIdentity.html
      // https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_DkimSigningAttributes.html
      await this.client.send(
        new CreateEmailIdentityCommand({
          EmailIdentity: domain,
          DkimSigningAttributes: signing,
          ...(this.options.configurationSetName ? { ConfigurationSetName: this.options.configurationSetName } : {}),
        }),
      );
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name !== 'AlreadyExistsException') throw error;
      existed = true;
      // The identity exists (e.g. a previous owner verified this domain and lost it): switch its
      // signing to this owner's key, or SES would keep signing with a key nobody publishes now.
      // SigningAttributesOrigin EXTERNAL = BYODKIM; the origin goes here, not inside SigningAttributes.
      // https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_PutEmailIdentityDkimSigningAttributes.html
      await this.client.send(
        new PutEmailIdentityDkimSigningAttributesCommand({
          EmailIdentity: domain,
          SigningAttributesOrigin: 'EXTERNAL',
          SigningAttributes: signing,
        }),
      );
    }
    // A new identity has SES's own MAIL FROM, so only a custom one needs a call; an identity that
    // existed is given this owner's (or SES's own): a previous owner's would keep taking the bounces.
    if (existed || mailFromDomain) await this.setMailFromDomain(domain, mailFromDomain);
  }

  async setMailFromDomain(domain: string, mailFromDomain: string | undefined): Promise<void> {
    // Without MailFromDomain the identity goes back to SES's own MAIL FROM domain. With one, SES
    // uses it once it finds the MX record, and until then (or whenever the MX lookup fails) falls
    // back to its own (USE_DEFAULT_VALUE) rather than rejecting the mail (REJECT_MESSAGE).
    // https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_PutEmailIdentityMailFromAttributes.html
    await this.client.send(
      new PutEmailIdentityMailFromAttributesCommand({
        EmailIdentity: domain,
        ...(mailFromDomain ? { MailFromDomain: mailFromDomain, BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' } : {}),
      }),
    );
  }
}

/**
 * For the local stack: its SES emulator has no identities, accepts mail from any sender, signs
 * nothing and keeps no MAIL FROM setting (the envelope sender is the From address).
 */
export class LocalEmailIdentities implements EmailIdentities {
  async ensureDomainIdentity(_input: DomainIdentityInput): Promise<void> {}
  async setMailFromDomain(_domain: string, _mailFromDomain: string | undefined): Promise<void> {}
}

function createFromEnv(): EmailIdentities {
  const provider = process.env.IDENTITY_PROVIDER || 'ses';
  if (provider === 'local') return new LocalEmailIdentities();
  if (provider !== 'ses') {
    throw new Error(`IDENTITY_PROVIDER must be "ses" or "local", got "${provider}"`);
  }
  // The SDK reads the region (AWS_REGION) and credentials from the environment.
  const endpoint = process.env.SES_ENDPOINT || undefined;
  const client = awsClient(new SESv2Client(endpoint ? { endpoint } : {}));
  return new SesEmailIdentities(client, { configurationSetName: process.env.SES_CONFIGURATION_SET || undefined });
}

let cached: EmailIdentities | undefined;

/**
 * The implementation the configuration selects, created on first use (so importing this
 * module never throws in functions that do not need it) and then reused with its one client.
 */
export function emailIdentitiesFromEnv(): EmailIdentities {
  cached ??= createFromEnv();
  return cached;
}
