/**
 * Template entity: the description and the bodies in two items of the organization's template
 * partition, so that listing (which reads every description) never bills the bodies.
 *   template  PK=TMPL#<org>  SK=TEMPLATE#<id>   name, subject, variables, schema, is_active, version
 *   bodies    PK=TMPL#<org>  SK=BODY#<id>       html and text, gzip-compressed
 *   count     PK=TMPL#<org>  SK=COUNT           caps the templates of an organization
 *   usage     PK=TMPLUSE#<org>#<id>  SK=<yyyy-mm-dd>   sends per UTC day (+ last_sent_at); TTL 400 days
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from '#dynamo/batch.ts';
import { db, tableName } from '#dynamo/client.ts';
import { BodiesTooLargeError } from '#dynamo/item-size.ts';
import { keys } from '#dynamo/keys.ts';
import { queryByPrefix, withoutTableKeys } from '#dynamo/reads.ts';
import { conditionalWrite, countUnderCap, failedCondition, type TransactItems, transactWrite } from '#dynamo/writes.ts';
import type { VariableDefinition } from '#templates/template-schema.ts';

/** Each listing reads every description (~1 KB each): 1,000 of them cost ~125 read units. */
export const MAX_TEMPLATES_PER_ORGANIZATION = 1000;
const USAGE_KEPT_SECONDS = 400 * 86_400;

export interface TemplateRecord {
  id: string;
  organization_id: string;
  name: string;
  subject: string;
  html: string | null;
  text: string | null;
  variables: string[];
  variable_schema?: VariableDefinition[];
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export type TemplateSummary = Omit<TemplateRecord, 'html' | 'text'>;

const compress = (body: string | null) => (body === null ? undefined : gzipSync(Buffer.from(body, 'utf8')));
const decompress = (body: Uint8Array | undefined) => (body ? gunzipSync(body).toString('utf8') : null);

function describe(template: TemplateRecord) {
  const { html: _html, text: _text, ...summary } = template;
  return { ...keys.template(template.organization_id, template.id), type: 'template', ...summary };
}

/** Compressed bodies larger than this cannot be stored in one item with room to spare. */
export const MAX_STORED_TEMPLATE_BODY_BYTES = 380_000;

function bodies(template: TemplateRecord) {
  const html_gz = compress(template.html);
  const text_gz = compress(template.text);
  if ((html_gz?.length ?? 0) + (text_gz?.length ?? 0) > MAX_STORED_TEMPLATE_BODY_BYTES) {
    throw new BodiesTooLargeError();
  }
  return {
    ...keys.templateBodies(template.organization_id, template.id),
    type: 'template_bodies',
    ...(html_gz ? { html_gz } : {}),
    ...(text_gz ? { text_gz } : {}),
  };
}

/** Adds a template with the organization's count; false when the organization has the most allowed. */
export async function insertTemplate(template: TemplateRecord): Promise<boolean> {
  try {
    await transactWrite([
      { Put: { TableName: tableName, Item: describe(template), ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { TableName: tableName, Item: bodies(template) } },
      countUnderCap(keys.templateCount(template.organization_id), MAX_TEMPLATES_PER_ORGANIZATION, 'templates'),
    ]);
    return true;
  } catch (error) {
    if (failedCondition(error, 2)) return false;
    throw error;
  }
}

/**
 * Replaces a template whose stored version is still `expectedUpdatedAt` and which is active.
 * False when either changed meanwhile (the caller re-reads: deleted → 404, edited → retry).
 */
export async function replaceTemplate(template: TemplateRecord, expectedUpdatedAt: string): Promise<boolean> {
  const items: TransactItems = [
    {
      Put: {
        TableName: tableName,
        Item: describe(template),
        ConditionExpression: 'updated_at = :expected AND is_active = :active',
        ExpressionAttributeValues: { ':expected': expectedUpdatedAt, ':active': true },
      },
    },
    { Put: { TableName: tableName, Item: bodies(template) } },
  ];
  try {
    await transactWrite(items);
    return true;
  } catch (error) {
    if (failedCondition(error, 0)) return false;
    throw error;
  }
}

/** The template with its bodies (one BatchGetItem, strongly consistent). */
export async function getTemplate(organizationId: string, templateId: string): Promise<TemplateRecord | undefined> {
  const description = keys.template(organizationId, templateId);
  const bodyKey = keys.templateBodies(organizationId, templateId);
  const items = await batchGetAll([description, bodyKey], { consistent: true });
  return templateFromItems(organizationId, templateId, items);
}

/** The template from its description and bodies items (read by getTemplate, or with other keys). */
export function templateFromItems(
  organizationId: string,
  templateId: string,
  items: readonly Record<string, unknown>[],
): TemplateRecord | undefined {
  const description = keys.template(organizationId, templateId);
  const bodyKey = keys.templateBodies(organizationId, templateId);
  const found = items.find((item) => item.PK === description.PK && item.SK === description.SK);
  if (!found) return undefined;
  const stored = items.find((item) => item.PK === bodyKey.PK && item.SK === bodyKey.SK) ?? {};
  return {
    ...(withoutTableKeys(found) as unknown as TemplateSummary),
    html: decompress(stored.html_gz as Uint8Array | undefined),
    text: decompress(stored.text_gz as Uint8Array | undefined),
  };
}

/** Every template description of the organization (no bodies), in one or a few Query pages. */
export async function listTemplateSummaries(organizationId: string): Promise<TemplateSummary[]> {
  const items = await queryByPrefix<Record<string, unknown>>(keys.templatesPrefix(organizationId));
  return items.map((item) => withoutTableKeys(item) as unknown as TemplateSummary);
}

/** Soft delete: false when there is no such template. */
export async function deactivateTemplate(organizationId: string, templateId: string, now: string): Promise<boolean> {
  return conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.template(organizationId, templateId),
      UpdateExpression:
        'SET is_active = :inactive, updated_at = if_not_exists(deleted_at, :now), deleted_at = if_not_exists(deleted_at, :now)',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':inactive': false, ':now': now },
    }),
  );
}

