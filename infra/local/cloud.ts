/**
 * The local cloud: the emulators, the table and queues provisioned from the shared
 * definitions, the API gateway serving the route table, one SQS poller per consumer and one
 * timer per scheduled function (EventBridge's stand-in).
 * Handlers run in this process, unchanged, configured through the same environment
 * variables as in AWS. Used by `npm start` and by the integration tests' global setup.
 */

import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { SQSClient } from '@aws-sdk/client-sqs';
import { consumers, scheduledFunctions, streamHandlers } from '#app/routes.ts';
import { runAsFunction } from '#core/aws-call-recording.ts';
import type { LambdaHttpHandler } from '#http/request-scope.ts';
import { attachmentsBucket } from '#platform/buckets.ts';
import { type QueueName, queueDefinitions, queueUrlEnvName } from '#platform/queues.ts';
import { DEFAULT_STACK_NAME, sesConfigurationSetName } from '../stack-environment.ts';
import { bundledHandlers } from './bundled-handlers.ts';
import {
  type RunningEmulator,
  startDynamoDbLocal,
  startS3Emulator,
  startSesEmulator,
  startSqsEmulator,
} from './emulators.ts';
import { startGateway } from './gateway/server.ts';
import { startLocalReceiving } from './local-receiving.ts';
import { createQueues, createTable, type ProvisionedQueue, tableStreamArn } from './provision.ts';
import { type SesThrottle, startSesThrottle } from './ses-throttle.ts';
import { startSqsPoller } from './sqs-poller.ts';
import { startStreamPoller } from './stream-poller.ts';

export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface LocalCloudOptions {
  /** API gateway port; 0 picks a free one. */
  apiPort: number;
  sesPort: number;
  dynamodbPort: number;
  sqsPort: number;
  /** The S3 emulator's port; 0 (the default) picks a free one. */
  s3Port?: number;
  /** The inbound SMTP server's port (SES receiving's stand-in); 0 (the default) picks a free one. */
  smtpPort?: number;
  /** Keep DynamoDB data (and S3 objects, in its `s3` folder) in this directory instead of memory. */
  dataDir?: string;
  /** Extra environment for the handlers (e.g. rate limits, DNS_SERVERS in tests). */
  env?: Record<string, string>;
  /**
   * AES key (base64, 32 bytes) standing in for KMS on the local stack. Defaults to a fresh
   * random key; pass a stable one when the data is kept between runs.
   */
  localEncryptionKey?: string;
  /**
   * Period of every scheduled function's timer (e.g. the scheduler); defaults to its schedule
   * (`everyMinutes`). 0 turns the timers off.
   */
  scheduleIntervalMs?: number;
  /**
   * Run the queue consumers (default true). A benchmark of the accept path alone turns them off:
   * in AWS they run on other machines, here they would share this process's CPU.
   */
  runConsumers?: boolean;
  /**
   * Run the bundles `cdk synth` wrote to this cloud assembly directory (e.g. `cdk.out`) instead of
   * the TypeScript sources: what is tested is then exactly what deploys.
   */
  bundlesFrom?: string;
  /** Where a handler module's code is (`@postbox/local` runs its built JavaScript); the sources by default. */
  handlerFile?: (module: string) => string;
  /**
   * Make the SES emulator throttle SendEmail above this many calls per second, as SES does above the
   * account's send rate (the SES pacing benchmark). Off by default.
   */
  sesThrottlePerSecond?: number;
  log?: (line: string) => void;
}

export interface LocalCloud {
  apiUrl: string;
  sesUrl: string;
  /** The inbound SMTP server's port (loopback): mail sent here to a receiving domain is received. */
  smtpPort: number;
  /** The SES throttle's counts, when sesThrottlePerSecond was given. */
  sesThrottle?: SesThrottle;
  /** The environment the handlers run with (endpoints, table and queue names). */
  env: Record<string, string>;
  queues: Record<QueueName, ProvisionedQueue>;
  /** Resolves once every table change made before the call has reached the stream handlers. */
  drainStreams(): Promise<void>;
  stop(): Promise<void>;
}

export const LOCAL_TABLE_NAME = 'postbox-local';
export const LOCAL_ATTACHMENTS_BUCKET = 'postbox-local-attachments';
const REGION = 'us-east-1';
// DynamoDB Local only accepts alphanumeric access keys.
const CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

async function stopAll(parts: Array<{ stop(): Promise<void> }>): Promise<void> {
  await Promise.allSettled(parts.map((part) => part.stop()));
}

/**
 * Runs `run` every `intervalMs` (0: never), one run at a time like a rule whose runs rarely
 * overlap; stop() clears the timer and waits for a run in progress.
 */
