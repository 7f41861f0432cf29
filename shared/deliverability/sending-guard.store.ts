/**
 * The sending guard's state, kept on the organization item (PK=ORG#<org>, SK=ORG) so that the send
 * path, which reads that item anyway, sees a pause at no extra cost:
 *   sending_guard            {bounce_rate, complaint_rate, min_volume}  the operator's thresholds
 *   sending_paused_<env>     {paused_at, reason, bounce_rate, complaint_rate, sent}
 *   guard_resumed_<env>      {resumed_at, hour, counted}  (judged from then on)
 * (The organization entity itself is accounts/organization.store.ts; these attributes are the guard's.)
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SendingPause } from '#accounts/organization.ts';
import type { Environment } from '#core/environment.ts';
import type { GuardResume, GuardThresholds } from '#deliverability/sending-guard.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { conditionalWrite } from '#dynamo/writes.ts';

export interface GuardState {
  guard?: Partial<GuardThresholds>;
  paused?: SendingPause;
  resumed?: GuardResume;
}

/** The guard's attributes of one environment; undefined when there is no such organization. */
export async function readGuardState(
  organizationId: string,
  environment: Environment,
): Promise<GuardState | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.organization(organizationId),
      ProjectionExpression: 'PK, sending_guard, #paused, #resumed',
      ExpressionAttributeNames: {
        '#paused': `sending_paused_${environment}`,
        '#resumed': `guard_resumed_${environment}`,
      },
      ConsistentRead: true,
    }),
  );
  if (!Item) return undefined;
  return {
    ...(Item.sending_guard ? { guard: Item.sending_guard as Partial<GuardThresholds> } : {}),
    ...(Item[`sending_paused_${environment}`] ? { paused: Item[`sending_paused_${environment}`] as SendingPause } : {}),
    ...(Item[`guard_resumed_${environment}`] ? { resumed: Item[`guard_resumed_${environment}`] as GuardResume } : {}),
  };
}

/** Pauses the environment unless it is paused already; true when this call paused it. */
export function pauseEnvironment(organizationId: string, environment: Environment, pause: SendingPause) {
  return conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.organization(organizationId),
      UpdateExpression: 'SET #paused = :pause',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#paused)',
      ExpressionAttributeNames: { '#paused': `sending_paused_${environment}` },
      ExpressionAttributeValues: { ':pause': pause },
    }),
  );
}

/** Resumes the environment (paused or not); false when there is no such organization. */
export function resumeEnvironment(organizationId: string, environment: Environment, resume: GuardResume) {
  return conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.organization(organizationId),
      UpdateExpression: 'SET #resumed = :resume REMOVE #paused',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: {
        '#paused': `sending_paused_${environment}`,
        '#resumed': `guard_resumed_${environment}`,
      },
      ExpressionAttributeValues: { ':resume': resume },
    }),
  );
}

/** Sets the organization's thresholds (the ones given; the others keep their value or default). */
export function setGuardThresholds(organizationId: string, thresholds: Partial<GuardThresholds>) {
  const names = Object.keys(thresholds) as Array<keyof GuardThresholds>;
  return conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.organization(organizationId),
      UpdateExpression: `SET sending_guard = if_not_exists(sending_guard, :empty)`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':empty': {} },
    }),
  ).then(async (exists) => {
    if (!exists || names.length === 0) return exists;
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.organization(organizationId),
        UpdateExpression: `SET ${names.map((name) => `sending_guard.#${name} = :${name}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, thresholds[name]])),
      }),
    );
    return true;
  });
}
