/**
 * Corrections to the S3 emulator's authentication (s3rver's `middleware/authentication.js`), so that it
 * checks requests as S3 checks them for a private bucket: SigV4's encoding of a signed query, a bucket
 * path's trailing slash, unsigned requests refused, a missing object's 403. The module is loaded here,
 * before s3rver requires it, from its source with expressions replaced and its middleware wrapped; if an
 * expression is no longer there exactly once, this throws. What and why: docs/operating.md, "The local cloud".
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
