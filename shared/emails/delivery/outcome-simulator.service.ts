/** Runs the simulated outcome of an email (simulated-notifications.ts) through the path of real SES events. */

import { type SimulatedEmail, simulatedNotifications } from '#emails/delivery/simulated-notifications.ts';
import { handleSesNotification, type SesNotificationResult } from '#emails/events/ses-events.service.ts';

/**
 * Simulates what SES would report back for an email it accepted as `sesMessageId` at `sentAt` (epoch
 * ms), one notification after the other (as SES would, roughly), each through handleSesNotification.
 * Run again with the same `sentAt` (the scheduler does, for an email whose outcome never came), it
 * writes nothing twice: the events have the same ids, and suppressions follow only new events.
 */
export async function simulateOutcomes(
  email: SimulatedEmail,
  sesMessageId: string,
  sentAt: number = Date.now(),
): Promise<SesNotificationResult[]> {
  const results: SesNotificationResult[] = [];
  for (const notification of simulatedNotifications(email, sesMessageId, sentAt)) {
    results.push(await handleSesNotification(notification));
  }
  return results;
}
