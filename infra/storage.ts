/**
 * What Postbox keeps: the one DynamoDB table (its keys and indexes from
 * shared/platform/table.ts, which the local cloud provisions too) and the KMS key DKIM private
 * keys are encrypted with. Both are retained when the stack is deleted: the table holds every
 * organization's data, and without the key no stored DKIM private key could be read.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { attachmentsBucket, INBOUND_RETENTION_DAYS } from '#platform/buckets.ts';
import { tableDefinition } from '#platform/table.ts';

/** The alias of the key that encrypts DKIM private keys: the stack's name keeps two stacks apart. */
export const dkimKeyAlias = (stackName: string): string => `alias/${stackName.toLowerCase()}-dkim`;

export function createTable(scope: Construct): dynamodb.Table {
  const string = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });
  const table = new dynamodb.Table(scope, 'Table', {
    partitionKey: string(tableDefinition.partitionKey),
    sortKey: string(tableDefinition.sortKey),
    billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
    stream: dynamodb.StreamViewType[tableDefinition.streamViewType],
    // The table holds every organization's keys and data: deleting the stack keeps it, and
    // nothing deletes it without first turning deletion protection off.
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
  });
  for (const index of tableDefinition.globalSecondaryIndexes) {
    table.addGlobalSecondaryIndex({
      indexName: index.indexName,
      partitionKey: string(index.partitionKey),
      sortKey: string(index.sortKey),
      ...(index.projection.type === 'INCLUDE'
        ? {
            projectionType: dynamodb.ProjectionType.INCLUDE,
            nonKeyAttributes: [...index.projection.nonKeyAttributes],
          }
        : { projectionType: dynamodb.ProjectionType[index.projection.type] }),
    });
  }
  return table;
}

/**
 * The customer-managed key DKIM private keys are encrypted with before they are stored.
 * Functions get only the key actions their route table entry declares (IAM policies; the
 * default key policy lets this account's IAM grant them). Retained: deleting it would make
 * every stored DKIM private key unreadable.
 */
export function createDkimKey(scope: Construct): kms.Key {
  return new kms.Key(scope, 'DkimKey', {
    description: 'Postbox: encrypts the DKIM private keys of sending domains',
    alias: dkimKeyAlias(Stack.of(scope).stackName),
    enableKeyRotation: true,
    removalPolicy: RemovalPolicy.RETAIN,
  });
}

/**
 * The attachments bucket (shared/platform/buckets.ts: its prefixes and their expiry, which the local
 * S3 emulator's bucket shares): private (every public access blocked, objects owned by the bucket
 * owner, no ACLs), encrypted at rest (SSE-S3), reachable over TLS only. Functions get exactly the
 * actions and prefixes their route table entry declares (`attachments`). Retained when the stack is
 * deleted, like the table: it holds customers' files (which expire by themselves). A received message's
 * files expire a day after its record, whose retention the deployment sets (`inboundRetentionDays`).
 */
export function createAttachmentsBucket(
  scope: Construct,
  inboundRetentionDays: number = INBOUND_RETENTION_DAYS,
): s3.Bucket {
  const expirationDays = (rule: (typeof attachmentsBucket.lifecycle)[number]): number =>
    rule.prefix === attachmentsBucket.prefixes.inboundFiles ? inboundRetentionDays + 1 : rule.expirationDays;
  return new s3.Bucket(scope, 'AttachmentsBucket', {
    encryption: s3.BucketEncryption.S3_MANAGED,
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    enforceSSL: true,
    versioned: false,
    lifecycleRules: [
      ...attachmentsBucket.lifecycle.map((rule) => ({
        id: `expire-${rule.prefix.replace(/\/$/, '')}`,
        prefix: rule.prefix,
        expiration: Duration.days(expirationDays(rule)),
      })),
      { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
    ],
    removalPolicy: RemovalPolicy.RETAIN,
  });
}
