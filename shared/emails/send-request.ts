/**
 * The JSON body of POST /api/v1/emails/send: shape, limits and the rules between fields (docs/api.md,
 * "Emails", states every rule). Each problem is one zod issue on the field it concerns, so a caller
 * gets one `details` entry per problem, all at once: the rules between fields run even when single
 * fields are invalid, go by which fields are present, and read values only when they are well-formed
 * (an invalid address is reported once, by its own rule, never also as a duplicate).
 */
import * as z from 'zod';
import { attachmentsField } from '#attachments/attachment-request.ts';
import {
  bodySchema as body,
  MAX_BODY_BYTES,
  MAX_TAG_LENGTH,
  MAX_TEMPLATE_DATA_DEPTH,
  subjectSchema as subject,
  TAG_PATTERN,
  tagTextProblem,
  templateDataSchema,
} from '#core/content-fields.ts';
import { isIsoDateTimeWithZone } from '#core/dates.ts';
import { emailAddress, normalizeEmailAddress } from '#core/email-address.ts';
import { displayNameProblem } from '#core/message-text.ts';
import { customHeaders, isRecord, MAX_HEADERS } from '#emails/custom-headers.ts';
import {
  LIST_UNSUBSCRIBE_HEADERS,
  listUnsubscribeField,
  listUnsubscribeHeaderCount,
} from '#unsubscribe/list-unsubscribe.ts';
import { trackingField } from '#unsubscribe/tracking.ts';

/** to + cc + bcc together (the SES limit per message). */
export const MAX_RECIPIENTS = 50;
export const MAX_REPLY_TO = 10;
export const MAX_TEMPLATE_ID_LENGTH = 256;
export const MAX_TAGS = 10;
/**
 * Tag names Postbox puts on every SES message itself (the event handler finds the email by them);
 * a caller's tag of that name (any case) is refused rather than silently overwritten.
 */
