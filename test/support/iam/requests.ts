/**
 * From an AWS SDK call to the IAM requests AWS authorises for it: the action, the resource ARN and
 * the condition keys IAM evaluates (DynamoDB's fine-grained keys: LeadingKeys, Attributes,
 * ReturnValues, Select; SQS's queue; SES's identity and configuration set; KMS's key and encryption
 * context; S3's object). A transaction is authorised item by item, as the item's own action; a batch as the
 * batch action, with every item's partition key. Names are turned into ARNs of a fixed account and
 * region (the synthesized policies are resolved with the same values: policies.ts).
 */
import type { AwsCall } from '#core/aws-call-recording.ts';
import { tableDefinition } from '#platform/table.ts';

export const ACCOUNT = '123456789012';
export const REGION = 'us-east-1';
export const PARTITION = 'aws';

export type ContextValue = string | string[];

export interface IamRequest {
  handler: string;
  action: string;
  resource: string;
  context: Record<string, ContextValue>;
  /** The SDK call it comes from, for the report (`DynamoDBClient UpdateItemCommand`). */
  call: string;
}

export const tableArn = (name: string): string => `arn:${PARTITION}:dynamodb:${REGION}:${ACCOUNT}:table/${name}`;
export const queueArn = (name: string): string => `arn:${PARTITION}:sqs:${REGION}:${ACCOUNT}:${name}`;
export const sesArn = (resource: string): string => `arn:${PARTITION}:ses:${REGION}:${ACCOUNT}:${resource}`;
export const bucketArn = (name: string): string => `arn:${PARTITION}:s3:::${name}`;
/** The DKIM key, as KMS_KEY_ID names it in AWS. */
export const DKIM_KEY_ARN = `arn:${PARTITION}:kms:${REGION}:${ACCOUNT}:key/00000000-0000-0000-0000-000000000000`;

type AttributeValue = Record<string, unknown>;
type Item = Record<string, AttributeValue | unknown>;

/** A key attribute's value, marshalled (`{S: "…"}`) or not. */
function keyValue(value: unknown): string {
  if (value && typeof value === 'object' && 'S' in value) return String((value as { S: unknown }).S);
  return String(value);
}

const EXPRESSION_WORDS = new Set([
  'set',
  'remove',
  'add',
  'delete',
  'and',
  'or',
  'not',
  'between',
  'in',
  'attribute_exists',
  'attribute_not_exists',
  'attribute_type',
  'begins_with',
  'contains',
  'size',
  'if_not_exists',
  'list_append',
]);

