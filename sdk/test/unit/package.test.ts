/**
 * The package itself: no dependency, nothing imported from outside sdk/src (nor from Node, but in the
 * Node-only testing entry), and the build (tsc with only the web platform's types for the main entry)
 * gives ES modules that plain Node runs. (CI checks that the generated types match the document:
 * `npm run sdk:types -- --check`.)
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const sdk = fileURLToPath(new URL('../..', import.meta.url));
const root = path.dirname(sdk);
const read = (file: string) => readFileSync(path.join(sdk, file), 'utf8');
const specifiers = (source: string) =>
  [...source.matchAll(/(?:^|\s)(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/gm)].map(
    (match) => match[1] ?? match[2],
  );
/** The files under `dir`, as paths relative to it (no directories). */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
const sources = [
  'client.ts',
  'errors.ts',
  'index.ts',
  'links.ts',
  'options.ts',
  'pagination.ts',
  'resources/api-key.ts',
  'resources/attachments.ts',
  'resources/domains.ts',
  'resources/emails.ts',
  'resources/inbound.ts',
  'resources/metrics.ts',
  'resources/settings.ts',
  'resources/suppressions.ts',
  'resources/templates.ts',
  'resources/webhooks.ts',
  'schema.d.ts',
  'testing/index.ts',
  'testing/webhook-receiver.ts',
  'transport.ts',
  'types.ts',
  'wait-for-email.ts',
  'webhook-verification.ts',
];
/** The Node-only entry `@postbox/sdk/testing`: the only files that may import Node built-ins. */
const isTesting = (file: string) => file.startsWith('testing/');

describe('@postbox/sdk package', () => {
  it('has no runtime dependency and is an ES module without side effects', () => {
    const manifest = JSON.parse(read('package.json'));
    expect(manifest).toMatchObject({ name: '@postbox/sdk', type: 'module', sideEffects: false });
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.peerDependencies).toBeUndefined();
    expect(manifest.exports['.']).toEqual({
      types: './dist/index.d.ts',
      import: './dist/index.js',
      default: './dist/index.js',
    });
    expect(manifest.exports['./testing']).toEqual({
      types: './dist/testing/index.d.ts',
      import: './dist/testing/index.js',
      default: './dist/testing/index.js',
    });
  });

  it('imports nothing outside sdk/src, and nothing of Node but in the testing entry', () => {
    const src = path.join(sdk, 'src');
    expect(filesUnder(src)).toEqual(sources);
    for (const file of sources) {
      for (const specifier of specifiers(read(`src/${file}`))) {
        if (isTesting(file) && specifier?.startsWith('node:')) continue;
        // The main entry never loads the testing entry.
        if (!isTesting(file)) expect(specifier, file).not.toMatch(/(^|\/)testing\//);
        // Relative, inside sdk/src, to a module there (`./x.js` is x.ts, or the generated x.d.ts).
        const target = path.resolve(src, path.dirname(file), specifier ?? '');
        expect(specifier, file).toMatch(/^\.\.?\/.*\.js$/);
        expect(target.startsWith(`${src}${path.sep}`), `${file}: ${specifier}`).toBe(true);
        const module = target.replace(/\.js$/, '');
        expect(existsSync(`${module}.ts`) || existsSync(`${module}.d.ts`), `${file}: ${specifier}`).toBe(true);
      }
    }
    // The generated types are read by the types module (and re-exported by the index) only.
    const readSchema = sources.filter((file) => specifiers(read(`src/${file}`)).some((s) => s?.endsWith('schema.js')));
    expect(readSchema).toEqual(['index.ts', 'types.ts']);
    expect(specifiers(read('src/schema.d.ts'))).toEqual([]);
    // The example imports the package as a user would (tsconfig maps it to sdk/src) and Node only.
    expect(specifiers(read('examples/send-and-track.ts'))).toEqual(['@postbox/sdk']);
  });

  it('builds the main entry with the web platform types only, into ES modules plain Node runs', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'postbox-sdk-build-'));
    try {
      // As `npm run build` does: the main entry, then the testing entry (with Node's types).
      for (const config of ['sdk/tsconfig.json', 'sdk/tsconfig.testing.json']) {
        execFileSync(
          process.execPath,
          [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', config, '--outDir', out],
          { cwd: root, stdio: 'pipe' },
        );
      }
      copyFileSync(path.join(sdk, 'src/schema.d.ts'), path.join(out, 'schema.d.ts'));
      expect(filesUnder(out)).toEqual(
        sources
          .flatMap((file) =>
            file === 'schema.d.ts' ? [file] : [file.replace(/\.ts$/, '.d.ts'), file.replace(/\.ts$/, '.js')],
          )
          .sort(),
      );
      const built = await import(pathToFileURL(path.join(out, 'index.js')).href);
      expect(Object.keys(built).sort()).toEqual([
        'ApiKeyResource',
        'Attachments',
        'Domains',
        'Emails',
        'Inbound',
        'MetricsResource',
        'Postbox',
        'PostboxError',
        'Settings',
        'Suppressions',
        'Templates',
        'Transport',
        'VERSION',
        'WaitForTimeoutError',
        'WebhookVerificationError',
        'Webhooks',
        'verifyWebhook',
      ]);
      const postbox = new built.Postbox({
        apiKey: 'k',
        baseUrl: 'https://p.example',
        fetch: async () => new Response('{"data":{"auto_validation_threshold":"off"}}', { status: 200 }),
      });
      expect(await postbox.settings.getAutoValidation()).toEqual({ auto_validation_threshold: 'off' });
      const testing = await import(pathToFileURL(path.join(out, 'testing/index.js')).href);
      expect(Object.keys(testing).sort()).toEqual(['WaitForTimeoutError', 'webhookReceiver']);
      // One error class for both entries (the testing entry loads the main entry's files).
      expect(testing.WaitForTimeoutError).toBe(built.WaitForTimeoutError);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