export const RESERVED_TAG_NAMES = ['organization_id', 'email_id'] as const;
export const MAX_SCHEDULE_AHEAD_MS = 30 * 24 * 60 * 60 * 1000;
export const PRIORITIES = ['high', 'normal', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

/*
 * Length rules are refinements rather than `.min()`/`.max()`: zod 4 runs those length checks even
 * on a value that failed the type check (a string given for an array, an array for a string),
 * which would report a second, bogus problem. Refinements are skipped after a type failure.
 */
/** Display name: no line breaks or control characters, trimmed, 1–256 characters. */
const displayName = z.string().transform((value, context) => {
  const problem = displayNameProblem(value);
  if (problem) {
    context.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return value.trim();
});

export const mailbox = z
  .strictObject({
    email: emailAddress.meta({ example: 'jane@example.org' }),
    name: displayName.optional().meta({ description: 'Display name: 1–256 characters, no line breaks' }),
  })
  .meta({ id: 'Mailbox' });

const templateId = z.string().superRefine((value, context) => {
  if (value === '') context.addIssue({ code: 'custom', message: 'Must not be empty' });
  else if (value.length > MAX_TEMPLATE_ID_LENGTH)
    context.addIssue({ code: 'custom', message: `Must be at most ${MAX_TEMPLATE_ID_LENGTH} characters` });
});

function tagProblem(kind: 'names' | 'values', text: string): string | undefined {
  const problem = tagTextProblem(kind, text);
  if (problem) return problem;
  if (kind === 'names' && RESERVED_TAG_NAMES.some((name) => name === text.toLowerCase())) {
    return `Tag names ${RESERVED_TAG_NAMES.join(' and ')} are reserved`;
  }
  return undefined;
}

const tags = z.record(z.string(), z.string()).superRefine(
  (value, context) => {
    const entries = Object.entries(value);
    if (entries.length > MAX_TAGS) context.addIssue({ code: 'custom', message: `At most ${MAX_TAGS} tags`, path: [] });
    for (const [name, tagValue] of entries) {
      const problem =
        tagProblem('names', name) ?? (typeof tagValue === 'string' ? tagProblem('values', tagValue) : undefined);
      if (problem) context.addIssue({ code: 'custom', message: problem, path: [name] });
    }
  },
  { when: (payload) => isRecord(payload.value) },
);

function scheduledAt(now: () => Date) {
  return z.string().transform((value, context) => {
    if (!isIsoDateTimeWithZone(value)) {
      context.addIssue({
        code: 'custom',
        message: 'Must be an ISO 8601 date and time with a time zone (Z or ±HH:MM), e.g. 2030-01-31T09:00:00Z',
      });
      return z.NEVER;
    }
    const at = new Date(value);
    const current = now().getTime();
    if (Number.isNaN(at.getTime()) || at.getTime() <= current) {
      context.addIssue({ code: 'custom', message: 'Must be in the future' });
      return z.NEVER;
    }
    if (at.getTime() > current + MAX_SCHEDULE_AHEAD_MS) {
      context.addIssue({ code: 'custom', message: 'Must be at most 30 days ahead' });
      return z.NEVER;
    }
    return at.toISOString();
  });
}

const RECIPIENT_FIELDS = ['to', 'cc', 'bcc'] as const;

/**
 * The rules between fields. Runs on the partly parsed body (see the file comment), so every
 * value is looked at as `unknown`: a field that failed its own rule holds its raw input or a
 * marker, never a value to trust.
 */
function crossFieldRules(value: Record<string, unknown>, context: z.core.$RefinementCtx<unknown>): void {
  const issue = (path: PropertyKey[], message: string) => context.addIssue({ code: 'custom', message, path });
  const present = (field: string) => value[field] !== undefined;

  // Content: inline (html/text) or a template, not both.
  if (!present('html') && !present('text') && !present('template_id')) {
    issue(['html'], 'Provide html, text or template_id');
  }
  if (present('template_id')) {
    for (const field of ['html', 'text']) {
      if (present(field)) issue([field], 'Not allowed with template_id: the template provides the content');
    }
  } else if (present('template_data')) {
    issue(['template_data'], 'Only allowed with template_id');
  }

  // Recipients: at most MAX_RECIPIENTS in total, no address twice.
  let total = 0;
  const firstPath = new Map<string, string>();
  for (const field of RECIPIENT_FIELDS) {
    const list = value[field];
    if (!Array.isArray(list)) continue;
    total += list.length;
    list.forEach((entry: unknown, index) => {
      if (!isRecord(entry) || typeof entry.email !== 'string') return;
      const normalized = normalizeEmailAddress(entry.email);
      if (!normalized.ok) return;
      const path = `${field}[${index}].email`;
      const first = firstPath.get(normalized.address);
      if (first === undefined) firstPath.set(normalized.address, path);
      else issue([field, index, 'email'], `Duplicate recipient: ${normalized.address} is already in ${first}`);
    });
  }
  if (total > MAX_RECIPIENTS) {
    issue(['to'], `At most ${MAX_RECIPIENTS} recipients in to, cc and bcc together (got ${total})`);
  }

  // reply_to: no address twice.
  const replyTo = value.reply_to;
  if (Array.isArray(replyTo)) {
    const seen = new Set<string>();
    replyTo.forEach((entry: unknown, index) => {
      if (typeof entry !== 'string') return;
      const normalized = normalizeEmailAddress(entry);
      if (!normalized.ok) return;
      if (seen.has(normalized.address)) issue(['reply_to', index], `Duplicate address: ${normalized.address}`);
      seen.add(normalized.address);
    });
  }

  listUnsubscribeRules(value, total, issue);

  // A Reply-To header and the reply_to field would both set the same header.
  const headerValues = value.headers;
  if (present('reply_to') && isRecord(headerValues)) {
    for (const name of Object.keys(headerValues)) {
      if (name.toLowerCase() === 'reply-to') {
        issue(['headers', name], 'Use either the reply_to field or a Reply-To header, not both');
      }
    }
  }
}

/**
 * `list_unsubscribe` and the rest: Postbox's own link names one recipient; the headers it adds are not
 * also given as custom headers, and count towards SES's 15.
 */
function listUnsubscribeRules(
  value: Record<string, unknown>,
  recipients: number,
  issue: (path: PropertyKey[], message: string) => void,
): void {
  const option = value.list_unsubscribe;
  if (option === undefined) return;
  if (option === true && recipients > 1) {
    issue(
      ['list_unsubscribe'],
      `Postbox's one-click link identifies one recipient: send to exactly one (got ${recipients}; a batch gives each recipient an email of its own), or give your own {url, mailto}`,
    );
  }
  const headerValues = value.headers;
  if (!isRecord(headerValues)) return;
  const reserved = LIST_UNSUBSCRIBE_HEADERS.map((name) => name.toLowerCase());
  for (const name of Object.keys(headerValues)) {
    if (reserved.includes(name.toLowerCase())) {
      issue(['headers', name], 'Set by list_unsubscribe: use either the field or the header, not both');
    }
  }
  // What the option adds (its own values are checked by its schema).
  const added = isRecord(option) || option === true ? listUnsubscribeHeaderCount(option) : 0;
  const count = Object.keys(headerValues).length;
  if (count <= MAX_HEADERS && count + added > MAX_HEADERS) {
    issue(['headers'], `At most ${MAX_HEADERS - added} headers with list_unsubscribe (it adds ${added})`);
  }
}

/** The body schema, with the clock used for `scheduled_at` injected (tests pass a fixed one). */
export function buildSendEmailBody(now: () => Date) {
  return z
    .strictObject({
      from: mailbox.meta({ description: 'An address of a domain your organization has verified' }),
      to: z
        .array(mailbox)
        .superRefine((list, context) => {
          if (list.length === 0) context.addIssue({ code: 'custom', message: 'At least one recipient is required' });
        })
        .meta({ description: `At least one; at most ${MAX_RECIPIENTS} recipients in to + cc + bcc, no address twice` }),
      cc: z.array(mailbox).optional(),
      bcc: z.array(mailbox).optional(),
      /** Plain address strings, not `{email, name}` objects. */
      reply_to: z
        .array(emailAddress)
        .superRefine((list, context) => {
          if (list.length > MAX_REPLY_TO)
            context.addIssue({ code: 'custom', message: `At most ${MAX_REPLY_TO} addresses` });
        })
        .optional()
        .meta({ description: `Plain addresses (at most ${MAX_REPLY_TO})` }),
      subject: subject.meta({
        description:
          '1–998 characters; with `template_id`, rendered with `template_data` in place of the template’s subject',
      }),
      html: body
        .optional()
        .meta({ description: 'At most 256 KB (UTF-8). One of `html`, `text`, `template_id` is required' }),
      text: body.optional().meta({ description: 'At most 256 KB (UTF-8)' }),
      template_id: templateId.optional().meta({ description: 'An active template; excludes `html` and `text`' }),
      template_data: templateDataSchema
        .optional()
        .meta({ description: 'The template’s variables (at most 32 levels deep)' }),
      headers: customHeaders.optional().meta({
        description: `At most ${MAX_HEADERS}: \`X-…\` headers and List-Unsubscribe(-Post), Reply-To, In-Reply-To, References`,
      }),
      priority: z.enum(PRIORITIES).default('normal'),
      scheduled_at: scheduledAt(now).optional().meta({
        description: 'ISO 8601 with a time zone, in the future and at most 30 days ahead',
        format: 'date-time',
      }),
      tags: tags.optional().meta({ description: `At most ${MAX_TAGS}; names and values of A–Z a–z 0–9 _ -` }),
      attachments: attachmentsField.optional().meta({
        description:
          'At most 20 files, 25 MB decoded in all: each `{filename, content | attachment_id, content_type?, content_id?, disposition?}`',
      }),
      list_unsubscribe: listUnsubscribeField.optional(),
      tracking: trackingField.optional(),
    })
    .superRefine((value, context) => crossFieldRules(value as Record<string, unknown>, context), {
      when: (payload) => isRecord(payload.value),
    })
    .meta({ id: 'SendEmailRequest' });
}

export const sendEmailBody = buildSendEmailBody(() => new Date());

export type SendEmailRequest = z.output<typeof sendEmailBody>;

/** The custom headers' limits, for the tests and docs that name them. */
export { MAX_HEADER_NAME_LENGTH, MAX_HEADER_VALUE_LENGTH, MAX_HEADERS } from '#emails/custom-headers.ts';

/** The subject and body rules, shared with templates. */
export {
  body as bodySchema,
  MAX_BODY_BYTES,
  MAX_TAG_LENGTH,
  MAX_TEMPLATE_DATA_DEPTH,
  subject as subjectSchema,
  TAG_PATTERN,
  tags as tagsSchema,
  tagTextProblem,
  templateDataSchema,
  templateId as templateIdSchema,
};
