/**
 * The rules of storing an email's attachments (attachments.service.ts), on an in-memory bucket and
 * upload table: a blob is created once from the bytes that were hashed and never replaced (an old one
 * is refreshed by a copy onto itself); an upload is sealed at its first send to the hash and ETag of
 * what was read, and refused once its object holds other bytes; a request over 25 MB is refused from
 * the upload records, before any file is read. (Through HTTP and the S3 emulator:
 * test/integration/attachment-immutability.test.ts.)
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttachmentUpload } from '#attachments/attachment.ts';
import type { RequestedAttachment } from '#attachments/attachment-request.ts';

interface FakeObject {
  bytes: Buffer;
  etag: string;
  lastModified: Date;
}

const fake = vi.hoisted(() => ({
  objects: new Map<string, FakeObject>(),
  uploads: new Map<string, AttachmentUpload>(),
  calls: [] as string[],
}));

vi.mock('#adapters/attachment-storage.ts', () => ({
  presignUpload: vi.fn(),
  objectState: vi.fn(async (key: string) => {
    fake.calls.push(`head ${key}`);
    const object = fake.objects.get(key);
    return object && { etag: object.etag, size: object.bytes.length, lastModified: object.lastModified };
  }),
  readObjectVersion: vi.fn(async (key: string) => {
    fake.calls.push(`read ${key}`);
    const object = fake.objects.get(key);
    return object && { bytes: Buffer.from(object.bytes), etag: object.etag };
  }),
  createObject: vi.fn(async (key: string, bytes: Uint8Array) => {
    fake.calls.push(`create ${key}`);
    if (fake.objects.has(key)) return false;
    putFake(key, Buffer.from(bytes));
    return true;
  }),
  refreshObject: vi.fn(async (key: string) => {
    fake.calls.push(`refresh ${key}`);
    const object = fake.objects.get(key);
    if (!object) return false;
    object.lastModified = new Date();
    return true;
  }),
}));

vi.mock('#attachments/attachment-upload.store.ts', () => ({
  putUpload: vi.fn(),
  getUpload: vi.fn(async (_organizationId: string, id: string) => fake.uploads.get(id)),
  sealUpload: vi.fn(async (_organizationId: string, id: string, sealed: { sha256: string; etag: string }) => {
    const upload = fake.uploads.get(id);
    if (!upload || (upload.sha256 !== undefined && upload.sha256 !== sealed.sha256)) return false;
    fake.uploads.set(id, { ...upload, ...sealed });
    return true;
  }),
}));

const { storeAttachments } = await import('#attachments/attachments.service.ts');

const ORG = 'org_1';
const DAY_MS = 86_400_000;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const blobKey = (bytes: Buffer) => `blobs/${ORG}/${sha256(bytes)}`;

function putFake(key: string, bytes: Buffer, lastModified = new Date()): void {
  fake.objects.set(key, { bytes, etag: `"${createHash('md5').update(bytes).digest('hex')}"`, lastModified });
}

const inline = (bytes: Buffer): RequestedAttachment => ({
  filename: 'a.pdf',
  content_type: null,
  content_id: null,
  disposition: 'attachment',
  source: { kind: 'content', bytes },
});

const byId = (id: string): RequestedAttachment => ({
  ...inline(Buffer.alloc(0)),
  source: { kind: 'upload', attachment_id: id },
});

let uploadCount = 0;
/** An upload record (its id in the real format) and, unless `bytes` is undefined, its object. */
function givenUpload(bytes: Buffer | undefined, size = bytes?.length ?? 1, fields: Partial<AttachmentUpload> = {}) {
  uploadCount += 1;
  const id = `att_${String(uploadCount).padStart(26, '0')}`;
  fake.uploads.set(id, {
    id,
    organization_id: ORG,
    filename: 'a.pdf',
    content_type: 'application/pdf',
    size,
    created_at: new Date().toISOString(),
    upload_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    usable_until: new Date(Date.now() + 7 * DAY_MS).toISOString(),
    ...fields,
  });
  if (bytes) putFake(`uploads/${ORG}/${id}`, bytes);
  return id;
}

async function refusal(requested: RequestedAttachment[]) {
  try {
    await storeAttachments(ORG, requested);
  } catch (error) {
    return (error as { code: string; details?: Array<{ field: string; message: string }> }).details;
  }
  throw new Error('expected the attachments to be refused');
}

const ORIGINAL = Buffer.from('CCCCC');
const SWAPPED = Buffer.from('DDDDD');

beforeEach(() => {
  fake.objects.clear();
  fake.uploads.clear();
  fake.calls.length = 0;
});

describe('blobs', () => {
  it('creates a blob once, from the bytes hashed, and never writes it again', async () => {
    expect(await storeAttachments(ORG, [inline(ORIGINAL)])).toMatchObject([{ sha256: sha256(ORIGINAL), size: 5 }]);
    expect(fake.objects.get(blobKey(ORIGINAL))?.bytes).toEqual(ORIGINAL);
    fake.calls.length = 0;
    await storeAttachments(ORG, [inline(ORIGINAL)]);
    expect(fake.calls).toEqual([`head ${blobKey(ORIGINAL)}`]);
  });

  it('refreshes a blob older than a day by a copy onto itself, never by writing bytes', async () => {
    // Whatever a blob holds is never replaced by a send (here: bytes that are not its name's).
    putFake(blobKey(ORIGINAL), SWAPPED, new Date(Date.now() - 2 * DAY_MS));
    await storeAttachments(ORG, [inline(ORIGINAL)]);
    expect(fake.calls).toEqual([`head ${blobKey(ORIGINAL)}`, `refresh ${blobKey(ORIGINAL)}`]);
    expect(fake.objects.get(blobKey(ORIGINAL))?.bytes).toEqual(SWAPPED);
  });
});

