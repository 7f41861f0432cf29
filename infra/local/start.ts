/**
 * `npm start`: the local cloud on this machine. Prints the API URL, a test key and the SES inbox;
 * Ctrl-C, SIGTERM or closing the terminal stops everything (DynamoDB Local's java process exits by
 * itself even if this process is killed outright). Its variables (ports, data folder, DNS servers,
 * scheduler interval) and what survives a restart: docs/operating.md, "The local cloud".
 */
import getPort from 'get-port';
import { repositoryRoot } from './cloud.ts';
import { startDevelopmentCloud } from './development.ts';
import { removeLocalState, writeLocalState } from './state.ts';

const startedAt = Date.now();
const schedulerIntervalSeconds = process.env.SCHEDULER_INTERVAL_SECONDS
  ? Number(process.env.SCHEDULER_INTERVAL_SECONDS)
  : undefined;
if (schedulerIntervalSeconds !== undefined && !(schedulerIntervalSeconds >= 0)) {
  throw new Error('SCHEDULER_INTERVAL_SECONDS must be a number of seconds (0 turns the scheduler off)');
}

const { cloud, seed, dataDir } = await startDevelopmentCloud({
  apiPort: Number(process.env.PORT ?? 3000),
  sesPort: Number(process.env.SES_PORT ?? 8005),
  dynamodbPort: process.env.DYNAMODB_PORT ? Number(process.env.DYNAMODB_PORT) : await getPort({ port: 8000 }),
  sqsPort: process.env.SQS_PORT ? Number(process.env.SQS_PORT) : await getPort({ port: 4566 }),
  s3Port: process.env.S3_PORT ? Number(process.env.S3_PORT) : await getPort({ port: 4569 }),
  smtpPort: process.env.INBOUND_SMTP_PORT ? Number(process.env.INBOUND_SMTP_PORT) : await getPort({ port: 2525 }),
  ...(process.env.POSTBOX_DATA_DIR ? { dataDir: process.env.POSTBOX_DATA_DIR } : {}),
  ...(schedulerIntervalSeconds === undefined ? {} : { scheduleIntervalMs: schedulerIntervalSeconds * 1000 }),
  log: (line) => process.stdout.write(`${line}\n`),
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n${signal}: stopping the local cloud…\n`);
  removeLocalState(repositoryRoot);
  await cloud.stop();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void shutdown(signal));
}

writeLocalState(repositoryRoot, { pid: process.pid, apiUrl: cloud.apiUrl, sesUrl: cloud.sesUrl, env: cloud.env });

process.stdout.write(`
Postbox local cloud is up (${((Date.now() - startedAt) / 1000).toFixed(1)} s)

  API        ${cloud.apiUrl}/api/v1   (also ${cloud.apiUrl}/v1)
  API key    ${seed.apiKey}   (organization ${seed.organizationId}, test environment)
  Live key   ${seed.liveApiKey}   (live environment: locally its emails go to the SES emulator too)
  Dashboard  ${cloud.apiUrl}/dashboard   sign in as ${seed.memberEmail} / ${seed.memberPassword}
  Domain     ${seed.domain}   (verified: send from any address @${seed.domain})
  SES inbox  ${cloud.sesUrl}/   (JSON: ${cloud.sesUrl}/store)
  SMTP in    127.0.0.1:${cloud.smtpPort}   (SES receiving: mail to a domain with receiving on is received)
  DynamoDB   ${cloud.env.DYNAMODB_ENDPOINT}   table ${cloud.env.TABLE_NAME}
  Data       ${dataDir ? `kept in ${dataDir}` : 'in memory: gone when this process stops (set POSTBOX_DATA_DIR to keep it)'}

  Try: curl -H "Authorization: Bearer ${seed.apiKey}" ${cloud.apiUrl}/api/v1/settings/auto-validation
  Admin: npm run admin -- list-keys --org ${seed.organizationId}
  Webhooks: npm run admin -- webhook-listen --org ${seed.organizationId}
            (in another terminal: adds an endpoint on http://127.0.0.1:4400/webhooks and prints each
            event it receives, signature verified; or point an endpoint at your own app: http is
            allowed locally, as are 127.0.0.1 and other private addresses)

Ctrl-C to stop.
`);
