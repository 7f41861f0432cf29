/**
 * The content type a filename implies, from the `mime` package's table. Apart from attachment.ts so
 * that only what defaults a type (attachments.service.ts: uploads, and attachments stored without one)
 * loads the table (~40 KB), not every reader of attachments nor the send and batch schemas.
 */
import mime from 'mime';

/** The content type a filename implies (`application/octet-stream` when its extension says nothing). */
export function contentTypeFor(filename: string): string {
  return mime.getType(filename) ?? 'application/octet-stream';
}
