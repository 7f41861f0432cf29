/**
 * A crash of the webhook consumer at any write of an attempt loses no delivery: run in this test's
 * process through the consumer's service against the local stack's table and queue, each write of a
 * successful attempt fails in turn (InjectedFault, as a killed process would stop there); when the
 * claim's and slot's leases have run out the message comes back, and the delivery ends `succeeded`
 * with its attempt recorded once (the endpoint called at least once: at-least-once delivery).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookQueueClient } from '#adapters/webhook-queue.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { getDelivery, insertDelivery } from '#webhooks/webhook-delivery.store.ts';
import { newDelivery } from '#webhooks/webhook-delivery.ts';
import { processDeliveryMessages } from '#webhooks/webhook-queue-consumer.service.ts';
import { createTestOrganization } from '../support/factories.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { InjectedFault, writeFaults } from '../support/write-faults.ts';

const faults = writeFaults([db, webhookQueueClient]);
let hook: WebhookReceiver;
beforeAll(async () => {
  hook = await startWebhookReceiver();
});
afterAll(async () => {
  await hook.close();
});

describe('a crash of the delivery consumer', () => {
  it('at any write of an attempt loses no delivery and records the attempt once', async () => {
    const org = await createTestOrganization();
    const endpoint = (await org.api.post('/api/v1/webhooks', { url: hook.url })).body.data;
    let position = 1;
    for (;;) {
      const eventId = `crash-${position}-${Date.now()}`;
      const now = new Date().toISOString();
      const delivery = newDelivery({
        organizationId: org.organization.id,
        webhookId: endpoint.id,
        eventId,
        payload: { type: 'webhook.test', timestamp: now, data: { event_id: eventId } },
        now,
      });
      await insertDelivery(delivery);
      const message = {
        organization_id: delivery.organization_id,
        webhook_id: delivery.webhook_id,
        delivery_id: delivery.id,
        attempt_count: 0,
      };
      const before = hook.received.length;
      faults.arm(position);
      const [outcome] = await processDeliveryMessages([message]);
      const crashed = outcome?.status === 'rejected';
      if (crashed) expect(outcome.reason).toBeInstanceOf(InjectedFault);
      const writes = faults.writes();
      faults.arm(undefined);
      if (!crashed) {
        // Past the last write: the attempt went through untouched.
        expect(position).toBeGreaterThan(3);
        break;
      }
      // The claim's and the slot's leases run out (time passing, written directly), the message
      // comes back, and the attempt is made again.
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.webhookDelivery(delivery.organization_id, delivery.webhook_id, delivery.id),
          UpdateExpression: 'SET claimed_until = :past',
          ExpressionAttributeValues: { ':past': 0 },
        }),
      );
      for (let slot = 0; slot < 5; slot += 1) {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.webhookSlot(delivery.organization_id, delivery.webhook_id, slot),
            UpdateExpression: 'SET held_until = :past',
            ExpressionAttributeValues: { ':past': 0 },
          }),
        );
      }
      const [again] = await processDeliveryMessages([message]);
      const step = again?.status === 'fulfilled' ? again.value : again?.reason;
      const stored = await getDelivery(delivery);
      expect(stored?.status, `crash at write ${position} (${writes.join(', ')})`).toBe('succeeded');
      expect(stored?.attempts).toHaveLength(1);
      expect(['attempted', 'stale']).toContain(step);
      expect(hook.received.length - before).toBeGreaterThanOrEqual(1);
      position += 1;
    }
  });
});
