/**
 * Content-addressed attachments are immutable, on the local stack: bytes an email was
 * accepted with are the bytes SES gets and the dashboard downloads, whatever is PUT to an upload's URL
 * afterwards. An upload is sealed at its first send (a later send of it holding other bytes is a 400
 * on `attachments[i].attachment_id`); the first send stores the very bytes it hashed even when the
 * upload changes between its read and the store; and a blob that no longer hashes to its name (as the
 * old copy-over-the-blob could leave one) is never handed to SES.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, inject, it, vi } from 'vitest';
import { createApiKey } from '#accounts/accounts.service.ts';
import { createMember } from '#accounts/members.service.ts';
import type { RequestedAttachment } from '#attachments/attachment-request.ts';
import { storeAttachments } from '#attachments/attachments.service.ts';
import { runScheduler } from '#emails/schedule/scheduler.service.ts';
import { objectKeys } from '#platform/buckets.ts';
import { DashboardBrowser, MEMBER_PASSWORD } from '../support/dashboard.ts';
import { createSender, sendRequest } from '../support/factories.ts';
import { acceptedId, client, expectError } from '../support/http.ts';
import { localBucketClient } from '../support/s3-bucket.ts';
import { eventually, type StoredMessage, sesMessages } from '../support/ses-store.ts';

const { env } = inject('localCloud');
const bucket = localBucketClient();

const MINUTE = 60_000;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** "CCCCC" and "DDDDD" of the issue, with a random tail so that each run has blobs of its own. */
const tail = randomBytes(4).toString('hex');
const ORIGINAL = Buffer.from(`CCCCC${tail}`);
const SWAPPED = Buffer.from(`DDDDD${tail}`);

type Sender = Awaited<ReturnType<typeof createSender>>;
type Api = Sender['api'];

async function blobBytes(organizationId: string, hash: string): Promise<Buffer> {
  const object = await bucket.send(
    new GetObjectCommand({ Bucket: env.ATTACHMENTS_BUCKET, Key: objectKeys.blob(organizationId, hash) }),
  );
  return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
}

/** POST /attachments, then the PUT it presigned. */
async function upload(api: Api, filename: string, bytes: Buffer) {
  const created = await api.post('/api/v1/attachments', { filename, size: bytes.length });
  expect(created.status, created.text).toBe(201);
  const data = created.body.data as { id: string; upload_url: string; upload_headers: Record<string, string> };
  await putTo(data, bytes);
  return data;
}

/** A PUT to the upload's presigned URL (valid for an hour, as often as the holder likes). */
async function putTo(uploaded: { upload_url: string; upload_headers: Record<string, string> }, bytes: Buffer) {
  const put = await fetch(uploaded.upload_url, { method: 'PUT', headers: uploaded.upload_headers, body: bytes });
  expect(put.status, await put.text()).toBe(200);
}

async function delivered(subject: string): Promise<StoredMessage> {
  const [message] = await eventually(async () => {
    const messages = await sesMessages(subject);
    return messages.length > 0 ? messages : undefined;
  }, 20_000);
  return message as StoredMessage;
}

const partBytes = (message: StoredMessage) =>
  (message.attachments ?? []).map((part) => Buffer.from(part.content, 'base64'));

/** Only 127.0.0.0/8 and ::1 are ever fetched. */
function loopbackUrl(url: string): URL {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!((isIP(host) === 4 && host.startsWith('127.')) || host === '::1')) throw new Error(`not loopback: ${url}`);
  return parsed;
}

/** What a member's Download of the email's first attachment serves. */
async function downloaded(browser: DashboardBrowser, emailId: string): Promise<Buffer> {
  const link = await browser.get(`/dashboard/emails/${emailId}/attachments/0`);
  expect(link.status, link.text.slice(0, 300)).toBe(302);
  const file = await fetch(loopbackUrl(link.location ?? ''), { redirect: 'error' });
  expect(file.status).toBe(200);
  return Buffer.from(await file.arrayBuffer());
}

