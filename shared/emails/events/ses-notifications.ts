/**
 * SES sending events as a configuration set's SNS destination publishes them (SES's "event publishing"
 * format), parsed and mapped to Postbox email events. Lenient about what Postbox does not use (unknown
 * fields and event types are ignored), strict about what it does (no message id, timestamp or recipients:
 * reported as invalid, never thrown). Event ids and timestamps come from the notification, so a repeated
 * notification maps to the same items. The mapping: docs/api.md, "Emails" (Delivery events and status).
 */
import * as z from 'zod';
import { deterministicId } from '#core/ids.ts';
import type { EmailEvent, EventType } from '#emails/email.ts';

/** Longest `detail` stored on an event (a click's link may be longer). */
const MAX_DETAIL_LENGTH = 500;
const MAX_LINK_LENGTH = 2048;

const timestamp = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 timestamp');
const address = z.string().min(1);
const recipientEntry = z.object({
  emailAddress: address,
  action: z.string().optional(),
  status: z.string().optional(),
  diagnosticCode: z.string().optional(),
});

const mailSchema = z.object({
  messageId: z.string().min(1),
  timestamp,
  destination: z.array(z.string()).default([]),
  /** Every message tag, as lists of values (SES adds its own `ses:` tags). */
  tags: z.record(z.string(), z.array(z.string())).default({}),
});

const deliverySchema = z.object({
  timestamp,
  recipients: z.array(address).min(1),
  smtpResponse: z.string().optional(),
  processingTimeMillis: z.number().optional(),
  reportingMTA: z.string().optional(),
});

const bounceSchema = z.object({
  /** `Permanent`, `Transient` or `Undetermined`; kept as a string so a new type is not refused. */
  bounceType: z.string().min(1),
  bounceSubType: z.string().optional(),
  bouncedRecipients: z.array(recipientEntry).min(1),
  timestamp,
  feedbackId: z.string().optional(),
  reportingMTA: z.string().optional(),
});

const complaintSchema = z.object({
  complainedRecipients: z.array(z.object({ emailAddress: address })).min(1),
  timestamp,
  feedbackId: z.string().optional(),
  complaintFeedbackType: z.string().optional(),
  complaintSubType: z.string().nullable().optional(),
});

const deliveryDelaySchema = z.object({
  timestamp,
  delayType: z.string().optional(),
  expirationTime: z.string().optional(),
  delayedRecipients: z.array(recipientEntry).min(1),
  reportingMTA: z.string().optional(),
});

const openSchema = z.object({ timestamp, ipAddress: z.string().optional(), userAgent: z.string().optional() });
const clickSchema = z.object({
  timestamp,
  link: z.string(),
  ipAddress: z.string().optional(),
  userAgent: z.string().optional(),
});
const rejectSchema = z.object({ reason: z.string() });
const failureSchema = z.object({ errorMessage: z.string(), templateName: z.string().optional() });

const notificationSchema = z.discriminatedUnion('eventType', [
  z.object({ eventType: z.literal('Delivery'), mail: mailSchema, delivery: deliverySchema }),
  z.object({ eventType: z.literal('Bounce'), mail: mailSchema, bounce: bounceSchema }),
  z.object({ eventType: z.literal('Complaint'), mail: mailSchema, complaint: complaintSchema }),
  z.object({ eventType: z.literal('DeliveryDelay'), mail: mailSchema, deliveryDelay: deliveryDelaySchema }),
  z.object({ eventType: z.literal('Open'), mail: mailSchema, open: openSchema }),
  z.object({ eventType: z.literal('Click'), mail: mailSchema, click: clickSchema }),
  z.object({ eventType: z.literal('Reject'), mail: mailSchema, reject: rejectSchema }),
  z.object({ eventType: z.literal('RenderingFailure'), mail: mailSchema, failure: failureSchema }),
  // Postbox records its own `sent` event; subscription preferences are not used (yet).
  z.object({ eventType: z.literal('Send'), mail: mailSchema }),
  z.object({ eventType: z.literal('Subscription'), mail: mailSchema }),
]);

