/** The templates routes' contract (shared/platform/api-operation.ts): create, list, get, update, delete, preview. */
import * as z from 'zod';
import { defineOperation } from '#platform/api-operation.ts';
import { deleted, idPath, timestamp } from '#platform/api-schemas.ts';
import { createTemplateBody, previewBody, templateListQuery, updateTemplateBody } from '#templates/template-request.ts';
import { VARIABLE_TYPES } from '#templates/template-schema.ts';

export const variableDefinitionView = z
  .strictObject({
    name: z.string(),
    type: z.enum(VARIABLE_TYPES),
    required: z.boolean(),
    default_value: z.unknown().optional(),
  })
  .meta({ id: 'TemplateVariable' });

const templateFields = {
  id: z.string().meta({ example: 'tmpl_01JDX3S8KQ2V7M4N6P8R0T2W4Y' }),
  name: z.string(),
  subject: z.string(),
  variables: z.array(z.string()).meta({ description: 'Every variable the template’s parts use' }),
  variable_schema: z
    .array(variableDefinitionView)
    .optional()
    .meta({ description: 'Present when the template declares one' }),
  is_active: z.boolean().meta({ description: '`false` once deleted' }),
  created_at: timestamp,
  updated_at: timestamp,
};

export const templateSummary = z.strictObject(templateFields).meta({ id: 'TemplateSummary' });

export const templateView = z
  .strictObject({ ...templateFields, html_body: z.string().nullable(), text_body: z.string().nullable() })
  .meta({ id: 'Template' });

export const templateDetail = templateView
  .extend({
    usage: z.strictObject({ sends_last_30_days: z.int(), last_sent_at: timestamp.nullable() }),
  })
  .meta({ id: 'TemplateDetail' });

export const templatePreview = z
  .strictObject({
    subject: z.string(),
    html: z.string().nullable(),
    text: z.string().nullable(),
    variables: z.array(z.string()),
    warnings: z.array(z.strictObject({ variable: z.string(), message: z.string() })),
  })
  .meta({ id: 'TemplatePreview' });

export const createTemplate = defineOperation({
  endpoint: 'POST /templates',
  permission: 'full_access',
  operationId: 'createTemplate',
  summary: 'Create a template',
  description: 'Handlebars-style `{{variables}}` in the subject and bodies; an optional `variable_schema` types them.',
  tag: 'Templates',
  body: createTemplateBody,
  status: 201,
  response: templateView,
  errors: ['CONFLICT'],
  examples: {
    request: {
      name: 'Order shipped',
      subject: 'Your order #{{order_number}} has shipped',
      html: '<p>Hi {{first_name}}, your order is on its way.</p>',
      variable_schema: [{ name: 'order_number', type: 'string', required: true }],
    },
  },
});

export const listTemplates = defineOperation({
  endpoint: 'GET /templates',
  permission: 'full_access',
  operationId: 'listTemplates',
  summary: 'List templates',
  description: 'Newest first; `search` matches the name or subject (case-insensitive substring).',
  tag: 'Templates',
  query: templateListQuery,
  status: 200,
  response: templateSummary,
  paginated: true,
});

export const getTemplate = defineOperation({
  endpoint: 'GET /templates/{id}',
  permission: 'full_access',
  operationId: 'getTemplate',
  summary: 'Get a template',
  description: 'Active or deleted, with its usage over the last 30 days.',
  tag: 'Templates',
  path: idPath,
  status: 200,
  response: templateDetail,
  errors: ['NOT_FOUND'],
});

export const updateTemplate = defineOperation({
  endpoint: 'PUT /templates/{id}',
  permission: 'full_access',
  operationId: 'updateTemplate',
  summary: 'Update a template',
  description: 'Changes the fields given; sends accepted before keep what they rendered.',
  tag: 'Templates',
  path: idPath,
  body: updateTemplateBody,
  status: 200,
  response: templateView,
  errors: ['NOT_FOUND'],
});

export const deleteTemplate = defineOperation({
  endpoint: 'DELETE /templates/{id}',
  permission: 'full_access',
  operationId: 'deleteTemplate',
  summary: 'Delete a template',
  description: 'Soft: `is_active` becomes `false` and sends with it are refused. Deleting twice is fine.',
  tag: 'Templates',
  path: idPath,
  status: 200,
  response: deleted,
  errors: ['NOT_FOUND'],
});

export const previewTemplate = defineOperation({
  endpoint: 'POST /templates/{id}/preview',
  permission: 'full_access',
  operationId: 'previewTemplate',
  summary: 'Preview a template',
  description: 'Renders with `data` without sending; problems a send would refuse are `warnings`.',
  tag: 'Templates',
  path: idPath,
  body: previewBody,
  status: 200,
  response: templatePreview,
  errors: ['NOT_FOUND'],
  examples: { request: { data: { first_name: 'Jane', order_number: '1042' } } },
});
