/**
 * SES event-publishing records shaped like the examples in the SES developer guide ("Examples
 * of event data that Amazon SES publishes to Amazon SNS"): every field SES sends, including the
 * ones Postbox ignores (headers, commonHeaders, ses: tags), with the Postbox tags added.
 */
export const SAMPLE_MESSAGE_ID = '0100018c1d2e3f40-1a2b3c4d-5e6f-4a1b-9c8d-7e6f5a4b3c2d-000000';
export const SAMPLE_ORG = 'org_sesSamples1';
export const SAMPLE_EMAIL_ID = '01900000-0000-7000-8000-0000000000e1';

export function sampleMail(overrides: Record<string, unknown> = {}) {
  return {
    timestamp: '2024-03-05T10:20:30.123Z',
    source: 'Acme <news@acme.test>',
    sourceArn: 'arn:aws:ses:us-east-1:123456789012:identity/acme.test',
    sendingAccountId: '123456789012',
    messageId: SAMPLE_MESSAGE_ID,
    destination: ['jane@example.com'],
    headersTruncated: false,
    headers: [
      { name: 'From', value: 'Acme <news@acme.test>' },
      { name: 'To', value: 'jane@example.com' },
      { name: 'Subject', value: 'Your receipt' },
      { name: 'MIME-Version', value: '1.0' },
      { name: 'Content-Type', value: 'multipart/alternative; boundary="----=_Part_1_2.3"' },
    ],
    commonHeaders: {
      from: ['Acme <news@acme.test>'],
      to: ['jane@example.com'],
      messageId: SAMPLE_MESSAGE_ID,
      subject: 'Your receipt',
    },
    tags: {
      'ses:configuration-set': ['postbox-events'],
      'ses:source-ip': ['192.0.2.10'],
      'ses:from-domain': ['acme.test'],
      'ses:caller-identity': ['postbox-consumer'],
      'ses:outgoing-ip': ['192.0.2.20'],
      organization_id: [SAMPLE_ORG],
      email_id: [SAMPLE_EMAIL_ID],
    },
    ...overrides,
  };
}

export const samples = {
  Delivery: () => ({
    eventType: 'Delivery',
    mail: sampleMail(),
    delivery: {
      timestamp: '2024-03-05T10:20:32.456Z',
      processingTimeMillis: 2333,
      recipients: ['jane@example.com'],
      smtpResponse: '250 2.0.0 OK  1709634032 x12-20020a05600c000000b0041234567si123456wmq.12 - gsmtp',
      reportingMTA: 'a8-12.smtp-out.amazonses.com',
    },
  }),
  Bounce: () => ({
    eventType: 'Bounce',
    bounce: {
      bounceType: 'Permanent',
      bounceSubType: 'General',
      bouncedRecipients: [
        {
          emailAddress: 'jane@example.com',
          action: 'failed',
          status: '5.1.1',
          diagnosticCode: 'smtp; 550 5.1.1 user unknown',
        },
      ],
      timestamp: '2024-03-05T10:21:02.669Z',
      feedbackId: '0100018c1d2e4f50-aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee-000000',
      reportingMTA: 'dsn; a8-12.smtp-out.amazonses.com',
    },
    mail: sampleMail(),
  }),
  Complaint: () => ({
    eventType: 'Complaint',
    complaint: {
      complainedRecipients: [{ emailAddress: 'jane@example.com' }],
      timestamp: '2024-03-05T11:00:00.000Z',
      feedbackId: '0100018c1d2e5f60-aaaaaaaa-bbbb-4ccc-8ddd-ffffffffffff-000000',
      userAgent: 'Mail-Feedback/1.0',
      complaintFeedbackType: 'abuse',
      arrivalDate: '2024-03-05T10:59:58.000Z',
    },
    mail: sampleMail(),
  }),
  DeliveryDelay: () => ({
    eventType: 'DeliveryDelay',
    mail: sampleMail(),
    deliveryDelay: {
      timestamp: '2024-03-05T10:30:40.095Z',
      delayType: 'TransientCommunicationFailure',
      expirationTime: '2024-03-05T22:20:30.000Z',
      delayedRecipients: [
        {
          emailAddress: 'jane@example.com',
          status: '4.4.1',
          diagnosticCode: 'smtp; 421 4.4.1 Unable to connect to remote host',
        },
      ],
    },
  }),
  Open: () => ({
    eventType: 'Open',
    mail: sampleMail(),
    open: {
      ipAddress: '192.0.2.1',
      timestamp: '2024-03-05T12:00:19.652Z',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X)',
    },
  }),
  Click: () => ({
    eventType: 'Click',
    click: {
      ipAddress: '192.0.2.1',
      link: 'https://acme.test/orders/42?utm_source=email',
      linkTags: { campaign: ['receipt'] },
      timestamp: '2024-03-05T12:01:25.570Z',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
    },
    mail: sampleMail(),
  }),
  Reject: () => ({ eventType: 'Reject', mail: sampleMail(), reject: { reason: 'Bad content' } }),
  RenderingFailure: () => ({
    // SES spells this type with a space.
    eventType: 'Rendering Failure',
    mail: sampleMail(),
    failure: { errorMessage: "Attribute 'name' is not present in the rendering data.", templateName: 'Receipt' },
  }),
  Send: () => ({ eventType: 'Send', mail: sampleMail(), send: {} }),
} as const;
