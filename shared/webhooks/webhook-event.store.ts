/**
 * Which webhook events a change of the table is (pure; a store by layer, since it knows how the table
 * keeps events: item types, keys, attributes). The fan-out reads the table's stream, so every writer of
 * an event fires webhooks without knowing of them, and event ids come from the change, so a change read
 * twice is the same event. Which change is which event: docs/deploy.md, "How webhooks flow".
 */

import { gunzipSync } from 'node:zlib';
import type { Mailbox } from '#core/email-address.ts';
import { deterministicId } from '#core/ids.ts';
import { emailOfCollectionKey, organizationOfSuppressionKey } from '#dynamo/keys.ts';
import { deliveredEventsAdded, type EmailEvent, type EventType, handOverEvents } from '#emails/email.ts';
import { ITEM_TYPES, sendingPauseAttribute } from '#platform/table.ts';
import type { WebhookEventType } from '#webhooks/webhook.ts';
import type { WebhookPayload } from '#webhooks/webhook-delivery.ts';

export interface TableChange {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  oldImage?: Record<string, unknown>;
  newImage?: Record<string, unknown>;
}

/** An email's event: its payload needs the email (from, to, subject, tags), read by the fan-out. */
export interface EmailEventSource {
  kind: 'email';
  organization_id: string;
  email_id: string;
  type: WebhookEventType;
  event: EmailEvent;
}

/** An event whose payload the change itself holds. */
export interface CompleteEventSource {
  kind: 'complete';
  organization_id: string;
  event_id: string;
  payload: WebhookPayload;
}

export type WebhookEventSource = EmailEventSource | CompleteEventSource;

/** The email fields every email event carries. */
export interface EmailFacts {
  id: string;
  environment: string;
  from: Mailbox;
  to: Mailbox[];
  subject: string;
  tags: Record<string, string>;
}

const EMAIL_WEBHOOK_TYPES: Partial<Record<EventType, WebhookEventType>> = {
  sent: 'email.sent',
  delivered: 'email.delivered',
  delivery_delayed: 'email.delivery_delayed',
  bounced: 'email.bounced',
  complained: 'email.complained',
  opened: 'email.opened',
  clicked: 'email.clicked',
  failed: 'email.failed',
  cancelled: 'email.cancelled',
  unsubscribed: 'email.unsubscribed',
  // `suppressed` (a recipient dropped at the hand-over) has no webhook of its own: email.sent lists
  // who was sent to, and the suppression itself fired suppression.created when it was made.
};

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function storedEvent(image: Record<string, unknown>): EmailEvent | undefined {
  const id = text(image.id);
  const type = text(image.event_type) as EventType | undefined;
  const createdAt = text(image.created_at);
  if (!id || !type || !createdAt) return undefined;
  return {
    id,
    type,
    recipient: text(image.recipient) ?? null,
    smtp_code: typeof image.smtp_code === 'number' ? image.smtp_code : null,
    smtp_message: text(image.smtp_message) ?? null,
    created_at: createdAt,
    ...(text(image.detail) ? { detail: text(image.detail) } : {}),
  };
}

/** The hand-over's events, when this change of the email is its hand-over. */
function handedOverNow(change: TableChange, emailId: string): EmailEvent[] {
  const image = change.newImage ?? {};
  if (!image.ses_message_id || change.oldImage?.ses_message_id) return [];
  return handOverEvents({
    id: emailId,
    ses_message_id: text(image.ses_message_id),
    sent_at: text(image.sent_at),
    suppressed_recipients: image.suppressed_recipients as string[] | undefined,
  });
}

function emailSources(change: TableChange): WebhookEventSource[] {
  const image = change.newImage ?? {};
  const owner = emailOfCollectionKey(text(image.PK) ?? '');
  if (!owner) return [];
  let events: EmailEvent[] = [];
  if (image.type === ITEM_TYPES.emailEvent && change.eventName === 'INSERT') {
    const event = storedEvent(image);
    events = event ? [event] : [];
  } else if (image.type === ITEM_TYPES.email && change.eventName === 'MODIFY') {
    events = [...handedOverNow(change, owner.emailId), ...deliveredEventsAdded(change.oldImage, change.newImage)];
  }
  return events.flatMap((event) => {
    const type = EMAIL_WEBHOOK_TYPES[event.type];
    return type
      ? [{ kind: 'email' as const, organization_id: owner.organizationId, email_id: owner.emailId, type, event }]
      : [];
  });
}

function suppressionSources(change: TableChange): WebhookEventSource[] {
  const image = change.eventName === 'REMOVE' ? change.oldImage : change.newImage;
  if (image?.type !== 'suppression' || change.eventName === 'MODIFY') return [];
  const organizationId = organizationOfSuppressionKey(text(image.PK) ?? '');
  if (!organizationId) return [];
  const type = change.eventName === 'INSERT' ? 'suppression.created' : 'suppression.deleted';
  const suppression = {
    id: text(image.id),
    email: text(image.email),
    reason: text(image.reason),
    source: text(image.source),
    created_at: text(image.created_at),
  };
  const eventId = deterministicId([type, organizationId, suppression.id ?? '', suppression.created_at ?? '']);
  return [
    {
      kind: 'complete',
      organization_id: organizationId,
      event_id: eventId,
      payload: {
        type,
        // A deletion's own time is unknown here (the image is the deleted item): now is when it was read.
        timestamp:
          type === 'suppression.created'
            ? (suppression.created_at ?? new Date().toISOString())
            : new Date().toISOString(),
        data: { event_id: eventId, ...suppression },
      },
    },
  ];
}

