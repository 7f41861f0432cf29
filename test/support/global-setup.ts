/**
 * Starts one local cloud (DynamoDB Local, fauxqs, SES emulator, gateway, pollers) on free
 * ports for the whole integration run and hands its URLs and environment to the workers.
 */
import getPort from 'get-port';
import type { TestProject } from 'vitest/node';
import { type LocalCloud, startLocalCloud } from '../../infra/local/cloud.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    localCloud: { apiUrl: string; sesUrl: string; env: Record<string, string> };
  }
}

let cloud: LocalCloud | undefined;

export async function setup(project: TestProject): Promise<void> {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  cloud = await startLocalCloud({
    apiPort: 0,
    sesPort: await getPort(),
    dynamodbPort: await getPort(),
    sqsPort: await getPort(),
  });
  project.provide('localCloud', { apiUrl: cloud.apiUrl, sesUrl: cloud.sesUrl, env: cloud.env });
}

export async function teardown(): Promise<void> {
  await cloud?.stop();
}
