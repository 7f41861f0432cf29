/**
 * Every handler in the route table bundles with the exact esbuild options CDK uses, and
 * the bundle loads in a fresh Node process (ESM + the createRequire banner for CJS deps)
 * and exports a handler function — what Lambda does on a cold start.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { esbuildOptionsFor } from '../../infra/bundling.ts';
import { consumers, defaultRoute, notificationHandlers, routes } from '../../shared/routes.ts';

const outDir = mkdtempSync(join(tmpdir(), 'postbox-bundle-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const handlers = [
  ...new Set([defaultRoute, ...routes, ...consumers, ...notificationHandlers].map((entry) => entry.handler)),
];

describe('Lambda bundles', () => {
  it.each(handlers)('%s bundles and loads as an ES module exporting handler', async (handler) => {
    const outfile = join(outDir, `${handler.replace(/[^A-Za-z0-9]+/g, '-')}.mjs`);
    await build(esbuildOptionsFor(handler, outfile));
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
          SEND_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/0/x',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
        encoding: 'utf8',
      },
    );
    expect(printed.trim()).toBe('function');
  });
});
