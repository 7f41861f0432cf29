import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ApiError, errorStatus } from '#core/errors.ts';
import type { ApiContext } from '#http/context.ts';
import { errorEnvelope } from '#http/middleware/error-envelope.ts';
import { requestContext } from '#http/middleware/request-context.ts';

function stackThatThrows(error: unknown) {
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>()
    .use(requestContext())
    .use(errorEnvelope())
    .handler(async () => {
      throw error;
    });
}

const event = { requestContext: { requestId: 'req-123' }, routeKey: 'GET /x' } as unknown as APIGatewayProxyEventV2;
const context = {} as ApiContext;

describe('error envelope', () => {
  it('hides internals of unexpected errors behind INTERNAL_ERROR with the request id', async () => {
    const response = await stackThatThrows(new Error('secret table arn:aws:dynamodb:xyz'))(event, context);
    expect(response.statusCode).toBe(500);
    const body = JSON.parse(response.body ?? '{}');
    expect(body.error.code).toBe('INTERNAL_ERROR');
    expect(body.error.message).toContain('req-123');
    expect(response.body).not.toContain('secret');
    expect(response.headers?.['X-Request-Id']).toBe('req-123');
  });

  it('keeps the code, message, details and headers of an ApiError', async () => {
    const error = new ApiError('RATE_LIMITED', 'slow down', { headers: { 'Retry-After': '1' } });
    const response = await stackThatThrows(error)(event, context);
    expect(response.statusCode).toBe(429);
    expect(response.headers?.['Retry-After']).toBe('1');
    expect(JSON.parse(response.body ?? '{}')).toEqual({ error: { code: 'RATE_LIMITED', message: 'slow down' } });
  });

  it('has the closed list of codes with the statuses of docs/api.md', () => {
    expect(errorStatus).toEqual({
      VALIDATION_ERROR: 400,
      DOMAIN_NOT_VERIFIED: 400,
      RECIPIENTS_SUPPRESSED: 400,
      RECIPIENTS_INVALID: 400,
      AUTH_MISSING: 401,
      AUTH_INVALID: 401,
      FORBIDDEN: 403,
      SENDING_PAUSED: 403,
      NOT_FOUND: 404,
      METHOD_NOT_ALLOWED: 405,
      CONFLICT: 409,
      IDEMPOTENCY_CONFLICT: 409,
      IDEMPOTENCY_IN_PROGRESS: 409,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
      LIMIT_EXCEEDED: 429,
      RATE_LIMITED: 429,
      INTERNAL_ERROR: 500,
    });
    expect(new ApiError('CONFLICT', 'm')).toMatchObject({ statusCode: 409, expose: true });
    expect(new ApiError('INTERNAL_ERROR', 'm')).toMatchObject({ statusCode: 500, expose: false });
  });
});
