/**
 * Starts one local cloud (DynamoDB Local, fauxqs, SES emulator, gateway, pollers) on free
 * ports for the whole integration run and hands its URLs and environment to the workers. The
 * `smoke` project runs it on the bundles `cdk synth` wrote (POSTBOX_TEST_BUNDLES: the cloud
 * assembly directory) instead of the sources; the IAM check runs on the sources only (a bundle has
 * its own copy of the recording scope).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import getPort from 'get-port';
import type { TestProject } from 'vitest/node';
import { type LocalCloud, startLocalCloud } from '../../infra/local/cloud.ts';
import { CONTRACT_LOG_ENV } from './contract.ts';
import { startTestDnsServer } from './dns-server.ts';
import { type IamCheck, startIamCheck } from './iam/check.ts';
import type { LocalNames as IamCheckLocalNames } from './iam/policies.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    localCloud: { apiUrl: string; sesUrl: string; smtpPort: number; env: Record<string, string> };
    /** Control API of the test DNS server the handlers resolve through. */
    dnsControlUrl: string;
  }
}

let cloud: LocalCloud | undefined;
let iamCheck: IamCheck | undefined;
let dns: Awaited<ReturnType<typeof startTestDnsServer>> | undefined;
let contractLog: string | undefined;

/** Sums up the contract log the workers wrote (contract.ts): responses checked, distinct (route, status) pairs. */
function contractSummary(directory: string): string {
  const lines = readdirSync(directory).flatMap((file) =>
    readFileSync(path.join(directory, file), 'utf8').split('\n').filter(Boolean),
  );
  const pairs = new Set(lines);
  const routes = new Set(
    lines.filter((line) => !line.startsWith('(no route)')).map((line) => line.replace(/ \d+$/, '')),
  );
  return `Contract check: ${lines.length} API responses validated against the OpenAPI document, ${pairs.size} distinct (route, status) pairs over ${routes.size} routes`;
}

export async function setup(project: TestProject): Promise<void> {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  dns = await startTestDnsServer({ port: 0, controlPort: 0 });
  const bundlesFrom = process.env.POSTBOX_TEST_BUNDLES || undefined;
  if (!bundlesFrom) iamCheck = startIamCheck();
  // The workers inherit this process's environment: each appends the responses it checked.
  contractLog = mkdtempSync(path.join(tmpdir(), 'postbox-contract-'));
  process.env[CONTRACT_LOG_ENV] = contractLog;
  cloud = await startLocalCloud({
    ...(bundlesFrom ? { bundlesFrom } : {}),
    // Domain verification resolves through the test DNS server; a short timeout keeps the
    // "DNS server does not answer" test fast. Tests page through the dashboard far faster than a
    // person: the per-member page limit is tested on its own (dashboard-auth.test.ts).
    // Webhook retries after 1 s (4 attempts) and a 1.5 s attempt timeout, so the schedule's end and a
    // hanging receiver take seconds, not hours.
    env: {
      DNS_SERVERS: dns.address,
      DNS_TIMEOUT_MS: '1000',
      DASHBOARD_RATE_LIMIT_PER_SECOND: '100000',
      WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1',
      WEBHOOK_TIMEOUT_MS: '1500',
    },
    apiPort: 0,
    sesPort: await getPort(),
    dynamodbPort: await getPort(),
    sqsPort: await getPort(),
  });
  project.provide('localCloud', {
    apiUrl: cloud.apiUrl,
    sesUrl: cloud.sesUrl,
    smtpPort: cloud.smtpPort,
    env: cloud.env,
  });
  project.provide('dnsControlUrl', dns.controlUrl ?? '');
}

export async function teardown(): Promise<void> {
  const local = cloud && {
    tableName: cloud.env.TABLE_NAME ?? '',
    queues: Object.fromEntries(
      Object.entries(cloud.queues).map(([name, queue]) => [
        name,
        { url: queue.url, deadLetterUrl: queue.deadLetterUrl },
      ]),
    ) as IamCheckLocalNames['queues'],
    configurationSetName: cloud.env.SES_CONFIGURATION_SET ?? '',
    attachmentsBucketName: cloud.env.ATTACHMENTS_BUCKET ?? '',
  };
  await cloud?.stop();
  await dns?.close();
  if (contractLog) {
    console.log(contractSummary(contractLog));
    rmSync(contractLog, { recursive: true, force: true });
  }
  if (!iamCheck || !local) return;
  const summary = await iamCheck.finish(local);
  console.log(
    `IAM check: ${summary.callsRecorded} AWS calls recorded, ${summary.distinctRequests} distinct requests ` +
      `simulated against the deployed policies, ${summary.functionActions.length} (function, action) pairs, ` +
      `${summary.denials.length} denied`,
  );
  if (summary.denials.length > 0) {
    // A throw here does not fail a vitest run; the exit code does.
    console.error(`The deployed IAM policies would deny these calls:\n\n${summary.denials.join('\n\n')}`);
    process.exitCode = 1;
  }
}
