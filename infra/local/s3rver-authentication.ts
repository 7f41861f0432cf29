/**
 * Corrections to the S3 emulator's authentication (s3rver's `middleware/authentication.js`), so that it
 * checks requests as S3 checks them for a private bucket:
 *
 * 1. Query signing. s3rver (4.0.4, and 5.0.0 alike) builds the canonical query string of a signed
 *    request with `encodeURIComponent`, which leaves `! ' ( ) *` as they are, where SigV4 encodes them
 *    (RFC 3986, as S3 and the AWS SDK do). A presigned URL whose parameters hold one of them is then
 *    refused with SignatureDoesNotMatch although S3 accepts it: every download link of the dashboard,
 *    since `response-content-disposition` is `attachment; filename*=UTF-8''<name>`
 *    (shared/adapters/attachment-storage.ts). That expression is replaced by s3rver's own RFC 3986
 *    encoder (`encodeURIComponentRFC3986`, which it already uses for the path).
 * 2. A bucket's path. SigV4 signs the path as sent; s3rver rebuilds it from the route's parameters and
 *    drops the trailing slash the SDK sends for a bucket-level call (`GET /bucket/?list-type=2`), so a
 *    signed listing is refused. The slash is kept.
 * 3. Anonymous requests. s3rver checks a signature only when a request carries one and serves an
 *    unsigned request as if it were signed: anyone who can reach the emulator reads and writes every
 *    object. A request its check did not authenticate (no account on its state) is refused here with
 *    403 AccessDenied, as S3 refuses it; only a CORS preflight (OPTIONS, which never carries
 *    credentials and reads nothing) passes unsigned.
 * 4. A missing object. Postbox's functions may read objects but never list the bucket, and S3 answers
 *    such a caller's GET or HEAD of a missing key with 403 AccessDenied, not 404 NoSuchKey (which needs
 *    s3:ListBucket): the emulator answers as S3 does, so the local stack meets what AWS answers.
 *
 * The module is loaded here, before s3rver requires it, from its source with those expressions
 * replaced, and its middleware wrapped. Nothing else changes: a wrong signature is still refused. If
 * s3rver's source no longer has an expression exactly once, this throws rather than start an emulator
 * that checks differently.
 */
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);

const AUTHENTICATION = '@20minutes/s3rver/lib/middleware/authentication.js';
const S3_ERROR = '@20minutes/s3rver/lib/models/error.js';
/** Each correction: an expression of s3rver's source and what replaces it. */
const CORRECTIONS: ReadonlyArray<readonly [string, string]> = [
  ["[param, value].map(encodeURIComponent).join('=')", "[param, value].map(encodeURIComponentRFC3986).join('=')"],
  [
    '    canonicalizedResource = canonicalizedResource\n',
    "    if (ctx.path.endsWith('/') && !canonicalizedResource.endsWith('/')) canonicalizedResource += '/';\n" +
      '    canonicalizedResource = canonicalizedResource\n',
  ],
];

/** What Node's CommonJS loader does to load a file, used here to load a corrected source instead. */
type CompilingModule = Module & { _compile(source: string, filename: string): void };
const loader = Module as unknown as { _nodeModulePaths(directory: string): string[] };

/** The part of a Koa context the wrapper reads. */
interface RequestContext {
  method: string;
  state: { account?: unknown };
}
type Middleware = (context: RequestContext, next: () => Promise<unknown>) => Promise<unknown>;
type S3ErrorClass = new (code: string, message: string) => Error;

let corrected: Module | undefined;

/** Refuses what s3rver's own check let through without authenticating it. */
function requiringSignature(authentication: () => Middleware): () => Middleware {
  const S3Error = require(S3_ERROR) as S3ErrorClass;
  return () => {
    const authenticate = authentication();
    return (context, next) =>
      authenticate(context, async () => {
        if (context.state.account === undefined && context.method !== 'OPTIONS') {
          throw new S3Error('AccessDenied', 'Access Denied');
        }
        try {
          return await next();
        } catch (error) {
          const read = context.method === 'GET' || context.method === 'HEAD';
          if (read && (error as { code?: string }).code === 'NoSuchKey')
            throw new S3Error('AccessDenied', 'Access Denied');
          throw error;
        }
      });
  };
}

/** Makes s3rver check signatures as S3 does; call before s3rver is first imported. */
export function correctS3rverAuthentication(): void {
  const path = require.resolve(AUTHENTICATION);
  const cached = require.cache[path];
  if (cached && cached === corrected) return;
  if (cached) throw new Error(`${AUTHENTICATION} was loaded before its checks were corrected`);
  let source = readFileSync(path, 'utf8');
  for (const [expression, replacement] of CORRECTIONS) {
    if (source.split(expression).length !== 2) {
      throw new Error(`${AUTHENTICATION} changed: check how it builds a canonical request, then update this file`);
    }
    source = source.replace(expression, () => replacement);
  }
  const module = new Module(path) as CompilingModule;
  module.filename = path;
  module.paths = loader._nodeModulePaths(dirname(path));
  module._compile(source, path);
  module.exports = requiringSignature(module.exports as () => Middleware);
  module.loaded = true;
  require.cache[path] = module;
  corrected = module;
}
