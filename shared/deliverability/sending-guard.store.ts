/**
 * The sending guard's state, kept on the organization item (PK=ORG#<org>, SK=ORG) so that the send
 * path, which reads that item anyway, sees a pause at no extra cost:
 *   sending_guard_<env>      {bounce_rate?, complaint_rate?, min_volume?, enabled?}  the operator's settings
 *   sending_paused_<env>     {paused_at, reason, bounce_rate, complaint_rate, sent}
 *   guard_resumed_<env>      {resumed_at, hour, counted}  (judged from then on)
 * (The organization entity itself is accounts/organization.store.ts; these attributes are the guard's.)
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SendingPause } from '#accounts/organization.ts';
import type { Environment } from '#core/environment.ts';
import type { GuardResume, GuardSettings } from '#deliverability/sending-guard.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { conditionalWrite } from '#dynamo/writes.ts';
import { sendingPauseAttribute } from '#platform/table.ts';

export interface GuardState {
  settings?: GuardSettings;
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
      ProjectionExpression: 'PK, #settings, #paused, #resumed',
      ExpressionAttributeNames: {
        '#settings': `sending_guard_${environment}`,
        '#paused': sendingPauseAttribute(environment),
        '#resumed': `guard_resumed_${environment}`,
      },
      ConsistentRead: true,
    }),
  );
  if (!Item) return undefined;
  return {
    ...(Item[`sending_guard_${environment}`]
      ? { settings: Item[`sending_guard_${environment}`] as GuardSettings }
      : {}),
    ...(Item[sendingPauseAttribute(environment)]
      ? { paused: Item[sendingPauseAttribute(environment)] as SendingPause }
      : {}),
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
      ExpressionAttributeNames: { '#paused': sendingPauseAttribute(environment) },
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
        '#paused': sendingPauseAttribute(environment),
        '#resumed': `guard_resumed_${environment}`,
      },
      ExpressionAttributeValues: { ':resume': resume },
    }),
  );
}

/** Sets an environment's guard settings (the ones given; the others keep their value or default). */
export function setGuardSettings(organizationId: string, environment: Environment, settings: GuardSettings) {
  const names = Object.keys(settings) as Array<keyof GuardSettings>;
  const attribute = { '#settings': `sending_guard_${environment}` };
  return conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.organization(organizationId),
      UpdateExpression: 'SET #settings = if_not_exists(#settings, :empty)',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: attribute,
      ExpressionAttributeValues: { ':empty': {} },
    }),
  ).then(async (exists) => {
    if (!exists || names.length === 0) return exists;
    // A second update: DynamoDB refuses to create the map and set its members in one expression.
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.organization(organizationId),
        UpdateExpression: `SET ${names.map((name) => `#settings.#${name} = :${name}`).join(', ')}`,
        ExpressionAttributeNames: { ...attribute, ...Object.fromEntries(names.map((name) => [`#${name}`, name])) },
        ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, settings[name]])),
      }),
    );
    return true;
  });
}
