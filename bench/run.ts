/**
 * npm run bench -- <name> [args]
 *   auth    per-request cost of auth + rate limiting vs a bare GetItem (local stack)
 *   bundle  bundle size and cold module-init time of one handler
 *   suppressions  list cost vs list size; checking 1,000 addresses against 10,000
 *   send    POST /emails/send latency vs its raw I/O (GetItem + PutItem + SendMessage)
 *   cost    DynamoDB/SQS/Lambda work per email, accept to delivered, priced per 1,000 emails (single or batch sends)
 *   batch   a 1,000-recipient batch: accept latency vs one send, DynamoDB and SQS requests
 *   validation  validateMany: 1,000 addresses over 20 domains, wall time and DNS queries
 *   render  template render throughput (10 KB, 5-item loop, compiled and cached)
 *   template-limits  template requests at the worst inputs the limits allow (and past them): time, memory
 *   emails-list  GET /emails cost (requests, read units) and latency at 1,000 and 10,000 emails
 *   ledger  the fault ledger: emails through the pipeline with injected crashes and SES throttling
 *   dashboard  time to first byte of the dashboard's email list with 10,000 emails in the organization
 *   ses-pacing  a burst at 2× the SES send rate against a throttling SES emulator, paced and not
 *   sdk-size  the SDK bundled by esbuild (ESM, minified): bytes and gzip bytes
 *   webhooks  event → webhook latency; 1,000 emails to 2 endpoints (one failing 30%): none lost, duplicates, cost per delivery
 *   metrics  GET /metrics at 100 and 100,000 emails; the metrics counter's DynamoDB cost per email; the guard check
 *   attachments  accept latency with a 1 MB attachment; the consumer's time and peak memory with 10 MB ones; S3 and DynamoDB cost per email
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benches: Record<string, string> = {
  auth: 'auth-overhead.ts',
  bundle: 'bundle.ts',
  suppressions: 'suppressions.ts',
  send: 'send.ts',
  render: 'render.ts',
  'template-limits': 'template-limits.ts',
  validation: 'validation.ts',
  cost: 'cost.ts',
  batch: 'batch.ts',
  'emails-list': 'emails-list.ts',
  ledger: 'ledger.ts',
  dashboard: 'dashboard.ts',
  'ses-pacing': 'ses-pacing.ts',
  'sdk-size': 'sdk-size.ts',
  webhooks: 'webhooks.ts',
  attachments: 'attachments.ts',
  metrics: 'metrics.ts',
  throughput: 'throughput.ts',
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
