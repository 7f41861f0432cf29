/**
 * Stands in for `disposable-email-domains-js` in the Lambda bundles (the alias in
 * infra/bundling.ts): the same list, the package's own JSON file, which the bundling copies next
 * to index.mjs (BUNDLE_DATA_FILES), read from there on first use. Bundled, the list is a
 * 141 KB array literal of ~8,900 strings that every cold start of the routes that validate
 * addresses (send, batch, validate) would load, though most of their invocations never consult it
 * (auto-validation off).
 */
import { readFileSync } from 'node:fs';

/** Must match the target name in BUNDLE_DATA_FILES (infra/bundling.ts). */
const LIST_FILE = './disposable-email-domains.json';

export const disposableEmailBlocklist = (): string[] =>
  JSON.parse(readFileSync(new URL(LIST_FILE, import.meta.url), 'utf8')) as string[];

export const disposableEmailBlocklistSet = (): Set<string> => new Set(disposableEmailBlocklist());
