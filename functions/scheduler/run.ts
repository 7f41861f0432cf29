/**
 * The scheduler function: invoked every minute by an EventBridge rule (the local stack: a timer).
 * Releases scheduled emails to the send queue and sweeps emails left unsent (shared/emails/schedule/scheduler.service.ts).
 */

import { withLambdaLogging } from '#core/lambda-logging.ts';
import { logger } from '#core/logger.ts';
import { runScheduler, type SchedulerRunResult } from '#emails/schedule/scheduler.service.ts';

export const handler = withLambdaLogging(async (): Promise<SchedulerRunResult> => {
  const result = await runScheduler();
  logger.info('scheduler run', { ...result });
  return result;
});
