/** GET /dashboard/assets/{file} — the stylesheet and the copy-button script, cached for a year (URLs carry a content hash). */
import * as z from 'zod';
import { notFound } from '#core/errors.ts';
import { assets } from '#dashboard/assets.ts';
import { SafeHtml } from '#dashboard/html.ts';
import { publicPage } from '#dashboard/page-handler.ts';

export const handler = publicPage({ path: z.object({ file: z.string() }) }, async ({ path }) => {
  const asset = Object.hasOwn(assets, path.file) ? assets[path.file] : undefined;
  if (!asset) throw notFound('File');
  return {
    body: new SafeHtml(asset.body),
    headers: { 'Content-Type': asset.contentType, 'Cache-Control': 'public, max-age=31536000, immutable' },
  };
});
