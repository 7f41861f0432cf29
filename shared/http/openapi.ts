/**
 * The OpenAPI 3.1 document of the API, generated from the route table (shared/platform/routes.ts)
 * and each route's operation (shared/http/operations.ts): the same zod schemas that validate requests
 * and type responses. Served at GET /api/v1/openapi.json and written to docs/openapi.json by
 * `npm run openapi` (CI fails when the committed file differs from a fresh generation).
 *
 * Every operation gets: its parameters and body, its success response in the envelope, one response
 * per error status with the exact codes the route can produce (the ones every route can, plus the
 * operation's own), the request-id and rate-limit headers, `Idempotency-Key` where accepted, and
 * the bearer scheme unless public.
 */
import * as z from 'zod';
import { type ErrorCode, errorStatus } from '#core/errors.ts';
import { operationsByRoute } from '#http/operations.ts';
import { API_TAGS, type ApiOperation, type ApiTag } from '#platform/api-operation.ts';
import { ALIAS_PREFIX, API_PREFIX, type RouteDefinition, routes, UNSUBSCRIBE_PREFIX } from '#platform/routes.ts';
import { webhookPayloads } from '#webhooks/webhooks.contract.ts';

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, OpenApiOperation>> };
export interface OpenApiOperation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }>; [key: string]: unknown }>;
  [key: string]: unknown;
}

export const API_VERSION = '1.0.0';

const DESCRIPTION = `Postbox is a transactional email API running in your own AWS account.

**Authentication**: \`Authorization: Bearer <API key>\` (\`pb_live_…\` sends, \`pb_test_…\` simulates). Keys are created in the dashboard (Settings → API Keys).

**Paths**: every route answers under \`/api/v1\` (canonical, the server below) and under the \`/v1\` alias, identically.

**Envelopes**: a success is \`{"data": …}\` (paginated lists add \`pagination\`); an error is \`{"error": {"code", "message", "details"}}\` with a code from a closed list. Every response carries \`X-Request-Id\` and the rate-limit headers.

**Limits**: 10 requests per second per organization by default (\`429 RATE_LIMITED\`, \`Retry-After\`); bodies up to 1 MiB (5 MiB for a batch).

Two failures come from AWS itself, not in the envelope: API Gateway's \`413 {"message": "Request Entity Too Large"}\` for a body over 10 MB and \`500 {"message": "Internal Server Error"}\` when a function fails outright. Concepts and rules: docs/api.md in the repository.`;

const TAG_DESCRIPTIONS: Record<ApiTag, string> = {
  Emails: 'Send one email or a batch, follow its delivery events, list and cancel.',
  Validation: 'Check addresses before sending (syntax, mail servers, disposable, role, typos, suppressions).',
  Domains: 'Sending domains: the DNS records to publish (DKIM, SPF, DMARC) and their verification.',
  Suppressions: 'Addresses that must not receive email (bounces, complaints, unsubscribes, manual).',
  Templates: 'Stored templates with `{{variables}}`, an optional variable schema, and previews.',
  Attachments: 'Files too large to send inline: uploaded once, then named in sends by `attachment_id`.',
  Webhooks: 'Endpoints that receive the events of your emails, signed per Standard Webhooks.',
  Metrics: 'Deliverability counts and rates over time, from counters written with the events.',
  Settings: 'The organization’s settings.',
  Unsubscribe:
    'Postbox’s one-click unsubscribe link (`list_unsubscribe: true`): what mailbox providers and recipients call, at the deployment’s root and without a key. It answers HTML.',
  Reference: 'This document.',
};

