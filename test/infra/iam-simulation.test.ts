/**
 * The IAM check of the integration run (test/support/iam/) against the real synthesized policies: it
 * allows what a function's route-table access grants and denies the rest, naming the function, the
 * call and the statement — including the call that would have failed in AWS (the middleware's
 * UpdateItem without ReturnValues, which a `dynamodb:ReturnValues` condition refuses).
 */
import { describe, expect, it } from 'vitest';
import { type DeployedPolicies, deployedPolicies } from '../support/iam/policies.ts';
import { type IamRequest, iamRequestsOf, tableArn } from '../support/iam/requests.ts';
import { describeDenial, simulate } from '../support/iam/simulate.ts';

const deployed: DeployedPolicies = deployedPolicies({
  tableName: 'postbox-local',
  queues: {
    send: {
      url: 'http://127.0.0.1:1/000000000000/postbox-local-send',
      deadLetterUrl: 'http://127.0.0.1:1/000000000000/postbox-local-send-dlq',
    },
    webhooks: {
      url: 'http://127.0.0.1:1/000000000000/postbox-local-webhooks',
      deadLetterUrl: 'http://127.0.0.1:1/000000000000/postbox-local-webhooks-dlq',
    },
    inbound: {
      url: 'http://127.0.0.1:1/000000000000/postbox-local-inbound',
      deadLetterUrl: 'http://127.0.0.1:1/000000000000/postbox-local-inbound-dlq',
    },
  },
  configurationSetName: 'postbox',
  attachmentsBucketName: 'postbox-local-attachments',
});

const call = (handler: string, client: string, command: string, input: unknown): IamRequest[] =>
  iamRequestsOf({ handler, client, command, input });

const touchKey = (returnValues?: string) => ({
  TableName: 'postbox-local',
  Key: { PK: { S: 'APIKEY#abc' }, SK: { S: 'APIKEY' } },
  UpdateExpression: 'SET last_used_at = :now',
  ConditionExpression: 'attribute_exists(PK)',
  ExpressionAttributeValues: { ':now': { S: '2026-11-25T00:00:00Z' } },
  ...(returnValues ? { ReturnValues: returnValues } : {}),
});

async function decisions(requests: IamRequest[]) {
  return Promise.all(requests.map((request) => simulate(request, deployed)));
}

