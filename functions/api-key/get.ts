/** GET /api/v1/api-key */

import { getApiKey as operation } from '#accounts/api-keys.contract.ts';
import { describeCallingKey } from '#accounts/calling-key.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';

export const handler = apiHandler(operation, async ({ caller }) => ok(describeCallingKey(caller)));
