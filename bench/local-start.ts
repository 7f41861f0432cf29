/**
 * `npm run bench -- local-start [runs]` (default 5): @postbox/local as a customer runs it — the built
 * package (`npm run pack` first: it reads local/dist) — started cold `runs` times one after the other:
 * time from `startPostbox()` to a usable API (ready, then a first authenticated GET answered), and the
 * resident memory of all its processes (the Node child and DynamoDB Local's JVM) once ready.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { PROJECT_ROOT } from '../infra/functions.ts';

const entry = path.join(PROJECT_ROOT, 'local', 'dist', 'index.js');
if (!existsSync(entry)) throw new Error('local/dist is missing: run `npm run pack` first');
const { startPostbox } = (await import(entry)) as typeof import('../local/src/index.ts');
const runs = Number(process.argv[2] ?? 5);

/** RSS in MiB of process `pid` and all its descendants (the CLI's Node process, its shell, the JVM). */
function memoryOf(pid: number): number {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of table) if (tree.has(parent) && !tree.has(child)) grew = tree.add(child) !== undefined;
  }
  return table.filter(([p]) => tree.has(p)).reduce((sum, [, , rss]) => sum + rss, 0) / 1024;
}

const results: { readyMs: number; usableMs: number; rssMiB: number }[] = [];
for (let run = 0; run < runs; run += 1) {
  const started = performance.now();
  const postbox = await startPostbox();
  const readyMs = performance.now() - started;
  const answer = await fetch(`${postbox.url}/api/v1/settings/auto-validation`, {
    headers: { authorization: `Bearer ${postbox.apiKey}` },
  });
  if (answer.status !== 200) throw new Error(`first call answered ${answer.status}`);
  const usableMs = performance.now() - started;
  const childPid = Number(execFileSync('pgrep', ['-n', '-f', 'local/dist/cli.js --json'], { encoding: 'utf8' }).trim());
  results.push({ readyMs, usableMs, rssMiB: memoryOf(childPid) });
  await postbox.stop();
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const usable = sorted(results.map((r) => r.usableMs));
const median = (values: number[]) => values[Math.floor(values.length / 2)] ?? Number.NaN;
console.log(`@postbox/local, ${runs} cold starts (node ${process.version}):`);
for (const [index, r] of results.entries()) {
  console.log(
    `  #${index + 1}  ready ${r.readyMs.toFixed(0)} ms, usable ${r.usableMs.toFixed(0)} ms, RSS ${r.rssMiB.toFixed(0)} MiB`,
  );
}
console.log(
  `usable: median ${median(usable).toFixed(0)} ms, min ${usable[0]?.toFixed(0)} ms, max ${usable.at(-1)?.toFixed(0)} ms (target ≤ 5,000 ms)`,
);
console.log(
  `memory: median ${median(sorted(results.map((r) => r.rssMiB))).toFixed(0)} MiB across the child and the JVM`,
);