function domainSources(change: TableChange): WebhookEventSource[] {
  const image = change.newImage;
  if (image?.type !== ITEM_TYPES.domain || image.is_verified !== true || change.oldImage?.is_verified === true)
    return [];
  const organizationId = text(image.organization_id);
  if (!organizationId) return [];
  const verifiedAt = text(image.verified_at) ?? new Date().toISOString();
  const eventId = deterministicId(['domain.verified', text(image.id) ?? '', verifiedAt]);
  return [
    {
      kind: 'complete',
      organization_id: organizationId,
      event_id: eventId,
      payload: {
        type: 'domain.verified',
        timestamp: verifiedAt,
        data: { event_id: eventId, id: text(image.id), name: text(image.domain), verified_at: verifiedAt },
      },
    },
  ];
}

/** The sending guard paused an environment: its pause appeared on the organization item. */
function pauseSources(change: TableChange): WebhookEventSource[] {
  const image = change.newImage;
  if (image?.type !== ITEM_TYPES.organization || change.eventName !== 'MODIFY') return [];
  const organizationId = text(image.id);
  if (!organizationId) return [];
  return (['live', 'test'] as const).flatMap((environment): WebhookEventSource[] => {
    const pause = image[sendingPauseAttribute(environment)] as Record<string, unknown> | undefined;
    if (!pause || change.oldImage?.[sendingPauseAttribute(environment)]) return [];
    const pausedAt = text(pause.paused_at) ?? new Date().toISOString();
    const eventId = deterministicId(['organization.sending_paused', organizationId, environment, pausedAt]);
    return [
      {
        kind: 'complete',
        organization_id: organizationId,
        event_id: eventId,
        payload: {
          type: 'organization.sending_paused',
          timestamp: pausedAt,
          data: {
            event_id: eventId,
            organization_id: organizationId,
            environment,
            paused_at: pausedAt,
            reason: text(pause.reason),
            bounce_rate_24h: pause.bounce_rate,
            complaint_rate_24h: pause.complaint_rate,
            sent_24h: pause.sent,
          },
        },
      },
    ];
  });
}

/**
 * A received message stored (its content item inserted: shared/inbound/inbound.store.ts): the item holds
 * the event's data, built by the parser, gzipped.
 */
function receivedSources(change: TableChange): WebhookEventSource[] {
  const image = change.newImage;
  if (change.eventName !== 'INSERT' || image?.type !== ITEM_TYPES.inboundContent) return [];
  const organizationId = text(image.organization_id);
  // Lambda hands a stream record's binary attributes over as base64 strings.
  const eventGz = typeof image.event_gz === 'string' ? Buffer.from(image.event_gz, 'base64') : image.event_gz;
  if (!organizationId || !(eventGz instanceof Uint8Array)) return [];
  const data = JSON.parse(gunzipSync(eventGz).toString('utf8')) as { event_id: string; received_at: string };
  return [
    {
      kind: 'complete',
      organization_id: organizationId,
      event_id: data.event_id,
      // The receipt's time: the same on every read of the change (delivery ids derive from it).
      payload: { type: 'email.received', timestamp: data.received_at, data },
    },
  ];
}

/** The webhook events one change of the table is (most changes are none). */
export function webhookEventsOfChange(change: TableChange): WebhookEventSource[] {
  return [
    ...emailSources(change),
    ...suppressionSources(change),
    ...domainSources(change),
    ...pauseSources(change),
    ...receivedSources(change),
  ];
}

/** `hard` for a permanent bounce, `soft` for a transient one (from the event's detail, `Permanent/…`). */
function bounceType(event: EmailEvent): 'hard' | 'soft' | undefined {
  if (event.type !== 'bounced' || !event.detail) return undefined;
  return event.detail.startsWith('Permanent') ? 'hard' : 'soft';
}

/** The payload of an email event: Postbox's ids only, never SES's. */
export function emailEventPayload(source: EmailEventSource, email: EmailFacts): WebhookPayload {
  const { event } = source;
  const bounce = bounceType(event);
  return {
    type: source.type,
    timestamp: event.created_at,
    data: {
      event_id: event.id,
      email_id: email.id,
      message_id: email.id,
      environment: email.environment,
      from: email.from.email,
      to: email.to.map((mailbox) => mailbox.email),
      subject: email.subject,
      tags: email.tags,
      recipient: event.recipient,
      smtp_code: event.smtp_code,
      smtp_message: event.smtp_message,
      ...(bounce ? { bounce_type: bounce } : {}),
      ...(event.type === 'clicked' && event.detail ? { link: event.detail } : {}),
    },
  };
}

/** The `webhook.test` event: sent by POST /webhooks/:id/test, logged like any other. */
export function testEventPayload(eventId: string, webhookId: string, now: string): WebhookPayload {
  return {
    type: 'webhook.test',
    timestamp: now,
    data: { event_id: eventId, webhook_id: webhookId, message: 'A test event from Postbox' },
  };
}
