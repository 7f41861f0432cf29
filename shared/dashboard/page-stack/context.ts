/** What the dashboard's middlewares share: the request's context and the middleware type. */
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Session } from '#accounts/members.service.ts';

export interface PageContext extends Context {
  requestId: string;
  startedAt: number;
  /** The signed-in member's session (signed-in pages only). */
  session?: Session;
  sessionToken?: string;
  form?: Record<string, string>;
  input: { query?: unknown; form?: unknown; path?: unknown };
}

export type PageRequest = middy.Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, PageContext>;

export type PageMiddleware = middy.MiddlewareObj<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  PageContext
>;
