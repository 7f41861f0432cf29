/**
 * Starts one local cloud (DynamoDB Local, fauxqs, SES emulator, gateway, pollers) on free
 * ports for the whole integration run and hands its URLs and environment to the workers.
 */
import getPort from 'get-port';
import type { TestProject } from 'vitest/node';
import { type LocalCloud, startLocalCloud } from '../../infra/local/cloud.ts';
import { startTestDnsServer } from './dns-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    localCloud: { apiUrl: string; sesUrl: string; env: Record<string, string> };
    /** Control API of the test DNS server the handlers resolve through. */
    dnsControlUrl: string;
  }
}

let cloud: LocalCloud | undefined;
let dns: Awaited<ReturnType<typeof startTestDnsServer>> | undefined;

export async function setup(project: TestProject): Promise<void> {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  dns = await startTestDnsServer({ port: 0, controlPort: 0 });
  cloud = await startLocalCloud({
    // Domain verification resolves through the test DNS server; a short timeout keeps the
    // "DNS server does not answer" test fast. Tests page through the dashboard far faster than a
    // person: the per-member page limit is tested on its own (dashboard-auth.test.ts).
    env: { DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: '1000', DASHBOARD_RATE_LIMIT_PER_SECOND: '100000' },
    apiPort: 0,
    sesPort: await getPort(),
    dynamodbPort: await getPort(),
    sqsPort: await getPort(),
  });
  project.provide('localCloud', { apiUrl: cloud.apiUrl, sesUrl: cloud.sesUrl, env: cloud.env });
  project.provide('dnsControlUrl', dns.controlUrl ?? '');
}

export async function teardown(): Promise<void> {
  await cloud?.stop();
  await dns?.close();
}
