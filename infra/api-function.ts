/**
 * The one Lambda construct behind every HTTP route, the dashboard, `$default` and every consumer
 * (shaped like the Powertools for AWS Lambda example app's function construct with `bindTable`), and
 * the role it runs as. A FunctionRole grants exactly what the route table declares for a handler,
 * nothing broader; functions whose declared access is identical share one (functions.ts), which keeps
 * the resource count down without widening any function's rights. See docs/architecture.md, "From a
 * route to its code" (IAM grant), and docs/deploy.md, "What the stack creates" (IAM roles).
 */
import { ArnFormat, type Duration, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import { Architecture, type CfnFunction, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { attachmentsBucket } from '#platform/buckets.ts';
import { type QueueName, queueUrlEnvName } from '#platform/queues.ts';
import {
  attachmentGrants,
  KEY_ENCRYPTION_CONTEXT_KEYS,
  type KeyAccess,
  middlewarePartitionKeyPrefixes,
  middlewareUpdatedAttributes,
  middlewareUpdateReturnValues,
  type ResourceAccess,
  type SesAccess,
  sesActions,
  tableActions,
  tableStreamActions,
} from '#platform/route-access.ts';
import { tableDefinition } from '#platform/table.ts';
import { functionCode } from './function-code.ts';

export const SERVICE_NAME = 'postbox';
/** The CloudWatch namespace of Postbox's embedded metrics (shared/core/metrics.ts). */
export const METRICS_NAMESPACE = 'Postbox';

/**
 * The one KMS action behind each key access level. Not CDK's grantEncrypt / grantDecrypt,
 * which add kms:ReEncrypt* and kms:GenerateDataKey*: the key protector
 * (shared/adapters/key-protector.ts) calls only Encrypt and Decrypt.
 */
/**
 * What every KMS call must carry: an encryption context (`Null … false`) made only of a DKIM key's
 * context keys (shared/domains/domains.service.ts: the organization and the domain it belongs to).
 * Stated on the key list rather than per `kms:EncryptionContext:<key>` so that the IAM check of the
 * tests can evaluate it (its simulator ignores the per-key form).
 */
export const keyEncryptionContextCondition = {
  'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': [...KEY_ENCRYPTION_CONTEXT_KEYS] },
  Null: { 'kms:EncryptionContextKeys': 'false' },
};

export const keyActions: Record<KeyAccess, string> = {
  encrypt: 'kms:Encrypt',
  decrypt: 'kms:Decrypt',
};

export interface FunctionRoleProps {
  /**
   * `http` functions run the shared middleware stack (API-key read, rate-limit counter)
   * and get its table actions (held to the middleware's own items) on top of the declared
   * access; `consumer` functions do not.
   */
  kind: 'http' | 'consumer';
  /** Access the route table declares for the handler(s). */
  access: ResourceAccess;
  table: dynamodb.ITable;
  queues: Readonly<Record<QueueName, sqs.IQueue>>;
  /** The key that DKIM private keys are encrypted with (`access.kms`). */
  key: kms.IKey;
  /** The SES configuration sets email is sent through, one per tracking combination (part of the `ses:SendEmail` grant). */
  configurationSets: readonly ses.IConfigurationSet[];
  /** The attachments bucket (`access.attachments`). */
  bucket: s3.IBucket;
  /** The log group its functions write to. */
  logGroup: logs.ILogGroup;
}

/** The execution role of every function whose kind and declared access are these. */
export class FunctionRole extends Construct {
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: FunctionRoleProps) {
    super(scope, id);
    // Not AWSLambdaBasicExecutionRole (logs:CreateLogGroup and writes on every log group of the
    // account): the functions' log group exists, and writing to it is all they need.
    this.role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [props.logGroup.logGroupArn],
      }),
    );
    const { access } = props;
    this.bindTable(props.table, access, props.kind);
    for (const queue of new Set(access.sendTo ?? [])) props.queues[queue].grantSendMessages(this.role);
    // Explicit, though a consumer's event source mapping grants it too: the route table says so.
    for (const queue of new Set(access.changeVisibility ?? [])) {
      props.queues[queue].grant(this.role, 'sqs:ChangeMessageVisibility');
    }
    // On the key's ARN, in the role (the key policy already delegates to IAM in this account), and
    // only with the encryption context the key protector binds each DKIM key to: a call that leaves
    // it out, or adds to it, is refused.
    const levels = [...new Set(access.kms ?? [])];
    if (levels.length > 0) {
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: levels.map((level) => keyActions[level]),
          resources: [props.key.keyArn],
          conditions: keyEncryptionContextCondition,
        }),
      );
    }
    // Object actions on the prefixes each level needs (route-access.ts attachmentGrants), nothing on
    // the bucket itself (no listing).
    for (const level of new Set(access.attachments ?? [])) {
      for (const grant of attachmentGrants[level]) {
        this.role.addToPrincipalPolicy(
          new iam.PolicyStatement({
            actions: [...grant.actions],
            resources: [props.bucket.arnForObjects(`${grant.prefix}*`)],
          }),
        );
      }
    }
    const sesAccess = [...new Set(access.ses ?? [])];
    if (sesAccess.length > 0) {
      const stack = Stack.of(this);
      // SES domain identities of this account and region: which domains is only known at
      // run time (an organization's verified domains), hence the `identity/*` pattern.
      const identityArns = stack.formatArn({
        service: 'ses',
        resource: 'identity',
        resourceName: '*',
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      });
      // SES v2 SendEmail with a configuration set is authorised against the identity and the
      // configuration set both (any of the sets: each tracking combination has its own).
      const configurationSetArns = props.configurationSets.map((configurationSet) =>
        stack.formatArn({
          service: 'ses',
          resource: 'configuration-set',
          resourceName: configurationSet.configurationSetName,
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        }),
      );
      const sesResources: Record<SesAccess, string[]> = {
        identities: [identityArns],
        send: [identityArns, ...configurationSetArns],
      };
      for (const level of sesAccess) {
        this.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: [...sesActions[level]], resources: sesResources[level] }),
        );
      }
    }
  }

  /**
   * HTTP functions: the middleware's actions (shared/platform/route-access.ts middlewareTableActions) on
   * the table itself, never an index (API keys and rate-limit windows are primary-key items),
   * and only on the partition keys the middleware uses (`dynamodb:LeadingKeys`), so a route
   * that declared no `write` cannot update, say, a revoked key or another organization's
   * settings. `ForAllValues` holds vacuously for a request without a partition key, which
   * GetItem and UpdateItem always carry. UpdateItem is further held to the attributes the
   * middleware writes (plus the primary key, which DynamoDB requires in the list) and to
   * ReturnValues that return nothing beyond them. GetItem has no attribute condition: the
   * authentication read fetches the whole key item without a projection.
   *
   * Then each declared level's actions on the table and its indexes, unconditioned, and Query on
   * each index named in `indexQuery`.
   */
  private bindTable(table: dynamodb.ITable, access: ResourceAccess, kind: FunctionRoleProps['kind']): void {
    if (kind === 'http') {
      const leadingKeys = { 'dynamodb:LeadingKeys': [...middlewarePartitionKeyPrefixes] };
      iam.Grant.addToPrincipal({
        grantee: this.role,
        actions: ['dynamodb:GetItem'],
        resourceArns: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': leadingKeys },
      });
      iam.Grant.addToPrincipal({
        grantee: this.role,
        actions: ['dynamodb:UpdateItem'],
        resourceArns: [table.tableArn],
        conditions: {
          'ForAllValues:StringLike': leadingKeys,
          'ForAllValues:StringEquals': {
            'dynamodb:Attributes': [
              tableDefinition.partitionKey,
              tableDefinition.sortKey,
              ...middlewareUpdatedAttributes,
            ],
          },
          // Not ...IfExists: an UpdateItem request always has ReturnValues (NONE by default).
          StringEquals: { 'dynamodb:ReturnValues': [...middlewareUpdateReturnValues] },
        },
      });
    }
    // On the table and each of its indexes by name (not CDK's `index/*`): an index added later is
    // granted only when the table definition names it.
    const tableAndIndexes = [
      table.tableArn,
      ...tableDefinition.globalSecondaryIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
    ];
    const levels = [...new Set(access.table ?? [])];
    if (levels.length > 0) {
      iam.Grant.addToPrincipal({
        grantee: this.role,
        actions: [...new Set(levels.flatMap((level) => tableActions[level]))],
        resourceArns: tableAndIndexes,
      });
    }
    // The stream's read actions on this table's streams only (`<table>/stream/*`, as AWS documents
    // for Lambda triggers), not CDK's grantStreamRead, which adds ListStreams on every resource.
    if ((access.tableStream ?? []).length > 0) {
      iam.Grant.addToPrincipal({
        grantee: this.role,
        actions: [...tableStreamActions],
        resourceArns: [`${table.tableArn}/stream/*`],
      });
    }
    // Query on the named indexes only (not the table, not other indexes).
    const indexes = [...new Set(access.indexQuery ?? [])];
    if (indexes.length > 0) {
      iam.Grant.addToPrincipal({
        grantee: this.role,
        actions: ['dynamodb:Query'],
        resourceArns: indexes.map((index) => `${table.tableArn}/index/${index}`),
      });
    }
  }
}