/** Codes every route can produce, by what the route has. */
function errorCodesOf(operation: ApiOperation): ErrorCode[] {
  const codes = new Set<ErrorCode>(['RATE_LIMITED', 'INTERNAL_ERROR']);
  if (!operation.public) for (const code of ['AUTH_MISSING', 'AUTH_INVALID'] as const) codes.add(code);
  if (operation.body) {
    for (const code of ['VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const) codes.add(code);
  }
  if (operation.query) codes.add('VALIDATION_ERROR');
  if (operation.idempotent) {
    for (const code of ['VALIDATION_ERROR', 'IDEMPOTENCY_CONFLICT', 'IDEMPOTENCY_IN_PROGRESS'] as const)
      codes.add(code);
  }
  for (const code of operation.errors ?? []) codes.add(code);
  return [...codes];
}

/** Query values arrive as strings; a whole-number parameter says so (pages.ts `integerParam`). */
function overrideQueryIntegers(context: { jsonSchema: JsonSchema }): void {
  if (context.jsonSchema.type === 'integer') delete context.jsonSchema.pattern;
}

/** Builds the document's components while the operations are converted. */
class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  /** The JSON Schema of `schema` (a `$ref` when it has an id); named parts go to the components. */
  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      unrepresentable: 'any',
      override: overrideQueryIntegers,
    }) as JsonSchema;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    // A schema with an id comes back as a `$ref` to itself among the `$defs`.
    for (const [id, def] of Object.entries(defs)) this.add(id, def);
    return relink(json);
  }

  private add(id: string, schema: JsonSchema): void {
    const { id: _id, ...rest } = relink(schema);
    const existing = this.components[id];
    if (existing && JSON.stringify(existing) !== JSON.stringify(rest)) {
      throw new Error(`Two different schemas are named ${id} (a request and a response schema may not share a name)`);
    }
    this.components[id] = rest;
  }
}

/** `#/$defs/X` (what zod writes) → `#/components/schemas/X`. */
const relink = (schema: JsonSchema): JsonSchema =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
const COMMON_HEADERS = {
  'X-Request-Id': header('X-Request-Id'),
  'X-RateLimit-Limit': header('X-RateLimit-Limit'),
  'X-RateLimit-Remaining': header('X-RateLimit-Remaining'),
  'X-RateLimit-Reset': header('X-RateLimit-Reset'),
};

const STATUS_TEXT: Record<number, string> = {
  400: 'The request is invalid',
  401: 'No API key, or a wrong one',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Internal error (the message quotes the request id)',
};

/** The error envelope with `code` one of `codes`. */
function errorEnvelope(codes: readonly ErrorCode[]): JsonSchema {
  return {
    type: 'object',
    required: ['error'],
    additionalProperties: false,
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        additionalProperties: false,
        properties: {
          code: { type: 'string', enum: codes },
          message: { type: 'string', minLength: 1 },
          details: { type: 'array', items: { $ref: '#/components/schemas/ErrorDetail' } },
        },
      },
    },
  };
}

/** API Gateway's and Lambda's own 413 and 500 (a body over 10 MB, a function that failed outright). */
const GATEWAY_ERROR_STATUSES = new Set([413, 500]);

