/** POST /api/v1/suppressions — adds (or re-reasons) a manual suppression. */
import * as z from 'zod';
import { emailAddress } from '#core/email-address.ts';
import { apiHandler } from '#http/api-handler.ts';
import { created } from '#http/response.ts';
import { SUPPRESSION_REASONS } from '#suppressions/suppression.ts';
import { addSuppression } from '#suppressions/suppressions.service.ts';

const body = z.strictObject({ email: emailAddress, reason: z.enum(SUPPRESSION_REASONS) });

export const handler = apiHandler({ body }, async ({ caller, body }) =>
  created(await addSuppression(caller.organizationId, { ...body, source: 'manual' })),
);
