/**
 * Bodies of the template routes: a template's `name`, its `subject`, `html` and `text` with the limits
 * of a sent email (so a template can always be sent), and its variable schema (template-schema.ts).
 * The rules (a body needed, none removable, PUT's fields): docs/api.md, "Templates".
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
