/**
 * The inbound parser at the worst inputs its bounds allow (and past them): time and memory per message,
 * each case in a fresh child process so peak RSS is that message's alone.
 * Then the whole local pipeline (bench/inbound-pipeline.ts): SMTP → S3 → queue → parser → webhook.
 *   npm run bench -- inbound [parser | pipeline [messages]]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { measurePeak } from './support/memory.ts';

const CASES = [
  'ordinary',
  '25mb-attachment',
  '999-parts',
  '10000-parts',
  'nested-900',
  'headers-1000kb',
  'headers-25mb',
] as const;
type Case = (typeof CASES)[number];

async function build(name: Case): Promise<Buffer> {
  const raw = await import('../test/support/raw-messages.ts');
  const { randomBytes } = await import('node:crypto');
  const base = { from: 'a@x.test', to: ['b@reply.acme.test'], subject: 'hi', text: 'hello', html: '<p>hello</p>' };
  switch (name) {
    case 'ordinary':
      return raw.composedMessage({ ...base, attachments: [{ filename: 'a.pdf', content: randomBytes(100_000) }] });
    case '25mb-attachment':
      // 25 MB of bytes, base64 in the message (~34 MB raw would pass SES's limit): 21 MB of bytes is ~29 MB raw.
      return raw.composedMessage({
        ...base,
        attachments: [{ filename: 'big.bin', content: randomBytes(21 * 1024 * 1024) }],
      });
    case '999-parts':
      return raw.manyParts(999);
    case '10000-parts':
      return raw.manyParts(10_000);
    case 'nested-900':
      return raw.nestedParts(900);
    case 'headers-1000kb':
      return raw.hugeHeaders(1000 * 1024);
    case 'headers-25mb':
      return raw.hugeHeaders(25 * 1024 * 1024);
  }
}

async function measureOne(name: Case): Promise<void> {
  const { parseInboundMessage } = await import('#inbound/parse-message.ts');
  const message = await build(name);
  const { result, ms, rssGrowthMb } = await measurePeak(() => parseInboundMessage(message));
  process.stdout.write(
    `${JSON.stringify({
      case: name,
      raw_mb: Math.round((message.length / 1024 / 1024) * 100) / 100,
      parse_ms: Math.round(ms),
      rss_growth_mb: Math.round(rssGrowthMb * 10) / 10,
      outcome: result.ok ? `parsed (${result.message.attachments.length} attachments)` : `parse_error: ${result.error}`,
    })}\n`,
  );
}

const [mode, name] = process.argv.slice(2);
const runPipeline = (messages: string) => {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./inbound-pipeline.ts', import.meta.url)), messages],
    { stdio: 'inherit' },
  );
  if (child.status !== 0) process.exit(child.status ?? 1);
};
if (mode === 'one' && name) {
  await measureOne(name as Case);
} else if (mode === 'pipeline') {
  runPipeline(name ?? '300');
} else {
  const rows: unknown[] = [];
  for (const each of CASES) {
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), 'one', each],
      { encoding: 'utf8', maxBuffer: 1024 * 1024 },
    );
    if (child.status !== 0) throw new Error(`${each}: ${child.stderr}`);
    rows.push(JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}'));
  }
  process.stdout.write(`${JSON.stringify({ parser: rows }, null, 2)}\n`);
  if (mode !== 'parser') runPipeline('300');
}