export interface ApiFunctionProps {
  /** Absolute path of the repository root (the handler's path is relative to it). */
  projectRoot: string;
  /** Handler module relative to the repository root, as in the route table. */
  handler: string;
  kind: FunctionRoleProps['kind'];
  /** Access the route table declares for the handler: names the environment it is given. */
  access: ResourceAccess;
  /** The role it runs as (granting `access`, shared with the functions that declare the same). */
  role: FunctionRole;
  /** The log group it writes to (one for every function of the stack). */
  logGroup: logs.ILogGroup;
  timeout: Duration;
  table: dynamodb.ITable;
  queues: Readonly<Record<QueueName, sqs.IQueue>>;
  key: kms.IKey;
  bucket: s3.IBucket;
  /**
   * The host customers `include:` in their SPF record (SPF_INCLUDE_HOST); set on every
   * `http` function.
   */
  sendingHost: string;
  /** The SES configuration set email is sent through: SES_CONFIGURATION_SET of the functions that declare `ses: ['send']`. */
  configurationSet: ses.IConfigurationSet;
  /** The account's SES send rate (the SesMaxSendRate parameter): SES_MAX_SEND_RATE of the same functions. */
  sesMaxSendRate: string;
  /** Where the API answers, for links in emails (PUBLIC_BASE_URL of the same functions: the unsubscribe link). */
  publicBaseUrl: string;
  /** Deployment settings every function is given, whatever its access. */
  settings?: Readonly<Record<string, string>>;
  description?: string;
}

