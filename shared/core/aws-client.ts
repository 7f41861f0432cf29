/**
 * What every AWS SDK client Postbox creates gets: its calls recorded for the IAM check
 * (aws-call-recording.ts), and no SDK logger middleware. That middleware renders each call's input
 * and output through the service's sensitive-data filter before handing them to the logger — even to
 * the SDK's default no-op logger, which drops them: a walk over every item written and read, on every
 * call (~1 ms of CPU per DynamoDB call under load, measured with `npm run bench -- throughput`).
 * Postbox logs its own calls' outcomes (core/logger.ts) and never gives the SDK a logger.
 */
import { type AnyClient, recordAwsCalls } from '#core/aws-call-recording.ts';

export function awsClient<C extends AnyClient>(client: C): C {
  client.middlewareStack.remove('loggerMiddleware');
  return recordAwsCalls(client);
}
