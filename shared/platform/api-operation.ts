/**
 * An API route's contract: what it takes (path, query, body schemas), what it answers (its success
 * `data` schema and status) and which error codes it adds. Handlers are built from it (api-handler.ts)
 * and the OpenAPI document is generated from the same objects, so the document cannot drift from the
 * code. Operations live in their feature's `<feature>.contract.ts`; its `routes.ts` declares each one's
 * route once. See docs/decisions.md, "One contract, checked on every response", and
 * docs/architecture.md, "From a route to its code".
 */
import type * as z from 'zod';
import type { ApiKeyPermission } from '#core/api-key-permission.ts';
import type { ErrorCode } from '#core/errors.ts';

/** The reference's sections, in the order it shows them. */
export const API_TAGS = [
  'Emails',
  'Attachments',
  'Validation',
  'Domains',
  'Inbound',
  'Suppressions',
  'Templates',
  'Webhooks',
  'Metrics',
  'Settings',
  'API Keys',
  'Unsubscribe',
  'Reference',
] as const;
export type ApiTag = (typeof API_TAGS)[number];

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A route's method and its path under /api/v1 in API Gateway syntax, e.g. `POST /domains/{id}/verify`. */
export type Endpoint = `${HttpMethod} /${string}`;

export interface ApiOperation<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  S extends 200 | 201 | 202 = 200 | 201 | 202,
  G extends boolean = boolean,
> {
  /** Where the route answers: its method and its path under /api/v1 (and the /v1 alias). */
  endpoint: Endpoint;
  /**
   * The least key permission that may call the route: `sending_access` lets sending keys call it too,
   * `full_access` answers them 403 FORBIDDEN. Every route says which (a public route: `sending_access`).
   */
  permission: ApiKeyPermission;
  /** Unique, camelCase: the SDK's and the reference's name for the operation. */
  operationId: string;
  summary: string;
  /** Markdown: what the reference says beyond the fields (rules, order of checks). */
  description?: string;
  tag: ApiTag;
  body?: B;
  query?: Q;
  path?: P;
  /** The success status. */
  status: S;
  /** The schema of the success envelope's `data` (of one item when `paginated`). */
  response: R;
  /** `data` is a page of `response` items, with the envelope's `pagination`. */
  paginated?: G;
  /** Codes this route produces beyond the ones every route (or every route with a body) can. */
  errors?: readonly ErrorCode[];
  /** Takes an `Idempotency-Key` header. */
  idempotent?: boolean;
  /** Needs no API key (still rate limited per source IP). */
  public?: boolean;
  /** The answer is `response` itself, not wrapped in the success envelope (the OpenAPI document). */
  bare?: boolean;
  /** Largest accepted body in bytes, when not the deployment's default (MAX_BODY_BYTES). */
  maxBodyBytes?: number;
  /** Realistic examples for the reference (each must validate against its schema: a test checks). */
  examples?: { request?: unknown; response?: unknown };
}

/** Infers an operation's exact type (its schemas and status) while checking its shape. */
export function defineOperation<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  S extends 200 | 201 | 202 = 200,
  G extends boolean = false,
>(operation: ApiOperation<B, Q, P, R, S, G>): ApiOperation<B, Q, P, R, S, G> {
  return operation;
}
