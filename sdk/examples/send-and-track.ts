/**
 * The SDK end to end: send an email, wait until it is delivered, list recent emails, handle a
 * VALIDATION_ERROR and a 429.
 *
 *   npm start                                    # in another terminal: prints the API URL and a key
 *   POSTBOX_API_KEY=pb_test_… npx tsx sdk/examples/send-and-track.ts
 *
 *   POSTBOX_API_URL  default http://127.0.0.1:3000 (npm start's API)
 *   POSTBOX_API_KEY  required (npm start prints one)
 *   POSTBOX_FROM     default hello@postbox.test (npm start seeds the verified domain postbox.test)
 *   POSTBOX_TO       default jane@example.com (the local stack simulates its delivery)
 */
import { Postbox, PostboxError } from '@postbox/sdk';

const baseUrl = process.env.POSTBOX_API_URL || 'http://127.0.0.1:3000';
const apiKey = process.env.POSTBOX_API_KEY;
const from = process.env.POSTBOX_FROM || 'hello@postbox.test';
const to = process.env.POSTBOX_TO || 'jane@example.com';
if (!apiKey) {
  console.error('Set POSTBOX_API_KEY (npm start prints a pb_test_ key).');
  process.exit(2);
}

const postbox = new Postbox({ apiKey, baseUrl });
console.log(`Postbox SDK example against ${baseUrl}`);

// 1. Send. The client gives the call an Idempotency-Key, so a retry after a lost answer never sends twice.
const subject = `Hello from the Postbox SDK (${new Date().toISOString()})`;
const accepted = await postbox.emails.send({
  from: { email: from, name: 'Postbox SDK example' },
  to: [{ email: to }],
  subject,
  html: '<p>It works!</p>',
  text: 'It works!',
  tags: { source: 'sdk-example' },
});
console.log(`1. Sent: ${accepted.message_id} (${accepted.status})`);

// 2. Wait for the delivery (the local stack simulates SES's report within a second or two).
const startedAt = Date.now();
let email = await postbox.emails.get(accepted.message_id);
while (email.status === 'queued' && Date.now() - startedAt < 30_000) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  email = await postbox.emails.get(accepted.message_id);
}
if (email.status !== 'delivered') {
  console.error(`The email is ${email.status}, not delivered, after ${Date.now() - startedAt} ms`);
  process.exit(1);
}
const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
console.log(`2. Delivered in ${seconds} s: events ${email.events.map((event) => event.type).join(', ')}`);

// 3. The most recent emails (one page), then how many there are in all.
const recent = await postbox.emails.list({ limit: 5 });
console.log(`3. Recent emails: ${recent.data.length} shown of ${recent.pagination.total_count}`);
for (const item of recent.data) console.log(`   ${item.created_at}  ${item.status.padEnd(9)}  ${item.subject}`);

// 4. A request the API refuses: every problem comes back in `details`.
try {
  await postbox.emails.send({ from: { email: from }, to: [{ email: 'not-an-address' }], subject: '', text: 'x' });
  console.error('The invalid send was accepted');
  process.exit(1);
} catch (error) {
  if (!(error instanceof PostboxError) || error.code !== 'VALIDATION_ERROR') throw error;
  console.log(`4. ${error.code} (${error.status}, request ${error.requestId}): ${error.message}`);
  for (const detail of error.details) console.log(`   ${detail.field}: ${detail.message}`);
}

// 5. A burst over the rate limit (10 requests/s per organization by default), without retries: 429s.
const burst = (client: Postbox) =>
  Promise.allSettled(Array.from({ length: 30 }, () => client.settings.getAutoValidation()));
const noRetries = new Postbox({ apiKey, baseUrl, maxRetries: 0 });
const limited: PostboxError[] = [];
for (let round = 0; round < 3 && limited.length === 0; round += 1) {
  for (const outcome of await burst(noRetries)) {
    if (outcome.status === 'fulfilled') continue;
    const reason = outcome.reason;
    if (!(reason instanceof PostboxError) || reason.code !== 'RATE_LIMITED') throw reason;
    limited.push(reason);
  }
}
if (limited.length === 0) {
  console.error('No request was rate limited: is the organization limit above 30 requests/s?');
  process.exit(1);
}
console.log(
  `5. Without retries: ${limited.length} of 30 requests failed with RATE_LIMITED (429, Retry-After ${limited[0]?.retryAfter} s)`,
);

// 6. The same burst with retries: the client waits for Retry-After and tries again.
const patient = new Postbox({ apiKey, baseUrl, maxRetries: 5 });
const retried = await burst(patient);
const succeeded = retried.filter((outcome) => outcome.status === 'fulfilled').length;
console.log(`6. With retries: ${succeeded} of 30 requests succeeded`);
if (succeeded !== 30) process.exit(1);
console.log('Done.');
