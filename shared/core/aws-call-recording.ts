/**
 * Which function made which AWS call, for the IAM check of the integration tests
 * (test/support/iam/): every call a handler makes is handed to a sink that the test run installs,
 * and checked against the IAM policy the stack deploys for that handler's function. In a deployed
 * function no sink exists and this costs one property read per call.
 *
 * The function is the route-table handler module whose invocation the call belongs to, set by
 * whoever invokes handlers (the local cloud) with `runAsFunction`; calls outside any invocation
 * (the test run's own setup) are not the deployed code's and are not reported.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareStack } from '@smithy/types';

export interface AwsCall {
  /** The route-table handler module of the invoked function, e.g. `functions/emails/send.ts`. */
  handler: string;
  /** The SDK client, e.g. `DynamoDBClient`. */
  client: string;
  /** The SDK command, e.g. `UpdateItemCommand`. */
  command: string;
  /** The command's input as sent (DynamoDB attribute values marshalled). */
  input: unknown;
}

export type AwsCallSink = (call: AwsCall) => void;

const SINK = Symbol.for('postbox.awsCallSink');
const scope = new AsyncLocalStorage<string>();

/** Installs the sink every recorded call goes to (the test run's global setup). */
export function setAwsCallSink(sink: AwsCallSink | undefined): void {
  (globalThis as { [SINK]?: AwsCallSink })[SINK] = sink;
}

/** The route-table handler module of the invocation running now (set by the local cloud), if any. */
export function currentFunction(): string | undefined {
  return scope.getStore();
}

/** Runs one invocation of the function whose handler module is `handler`. */
export function runAsFunction<T>(handler: string, invocation: () => T): T {
  return scope.run(handler, invocation);
}

/** Any SDK v3 client: its middleware stack's input and output types differ per service. */
// biome-ignore lint/suspicious/noExplicitAny: the stack of every service's client, whatever its types
export type AnyClient = { middlewareStack: MiddlewareStack<any, any> };

/** Reports each call the client makes (at the build step: the input as it goes on the wire). */
export function recordAwsCalls<C extends AnyClient>(client: C): C {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const sink = (globalThis as { [SINK]?: AwsCallSink })[SINK];
      const handler = sink ? scope.getStore() : undefined;
      if (sink && handler) {
        sink({ handler, client: context.clientName ?? '?', command: context.commandName ?? '?', input: args.input });
      }
      return next(args);
    },
    { step: 'build', name: 'recordAwsCalls' },
  );
  return client;
}
