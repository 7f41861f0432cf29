/**
 * First in the stack, so its `after`/`onError` run last: it gives the request an id and,
 * on every response (errors included), sets X-Request-Id and the rate-limit headers,
 * then writes one structured access-log line with the request's DynamoDB cost.
 */
import { randomUUID } from 'node:crypto';
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { logger } from '#core/logger.ts';
import { currentDynamoUsage } from '#dynamo/client.ts';
import type { ApiContext, ApiMiddleware } from '#http/context.ts';

type Request = middy.Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>;

export function requestContext(): ApiMiddleware {
  const before = (request: Request): void => {
    request.context.requestId ||= request.event.requestContext?.requestId || randomUUID();
    request.context.startedAt = Date.now();
    request.context.input = {};
  };
  const finish = (request: Request): void => {
    const response = request.response;
    if (!response) return;
    const { rateLimit, caller } = request.context;
    response.headers = {
      ...response.headers,
      'X-Request-Id': request.context.requestId,
      ...(rateLimit
        ? {
            'X-RateLimit-Limit': String(rateLimit.limit),
            'X-RateLimit-Remaining': String(rateLimit.remaining),
            'X-RateLimit-Reset': String(rateLimit.resetSeconds),
          }
        : {}),
    };
    const usage = currentDynamoUsage();
    logger.info('request', {
      request_id: request.context.requestId,
      route: request.event.routeKey,
      status: response.statusCode,
      duration_ms: Date.now() - request.context.startedAt,
      organization_id: caller?.organizationId,
      key_prefix: caller?.keyPrefix,
      dynamodb_requests: usage?.requests,
      dynamodb_capacity_units: usage?.capacityUnits,
    });
  };
  return { before, after: finish, onError: finish };
}
