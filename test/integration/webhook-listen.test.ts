/**
 * `npm run admin -- webhook-listen --org <id>` as a developer runs it against the local stack: it adds
 * an endpoint pointing at itself, prints each event it receives with its signature verified, and
 * removes the endpoint on Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { expect, inject, it } from 'vitest';
import { createSender } from '../support/factories.ts';

it('prints a send’s events, verified, seconds after the send, and cleans up on Ctrl-C', {
  timeout: 60_000,
}, async () => {
  const sender = await createSender();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'infra/admin.ts', 'webhook-listen', '--org', sender.organization.id, '--port', '0'],
    {
      env: { ...process.env, ...inject('localCloud').env, POWERTOOLS_LOG_LEVEL: 'SILENT' },
    },
  );
  let output = '';
  const waitFor = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${pattern} in:\n${output}`)), timeoutMs);
      const check = () => {
        const match = output.match(pattern);
        if (match) {
          clearTimeout(timer);
          child.stdout.off('data', onData);
          resolve(match);
        }
      };
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        check();
      };
      child.stdout.on('data', onData);
      check();
    });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    const listening = await waitFor(/Listening on (http:\/\/127\.0\.0\.1:\d+\/webhooks) \(endpoint (wh_\w+)/);
    const endpointId = listening[2];
    expect((await sender.api.get(`/api/v1/webhooks/${endpointId}`)).body.data.url).toBe(listening[1]);
    const sent = await sender.send({ to: [{ email: 'listen@example.com' }] });
    const emailId = sent.body.data.message_id;
    await waitFor(
      new RegExp(`✓ email\\.delivered email_id=${emailId} recipient=listen@example\\.com .*webhook-id=msg_`),
    );
    expect(output).not.toContain('✗');
    child.kill('SIGINT');
    await waitFor(new RegExp(`Removed endpoint ${endpointId}`));
    expect((await sender.api.get(`/api/v1/webhooks/${endpointId}`)).status).toBe(404);
  } finally {
    child.kill('SIGKILL');
  }
});
