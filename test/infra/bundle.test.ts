/**
 * Every handler in the route table bundles with the exact esbuild options CDK uses, and
 * the bundle loads in a fresh Node process (ESM + the createRequire banner for CJS deps),
 * with only the environment CDK gives that function, and exports a handler function —
 * what Lambda does on a cold start. A handler that imports a module needing configuration
 * its function does not get fails here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { deployedFunctions } from '#app/routes.ts';
import { queueUrlEnvName } from '#platform/queues.ts';
import type { ResourceAccess } from '#platform/route-access.ts';
import { copyBundleDataFiles, esbuildOptionsFor } from '../../infra/bundling.ts';

const outDir = mkdtempSync(join(tmpdir(), 'postbox-bundle-'));
/**
 * No function's bundle may grow past this (see the size check below). 1000 KiB since the dashboard
 * presigns its attachment download links: the S3 client and presigner took it to ~980 KiB (measured).
 */
const BUNDLE_SIZE_CEILING_BYTES = 1100 * 1024;
/**
 * The inbound parser decodes mail in any charset: mailparser's charset tables (iconv-lite 481 KiB,
 * encoding-japanese 225 KiB) are most of its ~1,725 KiB. An asynchronous consumer, no request waits on it.
 */
const CEILING_OVERRIDES: Record<string, number> = { 'functions/consumers/inbound-messages.ts': 1900 * 1024 };
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// What deploys: a function per API route, the dashboard's one function (its router), the others.
const entries = deployedFunctions();
const handlers = [...new Set(entries.map((entry) => entry.handler))];

/** The environment CDK gives a function: the table, a URL per queue it sends to or changes visibility on, and the rest its access implies. */
function environmentFor(handler: string): Record<string, string> {
  const access: ResourceAccess = entries.find((entry) => entry.handler === handler)?.access ?? {};
  return {
    ...Object.fromEntries(
      [...(access.sendTo ?? []), ...(access.changeVisibility ?? [])].map((queue) => [
        queueUrlEnvName(queue),
        'https://sqs.invalid/0/q',
      ]),
    ),
    ...((access.attachments ?? []).length > 0 ? { ATTACHMENTS_BUCKET: 'bundle-test-attachments' } : {}),
    // The functions that send put links to this deployment in emails (the unsubscribe link).
    ...((access.ses ?? []).includes('send') ? { PUBLIC_BASE_URL: 'https://postbox.invalid' } : {}),
  };
}

describe('Lambda bundles', () => {
  it.each(handlers)('%s bundles and loads as an ES module exporting handler', async (handler) => {
    // Its own folder, as a Lambda asset: the data files it reads are copied next to it (and only its).
    const outfile = join(outDir, handler.replace(/[^A-Za-z0-9]+/g, '-'), 'index.mjs');
    await build(esbuildOptionsFor(handler, outfile));
    copyBundleDataFiles(outfile);
    const printed = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(pathToFileURL(outfile).href)}); console.log(typeof m.handler)`,
      ],
      {
        env: {
          PATH: process.env.PATH,
          TABLE_NAME: 'bundle-test',
          AWS_REGION: 'us-east-1',
          ...environmentFor(handler),
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
        encoding: 'utf8',
      },
    );
    expect(printed.trim()).toBe('function');
    // A regression guard, not the goal: the largest bundle (the dashboard: every area's pages in one
    // function, with the S3, SES, KMS and SQS clients they use) is ~1,001 KiB. zod imported as
    // `{ z }` (+350 KiB) or a dependency pulled in whole would cross it.
    expect(statSync(outfile).size, `${handler}: bundle size`).toBeLessThan(
      CEILING_OVERRIDES[handler] ?? BUNDLE_SIZE_CEILING_BYTES,
    );
  });
});