describe('attachment bytes once an email is accepted', () => {
  it('replays the issue: a scheduled live email keeps its bytes when a test key re-PUTs its upload', async () => {
    const live = await createSender({ environment: 'live' });
    const organizationId = live.organization.id;
    const testKey = await createApiKey({ organizationId, name: 'ci', environment: 'test' });
    const test = client(testKey.secret);
    const memberEmail = `member-${randomBytes(6).toString('hex')}@example.com`;
    await createMember(organizationId, memberEmail, MEMBER_PASSWORD);
    const browser = new DashboardBrowser();
    await browser.signIn(memberEmail, MEMBER_PASSWORD);
    const attachment = { filename: 'contract.pdf' };

    // 1. The live key schedules an email whose inline attachment holds the original bytes.
    const start = Date.now();
    const subject = `Contract ${randomUUID()}`;
    const scheduled = acceptedId(
      await live.send({
        subject,
        scheduled_at: new Date(start + 20 * MINUTE).toISOString(),
        attachments: [{ ...attachment, content: ORIGINAL.toString('base64') }],
      }),
    );

    // 2. A test key of the same organization uploads the same bytes and sends them by attachment_id.
    const uploaded = await upload(test, 'contract.pdf', ORIGINAL);
    const byId = [{ ...attachment, attachment_id: uploaded.id }];
    const first = acceptedId(
      await test.post(
        '/api/v1/emails/send',
        sendRequest(live.domain, { subject: `A ${randomUUID()}`, attachments: byId }),
      ),
    );
    expect((await test.get(`/api/v1/emails/${first}`)).body.data.attachments).toMatchObject([
      { size: ORIGINAL.length, sha256: sha256(ORIGINAL) },
    ]);

    // 3. Other bytes PUT to the same URL (S3 takes them: the URL is valid for an hour); a send naming
    // the upload is refused rather than send, or store, bytes other than those its id was sealed to.
    await putTo(uploaded, SWAPPED);
    const again = await test.post(
      '/api/v1/emails/send',
      sendRequest(live.domain, { subject: `B ${randomUUID()}`, attachments: byId }),
    );
    const refused = expectError(again, 400, 'VALIDATION_ERROR');
    expect(refused.details).toEqual([
      { field: 'attachments[0].attachment_id', message: expect.stringMatching(/other bytes than at its first send/) },
    ]);

    // 4. The scheduled email reaches SES with the original bytes, as GET /emails/{id} says; the blob
    // and every download of both emails serve them.
    expect(await runScheduler(start + 20 * MINUTE, { organizationId })).toMatchObject({ released: 1 });
    const message = await delivered(subject);
    expect(partBytes(message)).toEqual([ORIGINAL]);
    expect((await live.api.get(`/api/v1/emails/${scheduled}`)).body.data.attachments).toMatchObject([
      { size: ORIGINAL.length, sha256: sha256(ORIGINAL) },
    ]);
    expect(await blobBytes(organizationId, sha256(ORIGINAL))).toEqual(ORIGINAL);
    expect(await downloaded(browser, scheduled)).toEqual(ORIGINAL);
    expect(await downloaded(browser, first)).toEqual(ORIGINAL);

    // The original bytes PUT back: the upload is usable again, and sends them.
    await putTo(uploaded, ORIGINAL);
    const restored = acceptedId(
      await test.post(
        '/api/v1/emails/send',
        sendRequest(live.domain, { subject: `C ${randomUUID()}`, attachments: byId }),
      ),
    );
    expect((await test.get(`/api/v1/emails/${restored}`)).body.data.attachments).toMatchObject([
      { sha256: sha256(ORIGINAL) },
    ]);
  });

  it('stores the bytes it hashed when the upload changes between its first read and the store', async () => {
    const org = await createSender();
    const organizationId = org.organization.id;
    const uploaded = await upload(org.api, 'race.pdf', ORIGINAL);
    const uploadKey = objectKeys.upload(organizationId, uploaded.id);
    const requested: RequestedAttachment = {
      filename: 'race.pdf',
      content_type: null,
      content_id: null,
      disposition: 'attachment',
      source: { kind: 'upload', attachment_id: uploaded.id },
    };
    // The service runs here, against the stack's S3 and table; the moment S3 has answered the first
    // read of the upload, its URL PUTs other bytes — what a second PUT racing the first send does.
    const send = S3Client.prototype.send;
    let raced = false;
    const spy = vi.spyOn(S3Client.prototype, 'send').mockImplementation(async function (
      this: S3Client,
      ...args: Parameters<S3Client['send']>
    ) {
      const output = await (send as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      const [command] = args;
      if (!raced && command instanceof GetObjectCommand && command.input.Key === uploadKey) {
        raced = true;
        await putTo(uploaded, SWAPPED);
      }
      return output;
    });
    let stored: Awaited<ReturnType<typeof storeAttachments>>;
    try {
      stored = await storeAttachments(organizationId, [requested]);
    } finally {
      spy.mockRestore();
    }
    expect(raced).toBe(true);
    expect(stored).toMatchObject([{ size: ORIGINAL.length, sha256: sha256(ORIGINAL) }]);
    expect(await blobBytes(organizationId, sha256(ORIGINAL))).toEqual(ORIGINAL);

    // The upload was sealed to what was read: it now holds other bytes, so a send naming it is refused.
    const later = await org.send({ attachments: [{ filename: 'race.pdf', attachment_id: uploaded.id }] });
    expect(expectError(later, 400, 'VALIDATION_ERROR').details?.map((detail) => detail.field)).toEqual([
      'attachments[0].attachment_id',
    ]);
    expect(await blobBytes(organizationId, sha256(ORIGINAL))).toEqual(ORIGINAL);
  });

  it('never hands SES a blob that no longer hashes to the SHA-256 its email was accepted with', async () => {
    const live = await createSender({ environment: 'live' });
    const organizationId = live.organization.id;
    const start = Date.now();
    const subject = `Damaged ${randomUUID()}`;
    const bytes = Buffer.from(`EEEEE${randomBytes(4).toString('hex')}`);
    const id = acceptedId(
      await live.send({
        subject,
        scheduled_at: new Date(start + 20 * MINUTE).toISOString(),
        attachments: [{ filename: 'contract.pdf', content: bytes.toString('base64') }],
      }),
    );
    // What the copy over an existing blob could leave before blobs were immutable.
    await bucket.send(
      new PutObjectCommand({
        Bucket: env.ATTACHMENTS_BUCKET,
        Key: objectKeys.blob(organizationId, sha256(bytes)),
        Body: Buffer.from(`FFFFF${bytes.subarray(5).toString()}`),
      }),
    );
    expect(await runScheduler(start + 20 * MINUTE, { organizationId })).toMatchObject({ released: 1 });
    const email = await eventually(async () => {
      const got = (await live.api.get(`/api/v1/emails/${id}`)).body.data;
      return got.status === 'failed' ? got : undefined;
    }, 20_000);
    expect(email.events).toContainEqual(
      expect.objectContaining({ type: 'failed', detail: 'An attachment of the email is no longer stored' }),
    );
    expect(await sesMessages(subject)).toEqual([]);
  });
});
