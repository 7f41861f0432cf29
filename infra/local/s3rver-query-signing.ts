/**
 * One correction to the S3 emulator's SigV4 check. s3rver (4.0.4, and 5.0.0 alike) builds the
 * canonical query string of a signed request with `encodeURIComponent`, which leaves `! ' ( ) *` as
 * they are, where SigV4 encodes them (RFC 3986, as S3 and the AWS SDK do). A presigned URL whose
 * parameters hold one of them is then refused with SignatureDoesNotMatch although S3 accepts it:
 * every download link of the dashboard, since `response-content-disposition` is
 * `attachment; filename*=UTF-8''<name>` (shared/adapters/attachment-storage.ts).
 *
 * Its authentication module is loaded here, before s3rver requires it, with that one expression
 * replaced by s3rver's own RFC 3986 encoder (`encodeURIComponentRFC3986`, which it already uses for
 * the path). Nothing else changes: a wrong signature is still refused. If s3rver's source no longer
 * has the expression exactly once, this throws rather than start an emulator that checks differently.
 */
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);

const AUTHENTICATION = '@20minutes/s3rver/lib/middleware/authentication.js';
const PLAIN_ENCODING = "[param, value].map(encodeURIComponent).join('=')";
const RFC_3986_ENCODING = "[param, value].map(encodeURIComponentRFC3986).join('=')";

/** What Node's CommonJS loader does to load a file, used here to load a corrected source instead. */
type CompilingModule = Module & { _compile(source: string, filename: string): void };
const loader = Module as unknown as { _nodeModulePaths(directory: string): string[] };

let corrected: Module | undefined;

/** Makes s3rver sign-check query strings as S3 does; call before s3rver is first imported. */
export function correctS3rverQuerySigning(): void {
  const path = require.resolve(AUTHENTICATION);
  const cached = require.cache[path];
  if (cached && cached === corrected) return;
  if (cached) throw new Error(`${AUTHENTICATION} was loaded before its query encoding was corrected`);
  const source = readFileSync(path, 'utf8');
  if (source.split(PLAIN_ENCODING).length !== 2) {
    throw new Error(`${AUTHENTICATION} changed: check how it encodes a signed query string, then update this file`);
  }
  const module = new Module(path) as CompilingModule;
  module.filename = path;
  module.paths = loader._nodeModulePaths(dirname(path));
  module._compile(source.replace(PLAIN_ENCODING, RFC_3986_ENCODING), path);
  module.loaded = true;
  require.cache[path] = module;
  corrected = module;
}
