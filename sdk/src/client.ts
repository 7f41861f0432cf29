/**
 * The Postbox client: one transport shared by one object per resource. See sdk/README.md.
 */
import type { PostboxOptions } from './options.js';
import { ApiKeyResource } from './resources/api-key.js';
import { Attachments } from './resources/attachments.js';
import { Domains } from './resources/domains.js';
import { Emails } from './resources/emails.js';
import { Inbound } from './resources/inbound.js';
import { MetricsResource } from './resources/metrics.js';
import { Settings } from './resources/settings.js';
import { Suppressions } from './resources/suppressions.js';
import { Templates } from './resources/templates.js';
import { Webhooks } from './resources/webhooks.js';
import { Transport } from './transport.js';

/**
 * The Postbox client.
 *
 * ```ts
 * const postbox = new Postbox({ apiKey: process.env.POSTBOX_API_KEY!, baseUrl: 'http://127.0.0.1:3000' });
 * const { message_id } = await postbox.emails.send({ from: { email: 'hello@postbox.test' }, to: [{ email: 'jane@example.org' }], subject: 'Hi', text: 'Hi' });
 * ```
 */
export class Postbox {
  readonly emails: Emails;
  readonly attachments: Attachments;
  readonly domains: Domains;
  readonly suppressions: Suppressions;
  readonly templates: Templates;
  readonly webhooks: Webhooks;
  readonly metrics: MetricsResource;
  readonly settings: Settings;
  readonly apiKey: ApiKeyResource;
  readonly inbound: Inbound;

  constructor(options: PostboxOptions) {
    const http = new Transport(options);
    this.emails = new Emails(http);
    this.attachments = new Attachments(http);
    this.domains = new Domains(http);
    this.suppressions = new Suppressions(http);
    this.templates = new Templates(http);
    this.webhooks = new Webhooks(http);
    this.metrics = new MetricsResource(http);
    this.settings = new Settings(http);
    this.apiKey = new ApiKeyResource(http);
    this.inbound = new Inbound(http);
  }
}