/** The top-level attribute names an expression names (`#n` resolved, values `:v` skipped). */
function expressionAttributes(expression: string | undefined, names: Record<string, string> | undefined): string[] {
  if (!expression) return [];
  const found = new Set<string>();
  for (const match of expression.matchAll(/(?<![\w:#.[])([#]?[A-Za-z_][\w]*)/g)) {
    const token = match[1] ?? '';
    if (token.startsWith('#')) {
      const name = names?.[token];
      if (name) found.add(name);
    } else if (!EXPRESSION_WORDS.has(token.toLowerCase())) {
      found.add(token);
    }
  }
  return [...found];
}

interface ItemRequest {
  TableName?: string;
  Key?: Item;
  Item?: Item;
  UpdateExpression?: string;
  ConditionExpression?: string;
  ProjectionExpression?: string;
  KeyConditionExpression?: string;
  FilterExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
  ReturnValues?: string;
  Select?: string;
  IndexName?: string;
}

/** The condition keys of a single-item or query request. */
function dynamoContext(request: ItemRequest, kind: 'read' | 'write' | 'query'): Record<string, ContextValue> {
  const context: Record<string, ContextValue> = {};
  const names = request.ExpressionAttributeNames;
  const key = request.Key ?? request.Item;
  if (key && tableDefinition.partitionKey in key) {
    context['dynamodb:LeadingKeys'] = [keyValue(key[tableDefinition.partitionKey])];
  }
  if (kind === 'query' && request.KeyConditionExpression) {
    // The partition key's equality: `PK = :pk` or `#pk = :pk`.
    const match = /([#]?\w+)\s*=\s*(:\w+)/.exec(request.KeyConditionExpression);
    const value = match?.[2] ? request.ExpressionAttributeValues?.[match[2]] : undefined;
    if (value !== undefined) context['dynamodb:LeadingKeys'] = [keyValue(value)];
  }
  const attributes = new Set<string>();
  if (request.ProjectionExpression) {
    for (const name of expressionAttributes(request.ProjectionExpression, names)) attributes.add(name);
  }
  if (kind === 'write') {
    for (const name of Object.keys(request.Key ?? {})) attributes.add(name);
    for (const name of Object.keys(request.Item ?? {})) attributes.add(name);
    for (const name of expressionAttributes(request.UpdateExpression, names)) attributes.add(name);
    for (const name of expressionAttributes(request.ConditionExpression, names)) attributes.add(name);
  }
  if (attributes.size > 0) context['dynamodb:Attributes'] = [...attributes].sort();
  if (request.ReturnValues) context['dynamodb:ReturnValues'] = request.ReturnValues;
  if (request.Select) context['dynamodb:Select'] = request.Select;
  return context;
}

const WRITE_ITEM_ACTIONS: Record<string, string> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

function dynamoRequests(command: string, input: Record<string, unknown>): Omit<IamRequest, 'handler' | 'call'>[] {
  const operation = command.replace(/Command$/, '');
  const single = (action: string, request: ItemRequest, kind: 'read' | 'write' | 'query') => ({
    action,
    resource: tableArn(request.TableName ?? '?') + (request.IndexName ? `/index/${request.IndexName}` : ''),
    context: dynamoContext(request, kind),
  });
  switch (operation) {
    case 'GetItem':
      return [single('dynamodb:GetItem', input as ItemRequest, 'read')];
    case 'Query':
      return [single('dynamodb:Query', input as ItemRequest, 'query')];
    case 'PutItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [single(`dynamodb:${operation}`, input as ItemRequest, 'write')];
    case 'TransactWriteItems':
      return ((input.TransactItems ?? []) as Array<Record<string, ItemRequest>>).flatMap((item) =>
        Object.entries(item).map(([kind, request]) => single(WRITE_ITEM_ACTIONS[kind] ?? `?${kind}`, request, 'write')),
      );
    case 'TransactGetItems':
      return ((input.TransactItems ?? []) as Array<{ Get: ItemRequest }>).map((item) =>
        single('dynamodb:GetItem', item.Get, 'read'),
      );
    case 'BatchGetItem':
      return Object.entries((input.RequestItems ?? {}) as Record<string, { Keys: Item[] }>).map(([table, request]) => ({
        action: 'dynamodb:BatchGetItem',
        resource: tableArn(table),
        context: {
          'dynamodb:LeadingKeys': [...new Set(request.Keys.map((key) => keyValue(key[tableDefinition.partitionKey])))],
        },
      }));
    case 'BatchWriteItem':
      return Object.entries(
        (input.RequestItems ?? {}) as Record<
          string,
          Array<{ PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }>
        >,
      ).map(([table, requests]) => ({
        action: 'dynamodb:BatchWriteItem',
        resource: tableArn(table),
        context: {
          'dynamodb:LeadingKeys': [
            ...new Set(
              requests.map((request) =>
                keyValue((request.PutRequest?.Item ?? request.DeleteRequest?.Key)?.[tableDefinition.partitionKey]),
              ),
            ),
          ],
        },
      }));
    default:
      return [{ action: `dynamodb:${operation}`, resource: tableArn(String(input.TableName ?? '?')), context: {} }];
  }
}

/** The queue's name: the last segment of its URL. */
const queueName = (url: unknown): string =>
  String(url ?? '')
    .split('/')
    .pop() ?? '';

function sqsRequests(command: string, input: Record<string, unknown>): Omit<IamRequest, 'handler' | 'call'>[] {
  const operation = command.replace(/Command$/, '').replace(/Batch$/, '');
  return [{ action: `sqs:${operation}`, resource: queueArn(queueName(input.QueueUrl)), context: {} }];
}

function sesRequests(command: string, input: Record<string, unknown>): Omit<IamRequest, 'handler' | 'call'>[] {
  const operation = command.replace(/Command$/, '');
  if (operation === 'SendEmail') {
    const from = String(input.FromEmailAddress ?? '');
    const domain = (/@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? '').toLowerCase();
    const requests = [{ action: 'ses:SendEmail', resource: sesArn(`identity/${domain}`), context: {} }];
    if (input.ConfigurationSetName) {
      requests.push({
        action: 'ses:SendEmail',
        resource: sesArn(`configuration-set/${String(input.ConfigurationSetName)}`),
        context: {},
      });
    }
    return requests;
  }
  return [
    { action: `ses:${operation}`, resource: sesArn(`identity/${String(input.EmailIdentity ?? '?')}`), context: {} },
  ];
}

function kmsRequests(command: string, input: Record<string, unknown>): Omit<IamRequest, 'handler' | 'call'>[] {
  const context: Record<string, ContextValue> = {};
  const encryptionContext = (input.EncryptionContext ?? {}) as Record<string, string>;
  for (const [key, value] of Object.entries(encryptionContext)) context[`kms:EncryptionContext:${key}`] = value;
  if (Object.keys(encryptionContext).length > 0) context['kms:EncryptionContextKeys'] = Object.keys(encryptionContext);
  // Decrypt may name no key (the ciphertext does): Postbox has one.
  const keyId = String(input.KeyId ?? DKIM_KEY_ARN);
  const resource = keyId.startsWith('arn:') ? keyId : `arn:${PARTITION}:kms:${REGION}:${ACCOUNT}:key/${keyId}`;
  return [{ action: `kms:${command.replace(/Command$/, '')}`, resource, context }];
}

/**
 * S3 object calls (presigned ones too: recorded when signed) on `bucket/key`. A copy is authorised as
 * a read of its source and a write of its target; a HeadObject as a read (s3:GetObject: IAM has no
 * HeadObject action).
 */
function s3Requests(command: string, input: Record<string, unknown>): Omit<IamRequest, 'handler' | 'call'>[] {
  const operation = command.replace(/Command$/, '');
  const object = (bucketAndKey: string) => `${bucketArn('')}${bucketAndKey}`;
  const target = object(`${String(input.Bucket ?? '?')}/${String(input.Key ?? '?')}`);
  if (operation === 'CopyObject') {
    return [
      { action: 's3:GetObject', resource: object(decodeURIComponent(String(input.CopySource ?? '?'))), context: {} },
      { action: 's3:PutObject', resource: target, context: {} },
    ];
  }
  const action = operation === 'HeadObject' ? 'GetObject' : operation;
  return [{ action: `s3:${action}`, resource: target, context: {} }];
}

/** The IAM requests one SDK call is authorised as. */
export function iamRequestsOf(call: AwsCall): IamRequest[] {
  const input = (call.input ?? {}) as Record<string, unknown>;
  const translate: Record<string, typeof dynamoRequests> = {
    DynamoDBClient: dynamoRequests,
    SQSClient: sqsRequests,
    SESv2Client: sesRequests,
    KMSClient: kmsRequests,
    S3Client: s3Requests,
  };
  const requests = translate[call.client]?.(call.command, input) ?? [
    { action: `?${call.client}:${call.command}`, resource: '*', context: {} },
  ];
  return requests.map((request) => ({ ...request, handler: call.handler, call: `${call.client} ${call.command}` }));
}
