/** GET /api/v1/metrics — deliverability counts and rates of a range, from the counters. */
import { getMetrics as operation } from '#deliverability/metrics.contract.ts';
import { getMetrics } from '#deliverability/metrics.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';

export const handler = apiHandler(operation, async ({ caller, query }) => ok(await getMetrics(caller, query)));
