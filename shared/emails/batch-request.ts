/**
 * The body of POST /api/v1/emails/batch, checked at two levels: the whole batch (400 VALIDATION_ERROR: its
 * shape, `template_id`, `from`, `subject`, 1–1,000 `recipients`) and each entry (a rejected entry, the rest
 * is sent: parseBatchEntry). The batch's other fields (`reply_to`, `tags`, `priority`, `attachments`,
 * `list_unsubscribe`, `tracking`) apply to every email. The rules: docs/api.md, "Batch send".
 */
import * as z from 'zod';
import { attachmentsField } from '#attachments/attachment-request.ts';
import { emailAddress } from '#core/email-address.ts';
import {
  mailbox,
  PRIORITIES,
  subjectSchema,
  tagsSchema,
  templateDataSchema,
  templateIdSchema,
} from '#emails/send-request.ts';
import { listUnsubscribeField } from '#unsubscribe/list-unsubscribe.ts';
import { trackingField } from '#unsubscribe/tracking.ts';

export const MAX_BATCH_RECIPIENTS = 1000;

/**
 * What an entry should be, for the document; entries are checked one by one (parseBatchEntry), so a
 * bad entry rejects only itself.
 */
const batchEntryShape = z.unknown().meta({
  description: 'An entry: `{to: {email, name?}, data?}`; a malformed entry is rejected alone (`rejected`)',
  type: 'object',
  properties: { to: { $ref: '#/components/schemas/Mailbox' }, data: { type: 'object', additionalProperties: {} } },
  required: ['to'],
});

export const batchSendBody = z
  .strictObject({
    template_id: templateIdSchema,
    from: mailbox,
    subject: subjectSchema.optional(),
    recipients: z.array(batchEntryShape).superRefine((list, context) => {
      if (list.length === 0) context.addIssue({ code: 'custom', message: 'At least one recipient is required' });
      if (list.length > MAX_BATCH_RECIPIENTS) {
        context.addIssue({ code: 'custom', message: `At most ${MAX_BATCH_RECIPIENTS} recipients per batch` });
      }
    }),
    reply_to: z.array(emailAddress).max(10).optional(),
    tags: tagsSchema.optional(),
    priority: z.enum(PRIORITIES).default('normal'),
    attachments: attachmentsField
      .optional()
      .meta({ description: 'Carried by every email of the batch, stored once (the rules of a single send’s)' }),
    list_unsubscribe: listUnsubscribeField
      .optional()
      .meta({ description: 'As on a single send; with `true`, every recipient gets a link of its own' }),
    tracking: trackingField.optional(),
  })
  .meta({ id: 'BatchSendRequest' });

export type BatchSendRequest = z.output<typeof batchSendBody>;

const batchEntry = z.strictObject({ to: mailbox, data: templateDataSchema.optional() });
export type BatchEntry = z.output<typeof batchEntry>;

/** One entry, or a readable sentence saying why it is rejected. */
export function parseBatchEntry(entry: unknown): { ok: true; entry: BatchEntry } | { ok: false; error: string } {
  const parsed = batchEntry.safeParse(entry);
  if (parsed.success) return { ok: true, entry: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'entry';
  if (issue?.path[0] === 'to' && issue.path[1] === 'email')
    return { ok: false, error: `Invalid address: ${issue.message}` };
  return { ok: false, error: `Invalid entry (${where}): ${issue?.message ?? 'must be {to: {email, name}, data}'}` };
}
