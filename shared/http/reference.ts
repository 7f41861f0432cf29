/**
 * The API reference page at /docs: Scalar's standalone script rendering GET /api/v1/openapi.json, with
 * "try it" against this deployment, loading nothing from elsewhere (docs/decisions.md, "One contract,
 * checked on every response"). The 4.3 MB script is read from a file, not bundled: the Lambda bundling
 * copies it next to the function's index.mjs (BUNDLE_DATA_FILES in infra/bundling.ts); from the sources
 * the package's own file is read. Its URL carries a content hash, so it is cached for a year.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { API_PREFIX, REFERENCE_PREFIX } from '#platform/routes.ts';

/** Must match the target name in BUNDLE_DATA_FILES (infra/bundling.ts). */
const BUNDLED_SCRIPT = './scalar-standalone.js';
/** From the sources (shared/http/): the package's file (not among its exports, so not resolvable by name). */
const PACKAGE_SCRIPT = '../../node_modules/@scalar/api-reference/dist/browser/standalone.js';

export interface ReferenceScript {
  /** `scalar-<hash>.js`: the file name the page links to. */
  fileName: string;
  body: Buffer;
  /** gzip of `body`, made on first use. */
  gzipped: () => Buffer;
}

function readScript(): Buffer {
  const bundled = new URL(BUNDLED_SCRIPT, import.meta.url);
  if (existsSync(bundled)) return readFileSync(bundled);
  return readFileSync(new URL(PACKAGE_SCRIPT, import.meta.url));
}

let script: ReferenceScript | undefined;

/** The script, read once per instance. */
export function referenceScript(): ReferenceScript {
  if (!script) {
    const body = readScript();
    let gzipped: Buffer | undefined;
    script = {
      fileName: `scalar-${createHash('sha256').update(body).digest('hex').slice(0, 16)}.js`,
      body,
      gzipped: () => {
        gzipped ??= gzipSync(body, { level: 6 });
        return gzipped;
      },
    };
  }
  return script;
}

/** Only this origin; Scalar sets inline styles, and its editor runs workers from blob: URLs. */
export const REFERENCE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Scalar's configuration: the document of this deployment, nothing fetched from elsewhere. */
const configuration = {
  url: `${API_PREFIX}/openapi.json`,
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: true,
  documentDownloadType: 'json',
  defaultOpenAllTags: false,
  metaData: { title: 'Postbox API reference' },
};

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The page: a script element Scalar reads its configuration from, and Scalar's script. */
export function referencePage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Postbox API reference</title>
</head>
<body>
<noscript>The reference needs JavaScript. The document itself: <a href="${API_PREFIX}/openapi.json">${API_PREFIX}/openapi.json</a>.</noscript>
<script id="api-reference" type="application/json" data-configuration="${escapeAttribute(JSON.stringify(configuration))}"></script>
<script src="${REFERENCE_PREFIX}/assets/${referenceScript().fileName}"></script>
</body>
</html>
`;
}
