/** GET /api/v1/settings/sending — the sending guard's state for the key's environment. */
import { getSendingSettings as operation } from '#deliverability/sending.contract.ts';
import { sendingStatus } from '#deliverability/sending-guard.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';

export const handler = apiHandler(operation, async ({ caller }) => ok(await sendingStatus(caller)));
