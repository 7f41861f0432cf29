/**
 * Which function made which AWS call, for the integration tests' IAM check: every call a handler makes
 * goes to a sink the test run installs, to be checked against the IAM policy the stack deploys for that
 * function. The function is the handler module the local cloud invokes (`runAsFunction`); calls outside
 * any invocation (the test run's own setup) are not reported. Deployed, no sink exists and this costs one
 * property read per call. See docs/deploy.md, "Checked before every merge, offline".
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
