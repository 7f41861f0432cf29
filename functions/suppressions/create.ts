/** POST /api/v1/suppressions — adds (or re-reasons) a manual suppression. */
import { z } from 'zod';
import { SUPPRESSION_REASONS } from '../../shared/data/suppressions.ts';
import { addSuppression } from '../../shared/domain/suppressions.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { created } from '../../shared/http/response.ts';
import { emailAddress } from '../../shared/http/schemas.ts';

const body = z.strictObject({ email: emailAddress, reason: z.enum(SUPPRESSION_REASONS) });

export const handler = apiHandler({ body }, async ({ caller, body }) =>
  created(await addSuppression(caller.organizationId, { ...body, source: 'manual' })),
);