function errorResponses(codes: readonly ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, statusCodes]) => [
        String(status),
        {
          description: `${STATUS_TEXT[status] ?? 'Error'}: ${statusCodes.map((code) => `\`${code}\``).join(', ')}`,
          headers: { ...COMMON_HEADERS, ...(status === 429 ? { 'Retry-After': header('Retry-After') } : {}) },
          content: {
            'application/json': {
              schema: GATEWAY_ERROR_STATUSES.has(status)
                ? { oneOf: [errorEnvelope(statusCodes), { $ref: '#/components/schemas/GatewayError' }] }
                : errorEnvelope(statusCodes),
            },
          },
        },
      ]),
  );
}

function parameters(operation: ApiOperation, collector: SchemaCollector) {
  const out: unknown[] = [];
  for (const [location, schema] of [
    ['path', operation.path],
    ['query', operation.query],
  ] as const) {
    if (!schema) continue;
    const json = collector.convert(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const { description, ...propertySchema } = property;
      out.push({
        name,
        in: location,
        required: location === 'path' || (json.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: propertySchema,
      });
    }
  }
  if (operation.idempotent) out.push({ $ref: '#/components/parameters/IdempotencyKey' });
  return out;
}

function successSchema(operation: ApiOperation, collector: SchemaCollector): JsonSchema {
  const data = collector.convert(operation.response, 'output');
  if (operation.bare) return data;
  if (operation.paginated) {
    return {
      type: 'object',
      required: ['data', 'pagination'],
      additionalProperties: false,
      properties: { data: { type: 'array', items: data }, pagination: { $ref: '#/components/schemas/Pagination' } },
    };
  }
  return { type: 'object', required: ['data'], additionalProperties: false, properties: { data } };
}

function toOpenApiOperation(operation: ApiOperation, collector: SchemaCollector): OpenApiOperation {
  const example = (value: unknown) => (value === undefined ? {} : { example: value });
  const responseExample =
    operation.examples?.response === undefined || operation.bare ? undefined : { data: operation.examples.response };
  const parameterList = parameters(operation, collector);
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    ...(operation.public ? { security: [] } : {}),
    ...(parameterList.length > 0 ? { parameters: parameterList } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: collector.convert(operation.body, 'input'),
                ...example(operation.examples?.request),
              },
            },
          },
        }
      : {}),
    responses: {
      [String(operation.status)]: {
        description: ({ 200: 'OK', 201: 'Created', 202: 'Accepted' } as const)[operation.status],
        headers: {
          ...COMMON_HEADERS,
          ...(operation.idempotent ? { 'Idempotent-Replayed': header('Idempotent-Replayed') } : {}),
        },
        content: { 'application/json': { schema: successSchema(operation, collector), ...example(responseExample) } },
      },
      ...errorResponses(errorCodesOf(operation)),
    },
  };
}

/** The API routes of the route table (under /api/v1), each with its operation. */
export function apiOperations(): Array<{ route: RouteDefinition; path: string; operation: ApiOperation }> {
  const apiRoutes = routes.filter((route) => route.path.startsWith(`${API_PREFIX}/`));
  const used = new Set<string>();
  const list = apiRoutes.map((route) => {
    const path = route.path.slice(API_PREFIX.length);
    const key = `${route.method} ${path}`;
    const operation = operationsByRoute[key];
    if (!operation) throw new Error(`The route ${key} has no operation in shared/http/operations.ts`);
    used.add(key);
    return { route, path, operation };
  });
  const unused = Object.keys(operationsByRoute).filter((key) => !used.has(key));
  if (unused.length > 0) throw new Error(`Operations without a route in the route table: ${unused.join(', ')}`);
  return list;
}

/**
 * The one-click unsubscribe link (routes.ts `unsubscribeRoutes`): not an API call (no key, HTML
 * answers, at the deployment's root: the path item's own `servers`), described so that the contract
 * says what the `List-Unsubscribe` header of `list_unsubscribe: true` points at.
 */
function unsubscribePathItem() {
  const page = (description: string) => ({
    description,
    headers: COMMON_HEADERS,
    content: { 'text/html': { schema: { type: 'string' } } },
  });
  const common = {
    tags: ['Unsubscribe'],
    security: [],
    parameters: [
      {
        name: 'token',
        in: 'path',
        required: true,
        description: 'The signed reference of the link (valid 60 days)',
        schema: { type: 'string' },
      },
    ],
  };
  const responses = (ok: string) => ({
    '200': page(ok),
    '404': page('An unknown, altered, truncated or expired link'),
    ...errorResponses(['RATE_LIMITED', 'INTERNAL_ERROR']),
  });
  return {
    servers: [{ url: '/', description: 'The deployment’s root (PUBLIC_BASE_URL)' }],
    get: {
      ...common,
      operationId: 'showUnsubscribePage',
      summary: 'The unsubscribe confirmation page',
      description:
        'Names the sender and the recipient, with a button that POSTs. Never unsubscribes: link scanners follow links.',
      responses: responses('The page'),
    },
    post: {
      ...common,
      operationId: 'unsubscribeOneClick',
      summary: 'One-click unsubscribe (RFC 8058)',
      description:
        'What mailbox providers post (`List-Unsubscribe=One-Click`; the body is not required, the token is the authority): suppresses the recipient (`unsubscribe`, `automatic`), records an `unsubscribed` event on the email and fires `email.unsubscribed`. Repeating it changes nothing.',
      requestBody: {
        required: false,
        content: {
          'application/x-www-form-urlencoded': {
            schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } },
          },
        },
      },
      responses: responses('Unsubscribed (now or before)'),
    },
  };
}

function buildDocument(): OpenApiDocument {
  const collector = new SchemaCollector();
  const paths: OpenApiDocument['paths'] = {};
  const operationIds = new Set<string>();
  for (const { route, path, operation } of apiOperations()) {
    if (operationIds.has(operation.operationId)) throw new Error(`Duplicate operationId ${operation.operationId}`);
    operationIds.add(operation.operationId);
    paths[path] ??= {};
    (paths[path] as Record<string, OpenApiOperation>)[route.method.toLowerCase()] = toOpenApiOperation(
      operation,
      collector,
    );
  }
  // A path item with its own `servers` (the root, not /api/v1) besides its operations.
  paths[`${UNSUBSCRIBE_PREFIX}/{token}`] = unsubscribePathItem() as unknown as Record<string, OpenApiOperation>;
  const webhooks = Object.fromEntries(
    webhookPayloads.map(({ type, summary, payload }) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          summary,
          description:
            'Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).',
          tags: ['Webhooks'],
          security: [],
          parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
            name,
            in: 'header',
            required: true,
            schema: { type: 'string' },
          })),
          requestBody: {
            required: true,
            content: { 'application/json': { schema: collector.convert(payload, 'output') } },
          },
          responses: { '200': { description: 'Received (any 2xx)' } },
        },
      },
    ]),
  );
  const shared = {
    Error: {
      ...errorEnvelope(Object.keys(errorStatus) as ErrorCode[]),
      description: 'The error envelope; each operation lists the codes it can answer, by status',
    },
    GatewayError: {
      type: 'object',
      required: ['message'],
      additionalProperties: false,
      description:
        'API Gateway’s own answer, without Postbox’s headers: 413 for a body over 10 MB, 500 when a function failed outright',
      properties: { message: { type: 'string', examples: ['Request Entity Too Large', 'Internal Server Error'] } },
    },
    ErrorDetail: {
      type: 'object',
      required: ['field', 'message'],
      additionalProperties: false,
      properties: {
        field: { type: 'string', description: 'Dotted path of the field (`to[0].email`), or `body`' },
        message: { type: 'string' },
      },
    },
    Pagination: {
      type: 'object',
      required: ['page', 'limit', 'total_count', 'total_pages'],
      additionalProperties: false,
      properties: {
        page: { type: 'integer', minimum: 1 },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
        total_count: { type: 'integer', minimum: 0 },
        total_pages: { type: 'integer', minimum: 0 },
      },
    },
  };
  const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Postbox API',
      version: API_VERSION,
      description: DESCRIPTION,
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [
      { url: API_PREFIX, description: `This deployment (every route also answers under ${ALIAS_PREFIX})` },
      { url: `http://127.0.0.1:3000${API_PREFIX}`, description: 'The local stack (npm start)' },
    ],
    security: [{ bearerAuth: [] }],
    tags: API_TAGS.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    webhooks,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: `pb_live_…` or `pb_test_…`' },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes a retry safe for 24 hours: the same key and body answer the first response again (`Idempotent-Replayed: true`); another body is `409 IDEMPOTENCY_CONFLICT`.',
          schema: { type: 'string', minLength: 1, maxLength: 256, pattern: '^[\\x21-\\x7E]+$' },
        },
      },
      headers: {
        'X-Request-Id': {
          description: 'This request’s id (quote it when reporting a problem)',
          required: true,
          schema: { type: 'string' },
        },
        'X-RateLimit-Limit': integerHeader('Requests allowed per one-second window'),
        'X-RateLimit-Remaining': integerHeader('Requests left in the current window'),
        'X-RateLimit-Reset': integerHeader('Seconds until the window resets'),
        'Retry-After': integerHeader('Seconds to wait before retrying'),
        'Idempotent-Replayed': {
          description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key',
          schema: { type: 'string', enum: ['true'] },
        },
      },
      schemas: { ...shared, ...sortedObject(collector.components) },
    },
  };
}

const sortedObject = <T>(object: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));

let cached: OpenApiDocument | undefined;

/** The document (built once per process). */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildDocument();
  return cached;
}
