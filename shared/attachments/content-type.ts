/**
 * The content type a filename implies, from the `mime` package's table. Apart from attachment.ts so
 * that only what defaults a type (the request's rules, the upload service) loads the table (~40 KB),
 * not every reader of attachments (the dashboard, GET /emails/:id).
 */
import mime from 'mime';

/** The content type a filename implies (`application/octet-stream` when its extension says nothing). */
export function contentTypeFor(filename: string): string {
  return mime.getType(filename) ?? 'application/octet-stream';
}