/** What countTemplateSends changed, so that a send that fails can take it back exactly. */
export interface TemplateSendsCount {
  organizationId: string;
  templateId: string;
  sends: number;
  at: string;
  /** The day's `last_sent_at` before; undefined when this count created the day's item. */
  previousLastSentAt: string | undefined;
  createdDay: boolean;
}

/** Counts `sends` emails made from the template now (one UpdateItem on the day's item). */
export async function countTemplateSends(
  organizationId: string,
  templateId: string,
  sends: number,
  at: Date = new Date(),
): Promise<TemplateSendsCount> {
  const iso = at.toISOString();
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.templateUsageDay(organizationId, templateId, iso.slice(0, 10)),
      UpdateExpression: 'ADD sends :n SET last_sent_at = :at, expires_at = :expires, #type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':n': sends,
        ':at': iso,
        ':expires': Math.floor(at.getTime() / 1000) + USAGE_KEPT_SECONDS,
        ':type': 'template_usage',
      },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return {
    organizationId,
    templateId,
    sends,
    at: iso,
    previousLastSentAt: Attributes?.last_sent_at as string | undefined,
    createdDay: Attributes?.sends === undefined,
  };
}

/**
 * Takes back a count of a send that failed: the day's item goes if the count created it and
 * nothing else was counted since; otherwise its sends go down and its `last_sent_at` returns to
 * what it was, unless a later send set it meanwhile.
 */
export async function uncountTemplateSends(count: TemplateSendsCount): Promise<void> {
  const Key = keys.templateUsageDay(count.organizationId, count.templateId, count.at.slice(0, 10));
  const attempts = [
    count.createdDay
      ? new DeleteCommand({
          TableName: tableName,
          Key,
          ConditionExpression: 'sends = :n AND last_sent_at = :at',
          ExpressionAttributeValues: { ':n': count.sends, ':at': count.at },
        })
      : new UpdateCommand({
          TableName: tableName,
          Key,
          UpdateExpression: `ADD sends :minus ${count.previousLastSentAt ? 'SET last_sent_at = :previous' : 'REMOVE last_sent_at'}`,
          ConditionExpression: 'last_sent_at = :at',
          ExpressionAttributeValues: {
            ':minus': -count.sends,
            ':at': count.at,
            ...(count.previousLastSentAt ? { ':previous': count.previousLastSentAt } : {}),
          },
        }),
    new UpdateCommand({
      TableName: tableName,
      Key,
      UpdateExpression: 'ADD sends :minus',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':minus': -count.sends },
    }),
  ];
  for (const command of attempts) {
    if (await conditionalWrite(command)) return;
  }
}

/** Sends over the last 30 UTC days (today included) and the last send: one Query, two when idle. */
export async function readTemplateUsage(
  organizationId: string,
  templateId: string,
  now: Date = new Date(),
): Promise<{ sends_last_30_days: number; last_sent_at: string | null }> {
  const { PK } = keys.templateUsagePartition(organizationId, templateId);
  const since = new Date(now.getTime() - 29 * 86_400_000).toISOString().slice(0, 10);
  const recent = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND SK >= :since',
      ExpressionAttributeValues: { ':pk': PK, ':since': since },
      ScanIndexForward: false,
    }),
  );
  const days = recent.Items ?? [];
  let lastSentAt = (days[0]?.last_sent_at as string | undefined) ?? null;
  if (!lastSentAt) {
    const last = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': PK },
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    lastSentAt = (last.Items?.[0]?.last_sent_at as string | undefined) ?? null;
  }
  return { sends_last_30_days: days.reduce((sum, day) => sum + Number(day.sends ?? 0), 0), last_sent_at: lastSentAt };
}
