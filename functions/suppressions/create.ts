/** POST /api/v1/suppressions — adds (or re-reasons) a manual suppression. */
import { apiHandler } from '#http/api-handler.ts';
import { created } from '#http/response.ts';
import { addSuppression as operation } from '#suppressions/suppressions.contract.ts';
import { addSuppression } from '#suppressions/suppressions.service.ts';

export const handler = apiHandler(operation, async ({ caller, body }) =>
  created(await addSuppression(caller.organizationId, { ...body, source: 'manual' })),
);