function startTimer(intervalMs: number, run: () => Promise<void>, onError: (error: unknown) => void) {
  if (intervalMs <= 0) return { stop: async () => {} };
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const log = options.log ?? (() => {});
  const emulators: RunningEmulator[] = [];
  const started = await Promise.allSettled([
    startDynamoDbLocal({ port: options.dynamodbPort, ...(options.dataDir ? { dataDir: options.dataDir } : {}) }),
    startSqsEmulator({ port: options.sqsPort }),
    startSesEmulator({ port: options.sesPort }),
    startS3Emulator({
      port: options.s3Port ?? 0,
      buckets: [LOCAL_ATTACHMENTS_BUCKET],
      credentials: CREDENTIALS,
      ...(options.dataDir ? { dataDir: join(options.dataDir, 's3') } : {}),
    }),
  ]);
  for (const result of started) if (result.status === 'fulfilled') emulators.push(result.value);
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stopAll(emulators);
    throw failure.reason;
  }
  const [dynamodb, sqs, sesEmulator, s3] = emulators as [
    RunningEmulator,
    RunningEmulator,
    RunningEmulator,
    RunningEmulator,
  ];
  try {
    const sesThrottle = options.sesThrottlePerSecond
      ? await startSesThrottle({ target: sesEmulator.endpoint, maxPerSecond: options.sesThrottlePerSecond })
      : undefined;
    if (sesThrottle) emulators.push({ endpoint: sesThrottle.endpoint, stop: () => sesThrottle.stop() });
    // Handlers send through the throttle when there is one; the inbox stays the emulator's.
    const ses = { endpoint: sesThrottle?.endpoint ?? sesEmulator.endpoint };
    const dynamoClient = new DynamoDBClient({ endpoint: dynamodb.endpoint, region: REGION, credentials: CREDENTIALS });
    const sqsClient = new SQSClient({ endpoint: sqs.endpoint, region: REGION, credentials: CREDENTIALS });
    await createTable(dynamoClient, LOCAL_TABLE_NAME);
    const queues = await createQueues(sqsClient, 'postbox-local');

    const env: Record<string, string> = {
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      TABLE_NAME: LOCAL_TABLE_NAME,
      DYNAMODB_ENDPOINT: dynamodb.endpoint,
      SQS_ENDPOINT: sqs.endpoint,
      SES_ENDPOINT: ses.endpoint,
      S3_ENDPOINT: s3.endpoint,
      [attachmentsBucket.envName]: LOCAL_ATTACHMENTS_BUCKET,
      // No identity or KMS emulator exists: the local adapters stand in (shared/adapters/*).
      IDENTITY_PROVIDER: 'local',
      // Test-key emails skip SES in AWS; locally they go to the emulator so its inbox shows them.
      DELIVER_TEST_EMAILS_TO_SES: 'true',
      // Sent through the configuration set the stack deploys, as in AWS (the IAM check authorises
      // SendEmail against it).
      SES_CONFIGURATION_SET: sesConfigurationSetName(DEFAULT_STACK_NAME),
      SIMULATE_OUTCOMES: 'true', // no SES events come back locally: simulate them (shared/emails/delivery/simulated-notifications.ts)
      // The SES emulator shares this process: a slow answer means a busy CPU, not a lost request
      // (which, as an ambiguous outcome, would be sent again once the lease expires).
      SES_REQUEST_TIMEOUT_MS: '25000',
      // The account's send rate the consumer paces SES calls to (SesMaxSendRate in AWS). The emulator
      // has no rate of its own, so locally this only bounds the pace; tests override nothing.
      SES_MAX_SEND_RATE: '1000',
      // Webhook endpoints on a developer's machine are plain http (https only in AWS).
      WEBHOOK_ALLOW_HTTP_URLS: 'true',
      // …and they listen on this machine (127.0.0.1), which AWS refuses as a target.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      LOCAL_ENCRYPTION_KEY: options.localEncryptionKey ?? randomBytes(32).toString('base64'),
      // Embedded-metric lines would crowd the local output; POWERTOOLS_METRICS_DISABLED=false shows them.
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
      ...Object.fromEntries(
        Object.entries(queues).map(([name, queue]) => [queueUrlEnvName(name as QueueName), queue.url]),
      ),
      ...options.env,
    };
    // Handlers read their configuration from the environment when first imported.
    Object.assign(process.env, env);

    const handlerCache = new Map<string, Promise<unknown>>();
    const bundles = options.bundlesFrom ? bundledHandlers(options.bundlesFrom) : undefined;
    const moduleFile = (module: string): string => {
      if (options.handlerFile) return options.handlerFile(module);
      if (!bundles) return join(repositoryRoot, module);
      const bundle = bundles.get(module);
      if (!bundle) throw new Error(`No deployed bundle runs ${module}`);
      return bundle;
    };
    const loadModuleHandler = (module: string): Promise<unknown> => {
      let loaded = handlerCache.get(module);
      if (!loaded) {
        loaded = import(pathToFileURL(moduleFile(module)).href).then((mod: { handler?: unknown }) => {
          const handler = mod.handler;
          if (typeof handler !== 'function') throw new Error(`${module} does not export a handler`);
          // Each invocation runs as its function, so the AWS calls it makes are told apart by
          // function (the IAM check of the tests: shared/core/aws-call-recording.ts).
          return (...args: unknown[]) => runAsFunction(module, () => handler(...args));
        });
        handlerCache.set(module, loaded);
      }
      return loaded;
    };

    const gateway = await startGateway({
      port: options.apiPort,
      loadHandler: (module) => loadModuleHandler(module) as Promise<LambdaHttpHandler>,
      log,
    });
    // Links in emails (the one-click unsubscribe) point at this gateway unless told otherwise.
    env.PUBLIC_BASE_URL ||= gateway.url;
    process.env.PUBLIC_BASE_URL = env.PUBLIC_BASE_URL;
    const pollers = (options.runConsumers === false ? [] : consumers).map((consumer) =>
      startSqsPoller({
        sqs: sqsClient,
        queueUrl: queues[consumer.queue].url,
        queueArn: queues[consumer.queue].arn,
        region: REGION,
        handler: async (event, context) => {
          const handler = (await loadModuleHandler(consumer.handler)) as (
            e: typeof event,
            c: typeof context,
          ) => Promise<{ batchItemFailures: { itemIdentifier: string }[] } | undefined>;
          return handler(event, context);
        },
        batchSize: consumer.batchSize,
        maxConcurrency: consumer.maxConcurrency,
        visibilityTimeoutSeconds: queueDefinitions[consumer.queue].visibilityTimeoutSeconds,
        functionName: `postbox-local-${consumer.queue}-consumer`,
        log,
      }),
    );

    // The table's stream, as Lambda's event source mapping reads it (from now on: a kept local
    // database's older changes are not replayed).
    const streamArn = await tableStreamArn(dynamoClient, LOCAL_TABLE_NAME);
    const streamsClient = new DynamoDBStreamsClient({
      endpoint: dynamodb.endpoint,
      region: REGION,
      credentials: CREDENTIALS,
    });
    const streamPollers = (options.runConsumers === false ? [] : streamHandlers).map((streamHandler) =>
      startStreamPoller({
        client: streamsClient,
        streamArn,
        handler: async (event, context) => {
          const handler = (await loadModuleHandler(streamHandler.handler)) as (
            e: typeof event,
            c: typeof context,
          ) => Promise<unknown>;
          return handler(event, context);
        },
        batchSize: streamHandler.batchSize,
        filterPatterns: streamHandler.filterPatterns,
        retryAttempts: 10,
        bisectBatchOnError: true,
        startingPosition: 'LATEST',
        functionName: `postbox-local-${streamHandler.name}`,
        log,
      }),
    );

    const smtp = await startLocalReceiving({
      port: options.smtpPort ?? 0,
      sqs: sqsClient,
      queueUrl: queues.inbound.url,
      bucketName: LOCAL_ATTACHMENTS_BUCKET,
      log,
    });
    emulators.push({ endpoint: `smtp://127.0.0.1:${smtp.port}`, stop: () => smtp.stop() });

    const timers = scheduledFunctions.map((scheduled) =>
      startTimer(
        options.scheduleIntervalMs ?? scheduled.everyMinutes * 60_000,
        async () => {
          const handler = (await loadModuleHandler(scheduled.handler)) as () => Promise<unknown>;
          await handler();
        },
        (error) => log(`[${scheduled.name}] run failed: ${error instanceof Error ? error.message : String(error)}`),
      ),
    );

    return {
      apiUrl: gateway.url,
      sesUrl: sesEmulator.endpoint,
      smtpPort: smtp.port,
      sesThrottle,
      env,
      queues,
      drainStreams: async () => {
        await Promise.all(streamPollers.map((poller) => poller.drain()));
      },
      stop: async () => {
        await stopAll(timers);
        await stopAll(pollers);
        await stopAll(streamPollers);
        await gateway.close();
        await stopAll(emulators);
      },
    };
  } catch (error) {
    await stopAll(emulators);
    throw error;
  }
}
