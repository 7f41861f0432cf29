/**
 * What the dashboard's middlewares share (as shared/http/context.ts is the API's): the request's
 * context, the middleware type, and the schemas a page validates its input with.
 */
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod';
import type { Session } from '#accounts/members.service.ts';

/** The schemas a page validates its path, query and form with (each optional; what they output, the page receives). */
export interface PageSchemas {
  path?: z.ZodType;
  query?: z.ZodType;
  form?: z.ZodType;
}

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