describe('uploads', () => {
  it('seals an upload at its first send to what was read, and then carries its blob without reading it', async () => {
    const id = givenUpload(ORIGINAL);
    expect(await storeAttachments(ORG, [byId(id)])).toMatchObject([{ sha256: sha256(ORIGINAL), size: 5 }]);
    const upload = fake.objects.get(`uploads/${ORG}/${id}`);
    expect(fake.uploads.get(id)).toMatchObject({ sha256: sha256(ORIGINAL), etag: upload?.etag });
    expect(fake.objects.get(blobKey(ORIGINAL))?.bytes).toEqual(ORIGINAL);
    fake.calls.length = 0;
    expect(await storeAttachments(ORG, [byId(id)])).toMatchObject([{ sha256: sha256(ORIGINAL) }]);
    expect(fake.calls).toEqual([`head uploads/${ORG}/${id}`, `head ${blobKey(ORIGINAL)}`]);
  });

  it('refuses a sealed upload whose object holds other bytes, and takes it again once it holds its own', async () => {
    const id = givenUpload(ORIGINAL);
    await storeAttachments(ORG, [byId(id)]);
    putFake(`uploads/${ORG}/${id}`, SWAPPED);
    fake.calls.length = 0;
    expect(await refusal([inline(Buffer.from('x')), byId(id)])).toEqual([
      { field: 'attachments[1].attachment_id', message: expect.stringMatching(/other bytes than at its first send/) },
    ]);
    // Never read, never stored: the other bytes.
    expect(fake.calls).not.toContain(`read uploads/${ORG}/${id}`);
    expect(fake.objects.has(blobKey(SWAPPED))).toBe(false);
    expect(fake.objects.get(blobKey(ORIGINAL))?.bytes).toEqual(ORIGINAL);
    putFake(`uploads/${ORG}/${id}`, ORIGINAL);
    expect(await storeAttachments(ORG, [byId(id)])).toMatchObject([{ sha256: sha256(ORIGINAL) }]);
  });

  it('refuses an upload a concurrent first send sealed to other bytes', async () => {
    const id = givenUpload(SWAPPED);
    // What the concurrent send wrote while this one read the later bytes.
    fake.uploads.set(id, { ...(fake.uploads.get(id) as AttachmentUpload), sha256: sha256(ORIGINAL) });
    expect(await refusal([byId(id)])).toEqual([
      { field: 'attachments[0].attachment_id', message: expect.stringMatching(/other bytes than at its first send/) },
    ]);
  });

  it('reads again an upload hashed before uploads were sealed (no ETag), and holds it to that hash', async () => {
    const same = givenUpload(ORIGINAL, 5, { sha256: sha256(ORIGINAL) });
    expect(await storeAttachments(ORG, [byId(same)])).toMatchObject([{ sha256: sha256(ORIGINAL) }]);
    expect(fake.uploads.get(same)?.etag).toBe(fake.objects.get(`uploads/${ORG}/${same}`)?.etag);
    const changed = givenUpload(SWAPPED, 5, { sha256: sha256(ORIGINAL) });
    expect((await refusal([byId(changed)]))?.map((detail) => detail.field)).toEqual(['attachments[0].attachment_id']);
  });

  it('refuses more than 25 MB from the upload records, before reading any file', async () => {
    const large = givenUpload(undefined, 25 * 1024 * 1024);
    expect(await refusal([byId(large), inline(Buffer.from('one byte too many'))])).toEqual([
      { field: 'attachments', message: expect.stringMatching(/at most 25 MB/) },
    ]);
    expect(fake.calls).toEqual([]);
  });

  it('names an upload not uploaded yet, or of another size than declared', async () => {
    const pending = givenUpload(undefined, 100);
    const short = givenUpload(Buffer.from('abc'), 4);
    expect(await refusal([byId(pending), byId(short)])).toEqual([
      { field: 'attachments[0].attachment_id', message: expect.stringMatching(/not been uploaded/) },
      { field: 'attachments[1].attachment_id', message: 'The upload holds 3 bytes, not the 4 declared' },
    ]);
  });
});

describe('content types', () => {
  it('keeps a given type, else takes the upload’s declared one, else the filename’s', async () => {
    const declared = givenUpload(ORIGINAL, ORIGINAL.length, { content_type: 'text/csv' });
    const stored = await storeAttachments(ORG, [
      { ...inline(ORIGINAL), filename: 'notes.ics' },
      { ...inline(ORIGINAL), filename: 'notes.ics', content_type: 'text/plain' },
      byId(declared),
      { ...byId(declared), content_type: 'application/octet-stream' },
      { ...inline(ORIGINAL), filename: 'no-extension' },
    ]);
    expect(stored.map((attachment) => attachment.content_type)).toEqual([
      'text/calendar',
      'text/plain',
      'text/csv',
      'application/octet-stream',
      'application/octet-stream',
    ]);
  });
});
