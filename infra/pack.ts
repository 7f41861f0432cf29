/**
 * `npm run pack`: the two packages a customer installs, as tarballs in dist/packages/ —
 * `@postbox/sdk` (its own build: tsc) and `@postbox/local` (local/scripts/build.ts: the handlers, the
 * local cloud and its CLI built to JavaScript). Installable from those files alone (docs/testing-your-app.md).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { PROJECT_ROOT } from './functions.ts';

const out = path.join(PROJECT_ROOT, 'dist', 'packages');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const npm = (cwd: string, args: string[]) =>
  execFileSync('npm', args, { cwd: path.join(PROJECT_ROOT, cwd), stdio: ['ignore', 'ignore', 'inherit'] });

npm('.', ['exec', '--', 'tsx', 'local/scripts/build.ts']);
npm('local', ['pack', '--ignore-scripts', '--pack-destination', out]);
npm('sdk', ['pack', '--pack-destination', out]);
for (const file of readdirSync(out)) {
  console.log(`${path.join('dist', 'packages', file)}  ${(statSync(path.join(out, file)).size / 1024).toFixed(0)} KiB`);
}
