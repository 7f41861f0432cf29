/**
 * The benches' one entry point: `npm run bench -- <name> [args]` runs the bench's file in a Node
 * process of its own (through tsx). What each measures and how to read it: bench/README.md, and the
 * header of each file.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benches: Record<string, string> = {
  /** per-request cost of auth + rate limiting vs a bare GetItem (local stack) */
  auth: 'auth-overhead.ts',
  /** every function's bundle size; the cold module-init time of a few */
  bundle: 'bundle.ts',
  /** @postbox/local (the built package): cold start to a usable API, and its processes' memory */
  'local-start': 'local-start.ts',
  /** list cost vs list size; checking 1,000 addresses against 10,000 */
  suppressions: 'suppressions.ts',
  /** POST /emails/send latency vs its raw I/O (GetItem + PutItem + SendMessage) */
  send: 'send.ts',
  /** template render throughput (10 KB, 5-item loop, compiled and cached) */
  render: 'render.ts',
  /** template requests at the worst inputs the limits allow (and past them): time, memory */
  'template-limits': 'template-limits.ts',
  /** validateMany: 1,000 addresses over 20 domains, wall time and DNS queries */
  validation: 'validation.ts',
  /** DynamoDB/SQS/Lambda work per email, accept to delivered, priced per 1,000 (single or batch sends) */
  cost: 'cost.ts',
  /** a 1,000-recipient batch: accept latency vs one send, DynamoDB and SQS requests */
  batch: 'batch.ts',
  /** GET /emails cost (requests, read units) and latency as the emails grow (100 → 100,000) */
  'emails-list': 'emails-list.ts',
  /** the fault ledger: emails through the pipeline with injected crashes and SES throttling */
  ledger: 'ledger.ts',
  /** time to first byte of the dashboard's email list with 10,000 emails in the organization */
  dashboard: 'dashboard.ts',
  /** a burst at 2× the SES send rate against a throttling SES emulator, paced and not */
  'ses-pacing': 'ses-pacing.ts',
  /** the SDK bundled by esbuild (ESM, minified): bytes and gzip bytes */
  'sdk-size': 'sdk-size.ts',
  /** event → webhook latency; 1,000 emails to 2 endpoints (one failing 30%): none lost, duplicates, cost */
  webhooks: 'webhooks.ts',
  /** accept latency with 1 MB attached; the consumer's time and memory with 10 MB; S3 and DynamoDB cost */
  attachments: 'attachments.ts',
  /** GET /metrics at 100 and 100,000 emails; the metrics counter's cost per email; the guard check */
  metrics: 'metrics.ts',
  /** the inbound parser at its worst inputs (time, memory); then SMTP → webhook: messages/s, p50/p95, 25 MB peak, $ per 1,000 */
  inbound: 'inbound.ts',
  /** accepted sends per second under concurrent clients vs the same stack's raw I/O */
  throughput: 'throughput.ts',
  capacity: 'capacity.ts',
};
const [name, ...args] = process.argv.slice(2);
const script = name ? benches[name] : undefined;
if (!script) {
  process.stderr.write(`usage: npm run bench -- <${Object.keys(benches).join('|')}> [args]\n`);
  process.exit(2);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', join(dirname(fileURLToPath(import.meta.url)), script), ...args],
  { stdio: 'inherit', env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...process.env } },
);
process.exit(result.status ?? 1);
