/**
 * The package itself: no dependency, nothing imported from outside sdk/ (nor from Node), and the
 * build (tsc with only the web platform's types) gives an ES module that plain Node runs. (CI checks
 * that the generated types match the document: `npm run sdk:types -- --check`.)
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
  });

  it('imports nothing outside sdk/src, and nothing of Node', () => {
    const files = readdirSync(path.join(sdk, 'src'));
    expect(files.sort()).toEqual(['index.ts', 'schema.d.ts']);
    expect(specifiers(read('src/index.ts'))).toEqual(['./schema.js', './schema.js']);
    expect(specifiers(read('src/schema.d.ts'))).toEqual([]);
    // The example imports the package as a user would (tsconfig maps it to sdk/src) and Node only.
    expect(specifiers(read('examples/send-and-track.ts'))).toEqual(['@postbox/sdk']);
  });

  it('builds with the web platform types only, into an ES module plain Node runs', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'postbox-sdk-build-'));
    try {
      execFileSync(
        process.execPath,
        [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'sdk/tsconfig.json', '--outDir', out],
        { cwd: root, stdio: 'pipe' },
      );
      copyFileSync(path.join(sdk, 'src/schema.d.ts'), path.join(out, 'schema.d.ts'));
      expect(readdirSync(out).sort()).toEqual(['index.d.ts', 'index.js', 'schema.d.ts']);
      const built = await import(pathToFileURL(path.join(out, 'index.js')).href);
      expect(Object.keys(built).sort()).toEqual([
        'Attachments',
        'Domains',
        'Emails',
        'MetricsResource',
        'Postbox',
        'PostboxError',
        'Settings',
        'Suppressions',
        'Templates',
        'Transport',
        'VERSION',
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
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
