/**
 * The content rules several requests share (a send, a batch, a template, the list's tag filter, the
 * dashboard's sample data): subject, bodies, template data and SES tag text. Apart from
 * emails/send-request.ts so that what imports them does not load the send body's other fields
 * (attachments and their MIME types), which only the send and batch functions need.
 */
import * as z from 'zod';
import { subjectProblems } from '#core/message-text.ts';

/** `html` and `text` each, in UTF-8 bytes (256 KB). */
export const MAX_BODY_BYTES = 262_144;
export const MAX_TAG_LENGTH = 256;
/** SES MessageTag names and values: ASCII letters, digits, underscore and dash. */
export const TAG_PATTERN = /^[A-Za-z0-9_-]+$/;
/** template_data nesting limit (deeper data is refused, not crashed on). */
export const MAX_TEMPLATE_DATA_DEPTH = 32;

/** How deeply a JSON value nests (iterative, so no input can exhaust the stack). */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current !== 'object' || current === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_TEMPLATE_DATA_DEPTH) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

export const subjectSchema = z.string().superRefine((value, context) => {
  for (const message of subjectProblems(value)) context.addIssue({ code: 'custom', message });
});

export const bodySchema = z.string().superRefine((value, context) => {
  if (value === '') context.addIssue({ code: 'custom', message: 'Must not be empty; leave the field out instead' });
  else if (Buffer.byteLength(value, 'utf8') > MAX_BODY_BYTES)
    context.addIssue({ code: 'custom', message: `Must be at most ${MAX_BODY_BYTES} bytes (256 KB) in UTF-8` });
});

/** Variables for a template: a JSON object, nesting at most MAX_TEMPLATE_DATA_DEPTH levels. */
export const templateDataSchema = z.record(z.string(), z.unknown()).superRefine((data, context) => {
  if (nestingDepth(data) > MAX_TEMPLATE_DATA_DEPTH) {
    context.addIssue({ code: 'custom', message: `Must not nest deeper than ${MAX_TEMPLATE_DATA_DEPTH} levels` });
  }
});

/** What is wrong with a tag name or value by SES's MessageTag rules (also for the list's `tag` filter). */
export function tagTextProblem(kind: 'names' | 'values', text: string): string | undefined {
  if (text.length < 1 || text.length > MAX_TAG_LENGTH) return `Tag ${kind} must be 1–${MAX_TAG_LENGTH} characters`;
  if (!TAG_PATTERN.test(text)) return `Tag ${kind} may only contain ASCII letters, digits, _ and -`;
  return undefined;
}
