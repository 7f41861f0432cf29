/**
 * Who sent in an hour, and up to when the scheduler has looked at immediate emails. An immediate email
 * has no due entry (only its `queued` status entry, GSI4): the scheduler finds one left unsent through
 * the organizations that sent in its hour (schedule/unindexed-sweep.service.ts). docs/data-model.md,
 * "The due index (GSI2)" and D7.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Environment } from '#core/environment.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { queryAll } from '#dynamo/reads.ts';

/** Kept past any sweep of the hour's emails (the scheduler looks at them 16 minutes after their send). */
const REGISTRY_RETENTION_SECONDS = 3 * 86_400;

/** The UTC hour of an epoch time, `yyyy-mm-ddThh`. */
export const hourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/** What this instance wrote already: one write per organization, environment and hour. */
const marked = new Set<string>();

/**
 * Records that the organization accepts emails (of `environment`) from `atMs` on, once per function
 * instance and hour: a send waits for it before storing its email (a sender the scheduler does not
 * know of is never swept). Within a minute of the next hour, that hour too (the email's `created_at`
 * is taken a little later).
 */
export async function markActiveSender(organizationId: string, environment: Environment, atMs: number) {
  const hours = new Set([hourOf(atMs), hourOf(atMs + 60_000)]);
  await Promise.all([...hours].map((hour) => markHour(hour, organizationId, environment, atMs)));
}

async function markHour(hour: string, organizationId: string, environment: Environment, atMs: number) {
  const key = `${hour}|${organizationId}|${environment}`;
  if (marked.has(key)) return;
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.activeSender(hour, organizationId, environment),
        type: 'active_sender',
        organization_id: organizationId,
        environment,
        expires_at: Math.floor(atMs / 1000) + REGISTRY_RETENTION_SECONDS,
      },
    }),
  );
  marked.add(key);
  if (marked.size > 10_000) marked.clear();
}

/** The organizations and environments that accepted an email in the hour (one Query, paged). */
export async function readActiveSenders(
  hour: string,
): Promise<Array<{ organizationId: string; environment: Environment }>> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.activeSendersOfHour(hour).PK },
  });
  return items.map((item) => ({
    organizationId: String(item.organization_id),
    environment: item.environment as Environment,
  }));
}

/** Up to when (epoch ms, exclusive) immediate emails were looked at; undefined before the first run. */
export async function readSweepMark(organizationId?: string): Promise<number | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.unindexedSweepMark(organizationId), ConsistentRead: true }),
  );
  return typeof Item?.through === 'string' ? Date.parse(Item.through) : undefined;
}

export async function writeSweepMark(throughMs: number, organizationId?: string): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.unindexedSweepMark(organizationId),
        type: 'sweep_mark',
        through: new Date(throughMs).toISOString(),
      },
    }),
  );
}
