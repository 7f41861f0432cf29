/** The suppressions routes' contract (shared/platform/api-operation.ts): list, add, remove. */
import * as z from 'zod';
import { emailAddress } from '#core/email-address.ts';
import { pageQuery } from '#core/pages.ts';
import { defineOperation } from '#platform/api-operation.ts';
import { deleted, idPath } from '#platform/api-schemas.ts';
import { SUPPRESSION_REASONS } from '#suppressions/suppression.ts';

export const suppressionView = z
  .strictObject({
    id: z.string().meta({ example: 'sup_8Hq2nV5kT1xW3zL7' }),
    email: z.string().meta({ description: 'Normalised: lower case, punycode domain', example: 'jane@example.org' }),
    reason: z.enum(SUPPRESSION_REASONS),
    source: z
      .enum(['automatic', 'manual'])
      .meta({ description: '`automatic`: from a bounce, complaint or unsubscribe' }),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'Suppression' });

export const addSuppressionBody = z
  .strictObject({ email: emailAddress, reason: z.enum(SUPPRESSION_REASONS) })
  .meta({ id: 'AddSuppressionRequest' });

export const listSuppressions = defineOperation({
  endpoint: 'GET /suppressions',
  permission: 'full_access',
  operationId: 'listSuppressions',
  summary: 'List suppressed addresses',
  description: 'Newest first.',
  tag: 'Suppressions',
  query: pageQuery,
  status: 200,
  response: suppressionView,
  paginated: true,
});

export const addSuppression = defineOperation({
  endpoint: 'POST /suppressions',
  permission: 'full_access',
  operationId: 'addSuppression',
  summary: 'Suppress an address',
  description:
    'Stops every send to the address. An address already suppressed keeps its entry (same `id`, `source` and `created_at`) with the new reason.',
  tag: 'Suppressions',
  body: addSuppressionBody,
  status: 201,
  response: suppressionView,
  examples: { request: { email: 'jane@example.org', reason: 'manual' } },
});

export const removeSuppression = defineOperation({
  endpoint: 'DELETE /suppressions/{id}',
  permission: 'full_access',
  operationId: 'removeSuppression',
  summary: 'Remove a suppression',
  description: 'The address can receive email again.',
  tag: 'Suppressions',
  path: idPath,
  status: 200,
  response: deleted,
  errors: ['NOT_FOUND'],
});
