/**
 * requestContext (as the API's): the request id and start time on the way in; on the way out (an answer or an error
 * page) the `X-Request-Id` header and the access log line.
 */
import { randomUUID } from 'node:crypto';
import { logger } from '#core/logger.ts';
import type { PageMiddleware, PageRequest } from '#dashboard/context.ts';
import { currentDynamoUsage } from '#dynamo/client.ts';

export function requestContext(): PageMiddleware {
  const finish = (request: PageRequest) => {
    const response = request.response;
    if (!response) return;
    response.headers = { ...response.headers, 'X-Request-Id': request.context.requestId };
    const usage = currentDynamoUsage();
    logger.info('page', {
      request_id: request.context.requestId,
      route: request.event.routeKey,
      status: response.statusCode,
      duration_ms: Date.now() - request.context.startedAt,
      organization_id: request.context.session?.organizationId,
      dynamodb_requests: usage?.requests,
    });
  };
  return {
    before: (request) => {
      request.context.requestId ||= request.event.requestContext?.requestId || randomUUID();
      request.context.startedAt = Date.now();
      request.context.input = {};
    },
    after: finish,
    onError: finish,
  };
}
