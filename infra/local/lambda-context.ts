/** The Lambda `Context` the local pollers hand to handlers (the SQS and stream event source stand-ins). */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

export function localLambdaContext(options: {
  functionName: string;
  region: string;
  account: string;
  /** Epoch ms the invocation must end by (getRemainingTimeInMillis counts down to it). */
  deadline: number;
}): Context {
  const { functionName, region, account, deadline } = options;
  const unsupported = (): never => {
    throw new Error('callback-style context methods are not supported; return a promise');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:${account}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/[$LATEST]${randomUUID().replaceAll('-', '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}
