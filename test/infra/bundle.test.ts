/**
 * Every handler in the route table builds as it deploys (infra/bundling.ts: a run per function, code
 * splitting for its `import()`s), and loads in a fresh Node process (ESM + the createRequire banner for
 * CJS deps) with only the environment CDK gives that function, exporting a handler function — what
 * Lambda does on a cold start. A handler that imports a module needing configuration its function does
 * not get fails here. The send routes' cold starts are held to what a plain send needs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployedFunctions } from '#app/routes.ts';
import { queueUrlEnvName } from '#platform/queues.ts';
import type { ResourceAccess } from '#platform/route-access.ts';
import { type FunctionGraph, functionGraph, inputsOf, outputBytes, outputFile } from '../../infra/bundle-graph.ts';
import { type BuiltFunction, buildFunctions } from '../../infra/bundling.ts';

const outDir = mkdtempSync(join(tmpdir(), 'postbox-bundle-'));
/**
 * No function's eager code (what its cold start loads) may grow past this. 1100 KiB since the dashboard
 * presigns its attachment download links: the S3 client and presigner took it to ~1,000 KiB (measured).
 */
const EAGER_CEILING_BYTES = 1100 * 1024;
const CEILING_OVERRIDES: Record<string, number> = {
  // Decodes mail in any charset: mailparser's charset tables (iconv-lite 481 KiB, encoding-japanese
  // 225 KiB) are most of its ~1,720 KiB. An asynchronous consumer, no request waits on it.
  'functions/consumers/inbound-messages.ts': 1900 * 1024,
  // A plain send: ~448 KiB (the AWS SDK's DynamoDB and SQS clients ~240 KiB, zod ~95 KiB, Powertools
  // ~31 KiB, the request path). The target, 400 KB, needs less of those libraries, not lazier code.
  'functions/emails/send.ts': 460 * 1024,
  'functions/emails/batch.ts': 460 * 1024,
};
/** What a send without a template, attachments or auto-validation never needs: loaded on first use only. */
const LAZY_IN_SENDS = [
  'shared/templates/template-render.service.ts',
  'shared/templates/template-parse.ts',
  'node_modules/handlebars/',
  'shared/attachments/attachments.service.ts',
  'shared/adapters/attachment-storage.ts',
  'node_modules/@aws-sdk/client-s3/',
  'node_modules/mime/',
  'shared/validation/auto-validation.service.ts',
];

// What deploys: a function per API route, the dashboard's one function (its router), the others.
const entries = deployedFunctions();
const handlers = [...new Set(entries.map((entry) => entry.handler))];
const built = new Map<string, BuiltFunction & { graph: FunctionGraph }>();

beforeAll(() => {
  for (const fn of buildFunctions(handlers, outDir, 'per-function')) {
    built.set(fn.handler, { ...fn, graph: functionGraph(fn) });
  }
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

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

/** Imports `files` in turn in a fresh Node process with `handler`'s environment; the first one's handler export's type. */
function importIn(handler: string, files: string[]): string {
  const urls = JSON.stringify(files.map((file) => pathToFileURL(file).href));
  return execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const loaded = []; for (const url of ${urls}) loaded.push(await import(url)); console.log(typeof loaded[0].handler)`,
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
  ).trim();
}

const fn = (handler: string) => {
  const found = built.get(handler);
  if (!found) throw new Error(`${handler} was not built`);
  return found;
};

describe('Lambda bundles', () => {
  it.each(handlers)('%s loads as an ES module exporting handler, its eager code under its ceiling', (handler) => {
    const { entry, metafile, graph } = fn(handler);
    expect(importIn(handler, [entry])).toBe('function');
    // A regression guard, not the goal: zod imported as `{ z }` (+350 KiB) or a dependency pulled in
    // whole would cross it.
    expect(outputBytes(metafile, graph.eager), `${handler}: eager code`).toBeLessThan(
      CEILING_OVERRIDES[handler] ?? EAGER_CEILING_BYTES,
    );
  });

  it.each(['functions/emails/send.ts', 'functions/emails/batch.ts'])(
    '%s loads template rendering, attachment storing and auto-validation only on first use',
    (handler) => {
      const { entry, metafile, graph } = fn(handler);
      const eager = inputsOf(metafile, graph.eager);
      const lazy = inputsOf(metafile, graph.lazy);
      for (const module of LAZY_IN_SENDS) {
        expect(
          eager.filter((input) => input.includes(module)),
          `${module}: not at the cold start`,
        ).toEqual([]);
        expect(
          lazy.some((input) => input.includes(module)),
          `${module}: in a lazy chunk`,
        ).toBe(true);
      }
      // Every lazy chunk loads after the entry, in the function's own folder (its data files beside it).
      const chunks = graph.lazyImports.map((lazyImport) => outputFile(lazyImport.output));
      expect(importIn(handler, [entry, ...chunks])).toBe('function');
    },
  );
});