export type SesNotification = z.infer<typeof notificationSchema>;
export type SesMail = z.infer<typeof mailSchema>;

export type ParsedNotification = { ok: true; notification: SesNotification } | { ok: false; error: string };

/**
 * Parses one notification: the SNS message text, or the already-parsed JSON. Identity feedback
 * notifications (`notificationType` instead of `eventType`) are accepted too; SES writes the
 * rendering failure type as `Rendering Failure`.
 */
export function parseSesNotification(input: unknown): ParsedNotification {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, error: 'the message is not JSON' };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: 'the message is not a JSON object' };
  }
  const record = value as Record<string, unknown>;
  const rawType = record.eventType ?? record.notificationType;
  const eventType = typeof rawType === 'string' ? rawType.replace(/\s+/g, '') : rawType;
  const parsed = notificationSchema.safeParse({ ...record, eventType });
  if (!parsed.success) {
    // Paths and zod's messages only: they never quote the (customer) values.
    const error = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    return { ok: false, error };
  }
  return { ok: true, notification: parsed.data };
}

/** The email a notification is about, from the tags Postbox puts on every message. */
export function postboxTags(mail: SesMail): { organizationId: string; emailId: string } | undefined {
  const organizationId = mail.tags.organization_id?.[0];
  const emailId = mail.tags.email_id?.[0];
  return organizationId && emailId ? { organizationId, emailId } : undefined;
}

export interface SmtpReply {
  smtp_code: number | null;
  smtp_message: string | null;
}

/**
 * An SMTP reply as SES reports it: `250 2.0.0 OK  1700000000 x` → 250 and the rest of the line.
 * Diagnostic codes carry a type first (`smtp; 550 5.1.1 user unknown`), which is dropped. Without
 * a reply code (2xx–5xx) at the start, both are null: the remote server's answer is not known.
 */
