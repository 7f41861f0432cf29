/**
 * A non-HTTP Lambda handler (a queue consumer, an SNS subscriber, the scheduler) with Powertools'
 * injectLambdaContext: the function's name, its AWS request id and whether it is a cold start on
 * every line it logs. HTTP handlers get the same from their middleware stacks.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from '#core/logger.ts';

export function withLambdaLogging<E, R>(handler: (event: E, context: Context) => Promise<R>) {
  const wrapped = middy(handler).use(injectLambdaContext(logger));
  // A direct call (a test, the local timer) may pass no context.
  return (event: E, context?: Context): Promise<R> => wrapped(event, context ?? ({} as Context));
}
