/**
 * The scope of one HTTP request, around the whole middleware stack (API routes and dashboard pages):
 * its id (API Gateway's request id, or a new one for a direct invocation) on the Lambda context and
 * on every log line the request causes — the services' lines included — and its own DynamoDB usage
 * counter for the access log.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { withLogKeys } from '#core/logger.ts';
import { withDynamoUsage } from '#dynamo/client.ts';

export type LambdaHttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

export function withRequestScope(handler: LambdaHttpHandler): LambdaHttpHandler {
  return (event, context) => {
    const requestId = event.requestContext?.requestId || randomUUID();
    const scoped = Object.assign(context ?? {}, { requestId }) as Context;
    return withLogKeys({ request_id: requestId }, () => withDynamoUsage(() => handler(event, scoped)));
  };
}