export function parseSmtpReply(text: string | undefined | null): SmtpReply {
  const line = (text ?? '')
    .split(/\r?\n/, 1)[0]
    ?.replace(/^\s*smtp\s*;\s*/i, '')
    .trim();
  const match = line ? /^([2-5]\d\d)(?:[ -](.*))?$/.exec(line) : null;
  if (!match) return { smtp_code: null, smtp_message: null };
  const message = match[2]?.trim();
  return { smtp_code: Number(match[1]), smtp_message: message ? message : null };
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const isoTime = (value: string) => new Date(value).toISOString();

interface EventFields {
  type: EventType;
  recipient: string | null;
  timestamp: string;
  smtp?: SmtpReply;
  detail?: string;
  /** What else tells two events of the same type, recipient and time apart (a click's link). */
  discriminator?: string;
}

function event(notification: SesNotification, fields: EventFields): EmailEvent {
  const createdAt = isoTime(fields.timestamp);
  const id = deterministicId([
    'ses',
    notification.mail.messageId,
    notification.eventType,
    fields.recipient ?? '',
    createdAt,
    fields.discriminator ?? '',
  ]);
  return {
    id,
    type: fields.type,
    recipient: fields.recipient,
    smtp_code: fields.smtp?.smtp_code ?? null,
    smtp_message: fields.smtp?.smtp_message ?? null,
    created_at: createdAt,
    ...(fields.detail ? { detail: fields.detail } : {}),
  };
}

/** A bounce's SMTP reply: from the diagnostic code, else from a bare reply code in `status`. */
function bounceReply(entry: { status?: string | undefined; diagnosticCode?: string | undefined }): SmtpReply {
  const fromDiagnostic = parseSmtpReply(entry.diagnosticCode);
  if (fromDiagnostic.smtp_code !== null) return fromDiagnostic;
  // `status` is normally an enhanced status code (5.1.1), which is not an SMTP reply code.
  if (entry.status && /^[2-5]\d\d$/.test(entry.status.trim())) {
    return { smtp_code: Number(entry.status.trim()), smtp_message: null };
  }
  return { smtp_code: null, smtp_message: null };
}

/**
 * Open and click events do not name a recipient: SES reports the message's destination. With a
 * single recipient that is who opened it; otherwise it is unknown.
 */
function singleRecipient(mail: SesMail): string | null {
  return mail.destination.length === 1 ? (mail.destination[0] ?? null) : null;
}

/**
 * The Postbox events of one notification (none for Send and Subscription): one per recipient
 * for deliveries, bounces, complaints and delays.
 */
export function toEmailEvents(notification: SesNotification): EmailEvent[] {
  switch (notification.eventType) {
    case 'Delivery': {
      const { delivery } = notification;
      const smtp = parseSmtpReply(delivery.smtpResponse);
      return delivery.recipients.map((recipient) =>
        event(notification, { type: 'delivered', recipient, timestamp: delivery.timestamp, smtp }),
      );
    }
    case 'Bounce': {
      const { bounce } = notification;
      const kind = `${bounce.bounceType}/${bounce.bounceSubType ?? 'General'}`;
      return bounce.bouncedRecipients.map((entry) =>
        event(notification, {
          type: 'bounced',
          recipient: entry.emailAddress,
          timestamp: bounce.timestamp,
          smtp: bounceReply(entry),
          detail: truncate(entry.diagnosticCode ? `${kind}: ${entry.diagnosticCode}` : kind, MAX_DETAIL_LENGTH),
        }),
      );
    }
    case 'Complaint': {
      const { complaint } = notification;
      return complaint.complainedRecipients.map((entry) =>
        event(notification, {
          type: 'complained',
          recipient: entry.emailAddress,
          timestamp: complaint.timestamp,
          ...(complaint.complaintFeedbackType
            ? { detail: truncate(complaint.complaintFeedbackType, MAX_DETAIL_LENGTH) }
            : {}),
        }),
      );
    }
    case 'DeliveryDelay': {
      const { deliveryDelay } = notification;
      return deliveryDelay.delayedRecipients.map((entry) => {
        const kind = deliveryDelay.delayType ?? 'Undetermined';
        return event(notification, {
          type: 'delivery_delayed',
          recipient: entry.emailAddress,
          timestamp: deliveryDelay.timestamp,
          smtp: bounceReply(entry),
          detail: truncate(entry.diagnosticCode ? `${kind}: ${entry.diagnosticCode}` : kind, MAX_DETAIL_LENGTH),
        });
      });
    }
    case 'Open':
      // The reader's IP address and user agent are personal data Postbox does not keep.
      return [
        event(notification, {
          type: 'opened',
          recipient: singleRecipient(notification.mail),
          timestamp: notification.open.timestamp,
        }),
      ];
    case 'Click': {
      const { click } = notification;
      return [
        event(notification, {
          type: 'clicked',
          recipient: singleRecipient(notification.mail),
          timestamp: click.timestamp,
          detail: truncate(click.link, MAX_LINK_LENGTH),
          discriminator: click.link,
        }),
      ];
    }
    case 'Reject':
      // A reject has no time of its own: it happens as SES accepts the message.
      return [
        event(notification, {
          type: 'failed',
          recipient: null,
          timestamp: notification.mail.timestamp,
          detail: truncate(notification.reject.reason, MAX_DETAIL_LENGTH),
        }),
      ];
    case 'RenderingFailure':
      return [
        event(notification, {
          type: 'failed',
          recipient: null,
          timestamp: notification.mail.timestamp,
          detail: truncate(notification.failure.errorMessage, MAX_DETAIL_LENGTH),
        }),
      ];
    case 'Send':
    case 'Subscription':
      return [];
  }
}
