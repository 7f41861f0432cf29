#!/usr/bin/env node
/**
 * `npx postbox-local [--port N] [--data-dir DIR] [--json]`: one Postbox on 127.0.0.1 until stopped.
 * `--json` prints one line of JSON when ready (what startPostbox reads). Started by startPostbox, it
 * also stops when its parent's pipe closes, so even a parent killed outright leaves nothing running.
 */
import { writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { JavaMissingError, runPostbox } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  process.stdout.write('Usage: postbox-local [--port N] [--data-dir DIR] [--json]\n');
  process.exit(0);
}
const port = values.port === undefined ? undefined : Number(values.port);
if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536)) {
  writeSync(2, `postbox-local: --port must be a port number, not ${values.port}\n`);
  process.exit(2);
}

const startedAt = Date.now();
let running: Awaited<ReturnType<typeof runPostbox>>;
try {
  running = await runPostbox({
    ...(port !== undefined ? { port } : {}),
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
    // Built as dist/cli.js beside the handlers' dist/functions/…; from the sources, the sources.
    ...(import.meta.url.endsWith('.js') ? { builtHandlers: dirname(fileURLToPath(import.meta.url)) } : {}),
  });
} catch (error) {
  if (!(error instanceof JavaMissingError)) throw error;
  // Written at once: a pipe's asynchronous write would be cut short by the exit.
  writeSync(2, `postbox-local: ${error.message}\n`);
  process.exit(1);
}

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await running.stop();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop());
if (process.env.POSTBOX_LOCAL_PARENT === 'pipe') {
  process.stdin.on('end', () => void stop());
  process.stdin.on('close', () => void stop());
  process.stdin.resume();
}

const { info } = running;
if (values.json) {
  process.stdout.write(
    `${JSON.stringify({
      url: info.url,
      api_key: info.apiKey,
      live_api_key: info.liveApiKey,
      inbox_url: info.inboxUrl,
      smtp_port: info.smtpPort,
      dashboard_url: info.dashboardUrl,
      dashboard_email: info.dashboardEmail,
      dashboard_password: info.dashboardPassword,
    })}\n`,
  );
} else {
  process.stdout.write(`
Postbox Local is up (${((Date.now() - startedAt) / 1000).toFixed(1)} s)

  API        ${info.url}/api/v1
  Test key   ${info.apiKey}
  Live key   ${info.liveApiKey}   (locally, live emails go to the inbox too)
  Dashboard  ${info.dashboardUrl}   sign in as ${info.dashboardEmail} / ${info.dashboardPassword}
  Inbox      ${info.inboxUrl}
  SMTP in    127.0.0.1:${info.smtpPort}   (receiving: turn it on for a domain, then send mail here)
  Sender     any address @postbox.test (a verified domain)

Ctrl-C to stop.
`);
}
