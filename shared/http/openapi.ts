/**
 * Builds the OpenAPI 3.1 document of the API from its routes' operations: the same zod schemas that
 * validate requests and type responses. Features declare what is not an API
 * operation (the unsubscribe link's pages, the webhooks Postbox posts); the prose is in
 * openapi-text.ts, the error responses in openapi-errors.ts. Served at GET /api/v1/openapi.json and
 * written to docs/openapi.json by `npm run generate` (CI checks the committed file is fresh).
 */
import * as z from 'zod';
import { ERROR_SCHEMAS, errorCodesOf, errorResponses } from '#http/openapi-errors.ts';
import {
  COMMON_HEADERS,
  DOCUMENT_HEAD,
  headerRef,
  type JsonSchema,
  PAGINATION_SCHEMA,
  SHARED_COMPONENTS,
} from '#http/openapi-text.ts';
import type { ApiOperation, ApiTag } from '#platform/api-operation.ts';
import { API_PREFIX, type ApiRouteDefinition } from '#platform/routes.ts';
import { unsubscribeLinkPage } from '#unsubscribe/unsubscribe.contract.ts';
import { webhookRequests } from '#webhooks/webhook-requests.contract.ts';

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, OpenApiOperation>> };
export interface OpenApiOperation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }>; [key: string]: unknown }>;
  [key: string]: unknown;
}

/** A public page outside the API (no key, HTML answers, at a server of its own), declared by its feature. */
export interface PageContract {
  path: string;
  server: { url: string; description: string };
  tag: ApiTag;
  /** The path parameters (strings): their descriptions by name. */
  pathParameters: Readonly<Record<string, string>>;
  methods: Readonly<Partial<Record<'get' | 'post', PageMethod>>>;
}
interface PageMethod {
  operationId: string;
  summary: string;
  description: string;
  /** A url-encoded form the method accepts. */
  form?: { required: boolean; schema: JsonSchema };
  /** The HTML answers: what each status means. */
  pages: Readonly<Record<number, string>>;
}

/** The requests Postbox posts to endpoints (the document's `webhooks`), declared by their feature. */
export interface WebhookRequestsContract {
  tag: ApiTag;
  description: string;
  /** Required request headers (strings). */
  headers: readonly string[];
  /** What a 2xx answer means. */
  received: string;
  events: ReadonlyArray<{ type: string; summary: string; payload: z.ZodType }>;
}

const pageContracts: readonly PageContract[] = [unsubscribeLinkPage];

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
          ...(operation.idempotent ? { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') } : {}),
        },
        content: { 'application/json': { schema: successSchema(operation, collector), ...example(responseExample) } },
      },
      ...errorResponses(errorCodesOf(operation)),
    },
  };
}

/** A page's path item: its own `servers` (not /api/v1) besides its operations, public, answering HTML. */
function pagePathItem(page: PageContract) {
  const html = (description: string) => ({
    description,
    headers: COMMON_HEADERS,
    content: { 'text/html': { schema: { type: 'string' } } },
  });
  const common = {
    tags: [page.tag],
    security: [],
    parameters: Object.entries(page.pathParameters).map(([name, description]) => ({
      name,
      in: 'path',
      required: true,
      description,
      schema: { type: 'string' },
    })),
  };
  const item: Record<string, unknown> = { servers: [page.server] };
  for (const [method, { operationId, summary, description, form, pages }] of Object.entries(page.methods)) {
    item[method] = {
      ...common,
      operationId,
      summary,
      description,
      ...(form
        ? {
            requestBody: {
              required: form.required,
              content: { 'application/x-www-form-urlencoded': { schema: form.schema } },
            },
          }
        : {}),
      responses: {
        ...Object.fromEntries(Object.entries(pages).map(([status, text]) => [status, html(text)])),
        ...errorResponses(errorCodesOf({ public: true, permission: 'sending_access' })),
      },
    };
  }
  return item;
}

/** The document's `webhooks`: one signed POST per event type, its body the event's payload. */
function webhooksSection(requests: WebhookRequestsContract, collector: SchemaCollector) {
  return Object.fromEntries(
    requests.events.map(({ type, summary, payload }) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          summary,
          description: requests.description,
          tags: [requests.tag],
          security: [],
          parameters: requests.headers.map((name) => ({
            name,
            in: 'header',
            required: true,
            schema: { type: 'string' },
          })),
          requestBody: {
            required: true,
            content: { 'application/json': { schema: collector.convert(payload, 'output') } },
          },
          responses: { '200': { description: requests.received } },
        },
      },
    ]),
  );
}

/** The document of the API whose routes are `apiRoutes` (shared/app/openapi-document.ts builds Postbox's). */
export function buildOpenApiDocument(apiRoutes: readonly ApiRouteDefinition[]): OpenApiDocument {
  const collector = new SchemaCollector();
  const paths: OpenApiDocument['paths'] = {};
  const operationIds = new Set<string>();
  for (const route of apiRoutes) {
    const { operation } = route;
    if (operationIds.has(operation.operationId)) throw new Error(`Duplicate operationId ${operation.operationId}`);
    operationIds.add(operation.operationId);
    const path = route.path.slice(API_PREFIX.length);
    paths[path] ??= {};
    (paths[path] as Record<string, OpenApiOperation>)[route.method.toLowerCase()] = toOpenApiOperation(
      operation,
      collector,
    );
  }
  for (const page of pageContracts) {
    paths[page.path] = pagePathItem(page) as unknown as Record<string, OpenApiOperation>;
  }
  const webhooks = webhooksSection(webhookRequests, collector);
  return {
    ...DOCUMENT_HEAD,
    paths,
    webhooks,
    components: {
      ...SHARED_COMPONENTS,
      schemas: { ...ERROR_SCHEMAS, Pagination: PAGINATION_SCHEMA, ...sortedObject(collector.components) },
    },
  };
}

const sortedObject = <T>(object: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));
