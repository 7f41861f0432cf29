/**
 * `postbox.attachments`: declare a file and upload it to its presigned URL, to name it in sends.
 * See sdk/README.md and docs/api.md.
 */
import type { RequestOptions } from '../options.js';
import type { Transport } from '../transport.js';
import type { CreateAttachmentRequest, ResponseData } from '../types.js';

export class Attachments {
  readonly #http: Transport;
  constructor(http: Transport) {
    this.#http = http;
  }

  /** `POST /attachments`: declares a file (≤ 25 MB) and answers its presigned PUT (1 hour). */
  create(request: CreateAttachmentRequest, options?: RequestOptions): Promise<ResponseData<'createAttachment'>> {
    return this.#http.data({ method: 'POST', path: '/attachments', body: request, options });
  }

  /**
   * Declares and uploads a file in one call; name its `id` in sends as `attachment_id` (for 7 days):
   * `emails.send({…, attachments: [{ filename, attachment_id: upload.id }]})`.
   */
  async upload(
    file: Uint8Array | Blob,
    meta: { filename: string; content_type?: string },
    options?: RequestOptions,
  ): Promise<ResponseData<'createAttachment'>> {
    const size = file instanceof Uint8Array ? file.byteLength : file.size;
    const upload = await this.create({ ...meta, size }, options);
    await this.#http.putPresigned(upload.upload_url, upload.upload_headers, file, options);
    return upload;
  }
}
