/**
 * The layer rules of `npm run lint` (.dependency-cruiser.cjs) catch what they are for: run on a small
 * tree laid out like shared/, an import that runs upward, one that closes a cycle, one from a feature to a
 * feature above it, one from an adapter to a feature and one into shared/app are reported; the same tree
 * without them is clean.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as { forbidden: unknown[] };
const root = mkdtempSync(join(tmpdir(), 'postbox-layers-'));

function tree(files: Record<string, string>): void {
  rmSync(root, { recursive: true, force: true });
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
}

async function violations(): Promise<string[]> {
  const result = await cruise(['shared'], {
    baseDir: root,
    ruleSet: { forbidden: config.forbidden } as never,
    validate: true,
  });
  const output = result.output as {
    summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> };
  };
  return output.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
}

const clean = {
  'shared/core/errors.ts': 'export const error = 1;\n',
  'shared/emails/email.ts': "import { error } from '../core/errors.ts';\nexport const email = error;\n",
  'shared/emails/email.store.ts': "import { email } from './email.ts';\nexport const store = email;\n",
  'shared/emails/send.service.ts': "import { store } from './email.store.ts';\nexport const send = store;\n",
  'shared/http/api-handler.ts': "import { send } from '../emails/send.service.ts';\nexport const handler = send;\n",
};

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the layer check', () => {
  it('passes a tree whose imports point down', async () => {
    tree(clean);
    expect(await violations()).toEqual([]);
  });

  it('reports an upward import and a cycle', async () => {
    tree({
      ...clean,
      'shared/core/errors.ts': "import { send } from '../emails/send.service.ts';\nexport const error = send;\n",
      'shared/emails/email.ts': "import { store } from './email.store.ts';\nexport const email = store;\n",
    });
    const found = await violations();
    expect(found).toContain('core-is-the-bottom: shared/core/errors.ts → shared/emails/send.service.ts');
    expect(found).toContain('models-are-pure: shared/emails/email.ts → shared/emails/email.store.ts');
    expect(found.some((line) => line.startsWith('no-cycles: '))).toBe(true);
  });

  it('lets a feature import the features below it, never one above, and adapters none', async () => {
    const ordered = {
      ...clean,
      'shared/templates/template.ts': "import { error } from '../core/errors.ts';\nexport const template = error;\n",
      'shared/emails/email.ts':
        "import { template } from '../templates/template.ts';\nexport const email = template;\n",
      'shared/adapters/queue.ts': "import { error } from '../core/errors.ts';\nexport const queue = error;\n",
    };
    tree(ordered);
    expect(await violations()).toEqual([]);

    tree({
      ...ordered,
      'shared/templates/template.ts': "import { email } from '../emails/email.ts';\nexport const template = email;\n",
      'shared/emails/email.ts': "import { error } from '../core/errors.ts';\nexport const email = error;\n",
      'shared/adapters/queue.ts': "import { email } from '../emails/email.ts';\nexport const queue = email;\n",
    });
    expect((await violations()).sort()).toEqual([
      'adapters-import-no-feature: shared/adapters/queue.ts → shared/emails/email.ts',
      'feature-order-templates: shared/templates/template.ts → shared/emails/email.ts',
    ]);
  });

  it('keeps shared/app, where every feature is gathered, above the rest of shared/', async () => {
    const gathered = {
      ...clean,
      'shared/app/routes.ts': "import { send } from '../emails/send.service.ts';\nexport const routes = [send];\n",
    };
    tree(gathered);
    expect(await violations()).toEqual([]);
    tree({
      ...gathered,
      'shared/http/api-handler.ts': "import { routes } from '../app/routes.ts';\nexport const handler = routes;\n",
    });
    expect(await violations()).toEqual(['app-is-the-top: shared/http/api-handler.ts → shared/app/routes.ts']);
  });
});
