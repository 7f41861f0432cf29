/** GET /dashboard/assets/{file} — the stylesheet and the copy-button script, cached for a year (URLs carry a content hash). */
import { z } from 'zod';
import { assets } from '../../shared/dashboard/assets.ts';
import { SafeHtml } from '../../shared/dashboard/html.ts';
import { publicPage } from '../../shared/dashboard/page-handler.ts';
import { notFound } from '../../shared/errors.ts';

export const handler = publicPage({ path: z.object({ file: z.string() }) }, async ({ path }) => {
  const asset = Object.hasOwn(assets, path.file) ? assets[path.file] : undefined;
  if (!asset) throw notFound('File');
  return {
    body: new SafeHtml(asset.body),
    headers: { 'Content-Type': asset.contentType, 'Cache-Control': 'public, max-age=31536000, immutable' },
  };
});