/** The name of the stack at the root of `scope`'s nesting (the one `cdk deploy` names). */
function rootStackName(scope: Construct): string {
  let stack = Stack.of(scope);
  while (stack.nestedStackParent) stack = stack.nestedStackParent;
  return stack.stackName;
}

export class ApiFunction extends Construct {
  readonly function: LambdaFunction;
  readonly logGroup: logs.ILogGroup;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    this.logGroup = props.logGroup;
    const sendTo = props.access.sendTo ?? [];
    const changeVisibility = props.access.changeVisibility ?? [];
    const keyAccess = props.access.kms ?? [];
    const sesAccess = props.access.ses ?? [];
    this.function = new LambdaFunction(this, 'Function', {
      code: functionCode(props.projectRoot, props.handler),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout,
      role: props.role.role,
      logGroup: props.logGroup,
      environment: {
        TABLE_NAME: props.table.tableName,
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        // The `stack` dimension of every metric (shared/core/metrics.ts).
        // The deployment's stack, also for a function of a nested stack (whose own name is a token).
        POSTBOX_STACK_NAME: rootStackName(this),
        NODE_OPTIONS: '--enable-source-maps',
        ...props.settings,
        ...Object.fromEntries(
          [...sendTo, ...changeVisibility].map((queue) => [queueUrlEnvName(queue), props.queues[queue].queueUrl]),
        ),
        ...(props.kind === 'http' ? { SPF_INCLUDE_HOST: props.sendingHost } : {}),
        // Only where declared: a function without key access cannot even name the key.
        ...(keyAccess.length > 0 ? { KMS_KEY_ID: props.key.keyArn } : {}),
        ...(sesAccess.length > 0 ? { IDENTITY_PROVIDER: 'ses' } : {}),
        ...((props.access.attachments ?? []).length > 0
          ? { [attachmentsBucket.envName]: props.bucket.bucketName }
          : {}),
        ...(sesAccess.includes('send')
          ? {
              SES_CONFIGURATION_SET: props.configurationSet.configurationSetName,
              SES_MAX_SEND_RATE: props.sesMaxSendRate,
              PUBLIC_BASE_URL: props.publicBaseUrl,
            }
          : {}),
      },
      ...(props.description ? { description: props.description } : {}),
    });
    // Which route-table handler this bundle is built from: the local cloud finds the deployed
    // bundles by it (infra/local/bundled-handlers.ts).
    (this.function.node.defaultChild as CfnFunction).addMetadata('postbox:handler', props.handler);
  }
}