describe('the IAM check', () => {
  it('denies the middleware’s UpdateItem without ReturnValues, naming function, call and statement', async () => {
    const [denial] = await decisions(
      call('functions/emails/list.ts', 'DynamoDBClient', 'UpdateItemCommand', touchKey()),
    );
    expect(denial).toBeDefined();
    const text = describeDenial(denial as NonNullable<typeof denial>);
    expect(text).toContain('functions/emails/list.ts: DynamoDBClient UpdateItemCommand → dynamodb:UpdateItem');
    expect(text).toContain(tableArn('postbox-local'));
    expect(text).toMatch(/ImplicitlyDenied/);
    expect(text).toMatch(/condition fails: .*dynamodb:ReturnValues/);
  });

  it('allows it with ReturnValues NONE', async () => {
    expect(
      await decisions(call('functions/emails/list.ts', 'DynamoDBClient', 'UpdateItemCommand', touchKey('NONE'))),
    ).toEqual([undefined]);
  });

  it('holds the middleware’s grant to its keys and attributes', async () => {
    const otherAttribute = { ...touchKey('NONE'), UpdateExpression: 'SET revoked_at = :now' };
    const otherItem = { ...touchKey('NONE'), Key: { PK: { S: 'ORG#1' }, SK: { S: 'ORG' } } };
    for (const input of [otherAttribute, otherItem]) {
      const [denial] = await decisions(call('functions/emails/list.ts', 'DynamoDBClient', 'UpdateItemCommand', input));
      expect(denial?.result).toBe('ImplicitlyDenied');
    }
  });

  it('allows what a route declares and nothing it does not', async () => {
    const getOrganization = {
      TableName: 'postbox-local',
      Key: { PK: { S: 'ORG#1' }, SK: { S: 'ORG' } },
    };
    expect(
      await decisions(call('functions/emails/list.ts', 'DynamoDBClient', 'GetItemCommand', getOrganization)),
    ).toEqual([undefined]);
    const [denied] = await decisions(
      call('functions/unmatched-route.ts', 'DynamoDBClient', 'GetItemCommand', getOrganization),
    );
    expect(denied?.result).toBe('ImplicitlyDenied');
    const send = { FromEmailAddress: 'Acme <hello@acme.example>', ConfigurationSetName: 'postbox' };
    expect(await decisions(call('functions/consumers/send-email.ts', 'SESv2Client', 'SendEmailCommand', send))).toEqual(
      [undefined, undefined],
    );
    const [routeSend] = await decisions(call('functions/emails/send.ts', 'SESv2Client', 'SendEmailCommand', send));
    expect(routeSend?.result).toBe('ImplicitlyDenied');
    const enqueue = { QueueUrl: 'http://127.0.0.1:1/000000000000/postbox-local-send', MessageBody: '{}' };
    expect(await decisions(call('functions/emails/send.ts', 'SQSClient', 'SendMessageCommand', enqueue))).toEqual([
      undefined,
    ]);
    const [listEnqueue] = await decisions(call('functions/emails/list.ts', 'SQSClient', 'SendMessageCommand', enqueue));
    expect(listEnqueue?.result).toBe('ImplicitlyDenied');
  });

  it('holds each function to its attachment prefixes and actions', async () => {
    const bucket = 'postbox-local-attachments';
    const object = (key: string) => ({ Bucket: bucket, Key: key });
    const copy = { Bucket: bucket, Key: 'blobs/org_1/abc', CopySource: `${bucket}/uploads/org_1/att_1` };
    // A blob's refresh: copied onto itself.
    const refresh = { Bucket: bucket, Key: 'blobs/org_1/abc', CopySource: `${bucket}/blobs/org_1/abc` };
    const allowed: Array<[string, string, unknown]> = [
      ['functions/emails/send.ts', 'PutObjectCommand', { ...object('blobs/org_1/abc'), IfNoneMatch: '*' }],
      ['functions/emails/send.ts', 'GetObjectCommand', object('uploads/org_1/att_1')],
      ['functions/emails/send.ts', 'HeadObjectCommand', object('uploads/org_1/att_1')],
      ['functions/emails/send.ts', 'HeadObjectCommand', object('blobs/org_1/abc')],
      ['functions/emails/batch.ts', 'CopyObjectCommand', copy],
      ['functions/emails/batch.ts', 'CopyObjectCommand', refresh],
      ['functions/attachments/create.ts', 'PutObjectCommand', object('uploads/org_1/att_1')],
      ['functions/consumers/send-email.ts', 'GetObjectCommand', object('blobs/org_1/abc')],
    ];
    for (const [handler, command, input] of allowed) {
      expect(await decisions(call(handler, 'S3Client', command, input)), `${handler} ${command}`).not.toContainEqual(
        expect.objectContaining({ result: expect.any(String) }),
      );
    }
    const denied: Array<[string, string, unknown]> = [
      // A send writes blobs, never uploads; the upload route writes uploads, never blobs.
      ['functions/emails/send.ts', 'PutObjectCommand', object('uploads/org_1/att_1')],
      ['functions/attachments/create.ts', 'PutObjectCommand', object('blobs/org_1/abc')],
      ['functions/attachments/create.ts', 'GetObjectCommand', object('uploads/org_1/att_1')],
      ['functions/attachments/create.ts', 'HeadObjectCommand', object('blobs/org_1/abc')],
      // The consumer reads blobs only; a route without attachment access reads nothing.
      ['functions/consumers/send-email.ts', 'GetObjectCommand', object('uploads/org_1/att_1')],
      ['functions/consumers/send-email.ts', 'PutObjectCommand', object('blobs/org_1/abc')],
      ['functions/emails/get.ts', 'GetObjectCommand', object('blobs/org_1/abc')],
      ['functions/emails/send.ts', 'DeleteObjectCommand', object('blobs/org_1/abc')],
    ];
    for (const [handler, command, input] of denied) {
      const results = await decisions(call(handler, 'S3Client', command, input));
      expect(
        results.map((denial) => denial?.result),
        `${handler} ${command}`,
      ).toContain('ImplicitlyDenied');
    }
  });

  it('lets the DKIM key be used only with a DKIM key’s encryption context', async () => {
    const decrypt = (context?: Record<string, string>) =>
      call('functions/domains/verify.ts', 'KMSClient', 'DecryptCommand', {
        CiphertextBlob: 'x',
        ...(context ? { EncryptionContext: context } : {}),
      });
    expect(await decisions(decrypt({ organization_id: 'org', domain_id: 'dom' }))).toEqual([undefined]);
    const [withoutContext] = await decisions(decrypt());
    expect(withoutContext?.result).toBe('ImplicitlyDenied');
    const [otherKeys] = await decisions(decrypt({ organization_id: 'org', domain_id: 'dom', extra: 'x' }));
    expect(otherKeys?.result).toBe('ImplicitlyDenied');
    const [otherContext] = await decisions(decrypt({ tenant: 'org' }));
    expect(otherContext?.result).toBe('ImplicitlyDenied');
  });

  it('lets verify (and the dashboard) set an identity’s MAIL FROM, and the PATCH route no SES call', async () => {
    const mailFrom = { EmailIdentity: 'acme.example', MailFromDomain: 'bounce.acme.example' };
    for (const handler of ['functions/domains/verify.ts', 'functions/dashboard/router.ts']) {
      const command = 'PutEmailIdentityMailFromAttributesCommand';
      expect(await decisions(call(handler, 'SESv2Client', command, mailFrom)), handler).toEqual([undefined]);
    }
    const denied: Array<[string, string]> = [
      // PATCH only records the subdomain: the next verify hands it to SES.
      ['functions/domains/update.ts', 'PutEmailIdentityMailFromAttributesCommand'],
      ['functions/domains/update.ts', 'CreateEmailIdentityCommand'],
      ['functions/domains/list.ts', 'PutEmailIdentityMailFromAttributesCommand'],
      ['functions/emails/send.ts', 'PutEmailIdentityMailFromAttributesCommand'],
    ];
    for (const [handler, command] of denied) {
      const [denial] = await decisions(call(handler, 'SESv2Client', command, mailFrom));
      expect(denial?.result, `${handler} ${command}`).toBe('ImplicitlyDenied');
    }
  });

  it('authorises a transaction item by item, as each item’s action', () => {
    const requests = call('functions/emails/cancel.ts', 'DynamoDBClient', 'TransactWriteItemsCommand', {
      TransactItems: [
        { Put: { TableName: 't', Item: { PK: { S: 'A' }, SK: { S: 'B' } } } },
        { ConditionCheck: { TableName: 't', Key: { PK: { S: 'C' }, SK: { S: 'D' } }, ConditionExpression: 'x = :x' } },
      ],
    });
    expect(requests.map((request) => [request.action, request.context['dynamodb:LeadingKeys']])).toEqual([
      ['dynamodb:PutItem', ['A']],
      ['dynamodb:ConditionCheckItem', ['C']],
    ]);
  });
});
