/**
 * Bodies of the template routes (docs/api.md, "Templates"):
 * - `name`: 1–200 characters, no line breaks or control characters; names need not be unique.
 * - `subject`, `html`, `text`: the limits of a sent email (subject ≤ 998 characters without line
 *   breaks, bodies ≤ 256 KB in UTF-8). A template needs `html` or `text` (or both): an email must
 *   have a body. `null` is not accepted: a body cannot be removed, only replaced.
 * - `variable_schema`: see template-schema.ts; `[]` removes the schema.
 * - PUT needs at least one field; unknown fields are refused.
 */
import * as z from 'zod';
import { bodySchema, subjectSchema, templateDataSchema } from '#core/content-fields.ts';
import { pageQuery } from '#core/pages.ts';
import { variableSchema } from '#templates/template-schema.ts';

export const MAX_TEMPLATE_NAME_LENGTH = 200;
const CONTROL = /\p{Cc}/u;

const name = z.string().superRefine((value, context) => {
  if (value.trim() === '') context.addIssue({ code: 'custom', message: 'Must not be empty' });
  else if (value.length > MAX_TEMPLATE_NAME_LENGTH)
    context.addIssue({ code: 'custom', message: `Must be at most ${MAX_TEMPLATE_NAME_LENGTH} characters` });
  if (CONTROL.test(value))
    context.addIssue({ code: 'custom', message: 'Must not contain line breaks or control characters' });
});

const fields = {
  name,
  subject: subjectSchema,
  html: bodySchema,
  text: bodySchema,
  variable_schema: variableSchema,
};

export const createTemplateBody = z
  .strictObject({
    name: fields.name,
    subject: fields.subject,
    html: fields.html.optional(),
    text: fields.text.optional(),
    variable_schema: fields.variable_schema.optional(),
  })
  .superRefine((value, context) => {
    if (value.html === undefined && value.text === undefined) {
      context.addIssue({ code: 'custom', path: ['html'], message: 'Provide html, text or both' });
    }
  })
  .meta({ id: 'CreateTemplateRequest' });

export const updateTemplateBody = z
  .strictObject({
    name: fields.name.optional(),
    subject: fields.subject.optional(),
    html: fields.html.optional(),
    text: fields.text.optional(),
    variable_schema: fields.variable_schema.optional(),
  })
  .superRefine((value, context) => {
    if (Object.values(value).every((field) => field === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [],
        message: 'Give at least one of name, subject, html, text, variable_schema',
      });
    }
  })
  .meta({ id: 'UpdateTemplateRequest' });

export const templateListQuery = pageQuery.extend({
  is_active: z.enum(['true', 'false'], { message: 'Must be true or false' }).optional(),
  search: z.string().max(200, 'Must be at most 200 characters').optional(),
});

export const previewBody = z
  .strictObject({ data: templateDataSchema.default({}) })
  .meta({ id: 'PreviewTemplateRequest' });

export type CreateTemplateRequest = z.output<typeof createTemplateBody>;
export type UpdateTemplateRequest = z.output<typeof updateTemplateBody>;
