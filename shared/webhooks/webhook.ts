/**
 * A webhook endpoint: where an organization's application receives the events of its emails
 * (docs/api.md, "Webhooks"). Model only: the closed list of event types, the endpoint as stored and
 * as shown, its secrets and the rules of its URL.
 */
import { randomBytes } from 'node:crypto';

/** Every event type an endpoint can subscribe to (an empty or omitted list means all). */
export const WEBHOOK_EVENT_TYPES = [
  'email.sent',
  'email.delivered',
  'email.delivery_delayed',
  'email.bounced',
  'email.complained',
  'email.opened',
  'email.clicked',
  'email.failed',
  'email.cancelled',
  'email.unsubscribed',
  'email.received',
  'suppression.created',
  'suppression.deleted',
  'domain.verified',
  'organization.sending_paused',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_ID_PREFIX = 'wh';
/** Endpoints per organization (a 21st is 409 CONFLICT). */
export const MAX_WEBHOOKS_PER_ORGANIZATION = 20;
export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 256;
/** After a rotation the previous secret keeps signing alongside the new one for this long. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

export const DISABLED_REASONS = ['manual', 'gone', 'failing'] as const;
export type DisabledReason = (typeof DISABLED_REASONS)[number];

export interface WebhookSecret {
  /** `whsec_` + base64 of 32 random bytes (the Standard Webhooks format). */
  secret: string;
  created_at: string;
  /** Set on the previous secret when a rotation replaces it; null for the current one. */
  expires_at: string | null;
}

export interface WebhookItem {
  id: string;
  organization_id: string;
  url: string;
  /** Subscribed event types; empty means every type. */
  events: WebhookEventType[];
  description: string | null;
  enabled: boolean;
  disabled_reason: DisabledReason | null;
  /** The current secret first, then a previous one still inside its overlap. */
  secrets: WebhookSecret[];
  /** Since when every attempt has failed (cleared by a success or by enabling it again); absent when none. */
  failing_since?: string | null;
  created_at: string;
  updated_at: string;
}

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** The endpoint as the API shows it: never a secret (those are shown once, at creation and rotation). */
export function webhookView(item: WebhookItem) {
  return {
    id: item.id,
    url: item.url,
    events: item.events,
    description: item.description,
    enabled: item.enabled,
    disabled_reason: item.disabled_reason,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/** The secrets that sign now: the current one and a previous one whose overlap has not ended. */
export const signingSecrets = (item: Pick<WebhookItem, 'secrets'>, now: Date = new Date()): string[] =>
  item.secrets
    .filter((entry) => entry.expires_at === null || Date.parse(entry.expires_at) > now.getTime())
    .map((entry) => entry.secret);

/** C0 controls (CR, LF, tab among them), DEL and C1 controls. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * Why a URL cannot be an endpoint, or undefined: absolute, `https` (`http` only where the deployment
 * allows it, as the local stack does), at most 2,048 characters as typed and as normalised, no
 * credentials in it, no control characters and no surrounding spaces (the URL parser drops them
 * silently, so the URL shown would not be the URL called). Where it points is checked at every
 * delivery attempt, not here (a name's addresses change).
 */
export function webhookUrlProblem(value: string, allowHttp: boolean): string | undefined {
  if (value.length > MAX_WEBHOOK_URL_LENGTH) return `Must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`;
  if (CONTROL_CHARACTER.test(value)) return 'Must not contain control characters (such as CR, LF or tab)';
  if (value.trim() !== value) return 'Must not begin or end with spaces';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Must be an absolute URL (https://…)';
  }
  if (url.href.length > MAX_WEBHOOK_URL_LENGTH) {
    return `Must be at most ${MAX_WEBHOOK_URL_LENGTH} characters once normalised (${url.href.length} with non-ASCII characters percent-encoded)`;
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
    return allowHttp ? 'Must be an http or https URL' : 'Must be an https URL';
  }
  if (url.username !== '' || url.password !== '') return 'Must not contain credentials (user:password@)';
  if (url.hostname === '') return 'Must name a host';
  return undefined;
}

/** The URL as stored, shown and called: its normal form (`new URL(…).href`), from a URL webhookUrlProblem accepts. */
export const normalWebhookUrl = (value: string): string => new URL(value).href;
