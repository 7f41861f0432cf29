import { build } from 'esbuild';
import { esbuildOptionsFor } from './infra/bundling.ts';
for (const h of ['functions/emails/send.ts', 'functions/consumers/send-email.ts', 'functions/consumers/ses-events.ts', 'functions/dashboard/router.ts']) {
  const r = await build({ ...esbuildOptionsFor(h, `/tmp/b/${h.replace(/\W/g, '-')}.mjs`), metafile: true, write: true });
  const out = Object.entries(r.metafile!.outputs).find(([k]) => k.endsWith('.mjs'))!;
  const byPkg = new Map<string, number>();
  for (const [file, info] of Object.entries(out[1].inputs)) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
    const key = m ? m[1]! : file.split('/').slice(0, 2).join('/');
    byPkg.set(key, (byPkg.get(key) ?? 0) + info.bytesInOutput);
  }
  console.log(h, Math.round(out[1].bytes / 1024), 'KB');
  console.log([...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `  ${k} ${Math.round(v / 1024)}`).join('\n'));
}
