/**
 * The simulated outcomes of test keys and of every email on the local stack (SIMULATE_OUTCOMES=true),
 * where no SES sends events back; pure. Each recipient's outcome follows from its local part
 * (docs/api.md, "Simulated outcomes": `bounced@…`, `soft-bounce@…`, `delayed@…`, `complained@…`,
 * `opened@…`, `clicked@…`), as the SES event notifications a configuration set would publish, which
 * outcome-simulator.service.ts runs through handleSesNotification, the path of real SES events.
 */

import { deterministicId } from '#core/ids.ts';
import type { EmailRecord } from '#emails/email.ts';

type Outcome = 'delivered' | 'delayed' | 'bounced' | 'soft_bounce' | 'complained' | 'opened' | 'clicked';

const OUTCOMES: Record<string, Outcome> = {
  bounced: 'bounced',
  delayed: 'delayed',
  'soft-bounce': 'soft_bounce',
  complained: 'complained',
  opened: 'opened',
  clicked: 'clicked',
};

/** The simulated outcome for one recipient address. */
export function simulatedOutcome(address: string): Outcome {
  const local = address.slice(0, Math.max(0, address.lastIndexOf('@'))).toLowerCase();
  return OUTCOMES[local.split('+', 1)[0] ?? ''] ?? 'delivered';
}

/** Whether the delivery of this email is followed by simulated outcomes. */
export function shouldSimulateOutcomes(email: Pick<EmailRecord, 'environment'>): boolean {
  return process.env.SIMULATE_OUTCOMES === 'true' || email.environment === 'test';
}

const REPORTING_MTA = 'postbox-outcome-simulator';

/** What the simulator needs of an email: `to`, `cc` and `bcc` are the recipients it was actually sent to. */
export type SimulatedEmail = Pick<EmailRecord, 'id' | 'organization_id' | 'from' | 'to' | 'cc' | 'bcc' | 'tracking'>;

/**
 * The notifications SES would publish for this email, in the order it would publish them: one
 * Delivery for every recipient delivered, one Bounce per bounce type, then complaints and opens.
 * `email` carries the recipients the email was actually sent to. Their timestamps (and so the event
 * ids, see ses-notifications.ts) follow from `now`: the same `now` gives the same events.
 */
export function simulatedNotifications(email: SimulatedEmail, sesMessageId: string, now: number = Date.now()) {
  const recipients = [...new Set([...email.to, ...email.cc, ...email.bcc].map((mailbox) => mailbox.email))];
  const byOutcome = (outcome: Outcome) => recipients.filter((address) => simulatedOutcome(address) === outcome);
  const delivered = recipients.filter(
    (address) => !['bounced', 'soft_bounce', 'delayed'].includes(simulatedOutcome(address)),
  );
  const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
  const mail = {
    timestamp: at(0),
    source: email.from.email,
    messageId: sesMessageId,
    destination: recipients,
    headersTruncated: false,
    tags: {
      'ses:source-ip': ['127.0.0.1'],
      'ses:from-domain': [email.from.email.slice(email.from.email.lastIndexOf('@') + 1)],
      organization_id: [email.organization_id],
      email_id: [email.id],
    },
  };
  const feedbackId = (kind: string) => deterministicId(['simulated-feedback', sesMessageId, kind]);
  const notifications: Record<string, unknown>[] = [];

  if (delivered.length > 0) {
    notifications.push({
      eventType: 'Delivery',
      mail,
      delivery: {
        timestamp: at(1),
        processingTimeMillis: 1,
        recipients: delivered,
        smtpResponse: '250 2.0.0 OK',
        reportingMTA: REPORTING_MTA,
      },
    });
  }
  // A delayed recipient: SES's DeliveryDelay (the receiving server deferred it), then its delivery.
  const delayed = byOutcome('delayed');
  if (delayed.length > 0) {
    notifications.push(
      {
        eventType: 'DeliveryDelay',
        mail,
        deliveryDelay: {
          timestamp: at(1),
          delayType: 'TransientCommunicationFailure',
          expirationTime: at(24 * 60 * 60 * 1000),
          delayedRecipients: delayed.map((emailAddress) => ({
            emailAddress,
            status: '4.4.1',
            diagnosticCode: 'smtp; 421 4.4.1 Try again later',
          })),
          reportingMTA: `dns; ${REPORTING_MTA}`,
        },
      },
      {
        eventType: 'Delivery',
        mail,
        delivery: {
          timestamp: at(3),
          processingTimeMillis: 3,
          recipients: delayed,
          smtpResponse: '250 2.0.0 OK',
          reportingMTA: REPORTING_MTA,
        },
      },
    );
  }
  const hard = byOutcome('bounced');
  if (hard.length > 0) {
    notifications.push({
      eventType: 'Bounce',
      mail,
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        bouncedRecipients: hard.map((emailAddress) => ({
          emailAddress,
          action: 'failed',
          status: '5.1.1',
          diagnosticCode: 'smtp; 550 5.1.1 user unknown',
        })),
        timestamp: at(1),
        feedbackId: feedbackId('hard-bounce'),
        reportingMTA: `dns; ${REPORTING_MTA}`,
      },
    });
  }
  const soft = byOutcome('soft_bounce');
  if (soft.length > 0) {
    notifications.push({
      eventType: 'Bounce',
      mail,
      bounce: {
        bounceType: 'Transient',
        bounceSubType: 'MailboxFull',
        bouncedRecipients: soft.map((emailAddress) => ({
          emailAddress,
          action: 'failed',
          status: '4.2.2',
          diagnosticCode: 'smtp; 452 4.2.2 Mailbox full',
        })),
        timestamp: at(1),
        feedbackId: feedbackId('soft-bounce'),
        reportingMTA: `dns; ${REPORTING_MTA}`,
      },
    });
  }
  const complained = byOutcome('complained');
  if (complained.length > 0) {
    notifications.push({
      eventType: 'Complaint',
      mail,
      complaint: {
        complainedRecipients: complained.map((emailAddress) => ({ emailAddress })),
        timestamp: at(2),
        feedbackId: feedbackId('complaint'),
        complaintFeedbackType: 'abuse',
        userAgent: REPORTING_MTA,
      },
    });
  }
  if (email.tracking?.opens && byOutcome('opened').length > 0) {
    notifications.push({
      eventType: 'Open',
      mail,
      open: { timestamp: at(2), ipAddress: '192.0.2.1', userAgent: REPORTING_MTA },
    });
  }
  if (email.tracking?.clicks && byOutcome('clicked').length > 0) {
    notifications.push({
      eventType: 'Click',
      mail,
      click: {
        timestamp: at(3),
        ipAddress: '192.0.2.1',
        userAgent: REPORTING_MTA,
        link: 'https://example.com/',
        linkTags: {},
      },
    });
  }
  return notifications;
}
