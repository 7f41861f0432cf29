/**
 * The scheduler function: invoked every minute by an EventBridge rule (the local stack: a timer).
 * Releases scheduled emails to the send queue and sweeps emails left unsent (shared/domain/scheduler.ts).
 */
import { runScheduler, type SchedulerRunResult } from '../../shared/domain/scheduler.ts';
import { logger } from '../../shared/logger.ts';

export async function handler(): Promise<SchedulerRunResult> {
  const result = await runScheduler();
  logger.info('scheduler run', { ...result });
  return result;
}
