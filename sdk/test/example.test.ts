/**
 * sdk/examples/send-and-track.ts against the local stack, as a user runs it: its own process,
 * the stack's URL, a fresh key (at the default rate limit of 10 requests/s) and a verified sender.
 */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { createSender } from '../../test/support/factories.ts';
import { apiUrl } from '../../test/support/http.ts';
import { runTsScript } from '../../test/support/process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

it('sends, waits for delivered, lists, and handles a VALIDATION_ERROR and a 429', { timeout: 90_000 }, async () => {
  const sender = await createSender({ rateLimitPerSecond: 10 });
  const { code, stdout, stderr } = await runTsScript('sdk/examples/send-and-track.ts', [], {
    cwd: root,
    env: {
      ...process.env,
      POSTBOX_API_URL: apiUrl(),
      POSTBOX_API_KEY: sender.key,
      POSTBOX_FROM: `hello@${sender.domain}`,
    },
  });
  expect(code, `${stdout}\n${stderr}`).toBe(0);
  const lines = stdout.split('\n');
  const expected = [
    /^Postbox SDK example against http:\/\/127\.0\.0\.1:\d+$/,
    /^1\. Sent: [0-9a-f-]{36} \(queued\)$/,
    /^2\. Delivered in \d+\.\d s: events sent, delivered$/,
    /^3\. Recent emails: 1 shown of 1$/,
    /^ {3}\S+Z {2}delivered {2}Hello from the Postbox SDK/,
    /^4\. VALIDATION_ERROR \(400, request \S+\): /,
    /^ {3}to\[0\]\.email: /,
    /^ {3}subject: /,
    /^5\. Without retries: \d+ of 30 requests failed with RATE_LIMITED \(429, Retry-After 1 s\)$/,
    /^6\. With retries: 30 of 30 requests succeeded$/,
    /^Done\.$/,
  ];
  let from = 0;
  for (const pattern of expected) {
    const index = lines.findIndex((line, at) => at >= from && pattern.test(line));
    expect(index, `${pattern} after line ${from} in:\n${stdout}`).toBeGreaterThanOrEqual(0);
    from = index + 1;
  }
});
