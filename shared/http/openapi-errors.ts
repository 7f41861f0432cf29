/**
 * The OpenAPI document's error responses: one per status a route can answer, listing the exact codes
 * (those every route can produce, by what it has, plus the operation's own), in the error envelope.
 * The closed list of codes and their statuses: shared/core/errors.ts; the envelope: docs/api.md.
 */
import { type ErrorCode, errorStatus } from '#core/errors.ts';
import { COMMON_HEADERS, headerRef, type JsonSchema } from '#http/openapi-text.ts';
import type { ApiOperation } from '#platform/api-operation.ts';

/** Codes every route can produce, by what the route has. */
export function errorCodesOf(
  operation: Pick<ApiOperation, 'public' | 'body' | 'query' | 'idempotent' | 'errors' | 'permission'>,
): ErrorCode[] {
  const codes = new Set<ErrorCode>(['RATE_LIMITED', 'INTERNAL_ERROR']);
  if (!operation.public) for (const code of ['AUTH_MISSING', 'AUTH_INVALID'] as const) codes.add(code);
  // A sending key may not call it (middleware/authorize-key.ts).
  if (!operation.public && operation.permission === 'full_access') codes.add('FORBIDDEN');
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

const STATUS_TEXT: Record<number, string> = {
  400: 'The request is invalid',
  401: 'No API key, or a wrong one',
  403: 'Forbidden',
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

/** The responses for `codes`, one per status, in status order. */
export function errorResponses(codes: readonly ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, statusCodes]) => [
        String(status),
        {
          description: `${STATUS_TEXT[status] ?? 'Error'}: ${statusCodes.map((code) => `\`${code}\``).join(', ')}`,
          headers: { ...COMMON_HEADERS, ...(status === 429 ? { 'Retry-After': headerRef('Retry-After') } : {}) },
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

/** The error schemas among the components, in the document's order. */
export const ERROR_SCHEMAS: Record<string, JsonSchema> = {
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
};
