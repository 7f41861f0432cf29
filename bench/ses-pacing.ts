/**
 * SES pacing: a burst at twice the account's send rate against the SES emulator made to throttle above
 * that rate as SES does (429 TooManyRequestsException), the consumer's pacing on (SES_MAX_SEND_RATE =
 * the rate) and off, each in its own process (the pacer is made once per process, like a Lambda
 * instance). Reports SES calls, those throttled, the most SES let through in a second, emails delivered
 * and dead-lettered, time until the last was delivered, the pacing's DynamoDB requests per email.
 *   npm run bench -- ses-pacing [rate=14] [seconds=10]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { type AwsCall, setAwsCallSink } from '#core/aws-call-recording.ts';
import { benchOrganization, startBenchCloud } from './support/local-cloud.ts';

const [modeArg, rateArg, secondsArg] = process.argv.slice(2);

interface Result {
  mode: string;
  rate: number;
  emails: number;
  sesCalls: number;
  throttled: number;
  throttledPercent: number;
  maxSesSendsInASecond: number;
  delivered: number;
  inDeadLetterQueue: number;
  drainSeconds: number;
  pacingRequestsPerEmail: number;
}

async function run(mode: 'paced' | 'unpaced', rate: number, seconds: number): Promise<Result> {
  let pacingRequests = 0;
  setAwsCallSink((call: AwsCall) => {
    const key = (call.input as { Key?: { PK?: { S?: string } } }).Key?.PK?.S ?? '';
    if (key.startsWith('SESRATE#')) pacingRequests += 1;
  });
  const cloud = await startBenchCloud({
    env: { SES_MAX_SEND_RATE: mode === 'paced' ? String(rate) : '' },
    sesThrottlePerSecond: rate,
  });
  try {
    const { secret } = await benchOrganization('pacing', 'pacing.test');
    const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
    const send = (index: number) =>
      fetch(`${cloud.apiUrl}/api/v1/emails/send`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          from: { email: 'hello@pacing.test' },
          to: [{ email: `r${index}@example.com` }],
          subject: `Burst ${index}`,
          text: 'Hello',
        }),
      }).then((response) => {
        if (response.status !== 201) throw new Error(`send ${index}: ${response.status}`);
      });
    const emails = 2 * rate * seconds;
    const started = Date.now();
    // Twice the rate, every second.
    for (let second = 0; second < seconds; second += 1) {
      await Promise.all(Array.from({ length: 2 * rate }, (_, i) => send(second * 2 * rate + i)));
      const next = started + (second + 1) * 1000;
      if (Date.now() < next) await new Promise((resolve) => setTimeout(resolve, next - Date.now()));
    }
    const count = async (status: string) => {
      const response = await fetch(`${cloud.apiUrl}/api/v1/emails?status=${status}&limit=1`, { headers });
      return ((await response.json()) as { pagination: { total_count: number } }).pagination.total_count;
    };
    let delivered = 0;
    const deadline = Date.now() + 600_000;
    while (Date.now() < deadline) {
      delivered = await count('delivered');
      if (delivered + (await count('failed')) >= emails) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const drainSeconds = (Date.now() - started) / 1000;
    const sqs = new SQSClient({
      endpoint: cloud.env.SQS_ENDPOINT,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const attributes = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: cloud.queues.send.deadLetterUrl,
        AttributeNames: ['ApproximateNumberOfMessages'],
      }),
    );
    const stats = cloud.sesThrottle?.stats() ?? { sendCalls: 0, throttled: 0, maxSendsInASecond: 0 };
    return {
      mode,
      rate,
      emails,
      sesCalls: stats.sendCalls,
      throttled: stats.throttled,
      throttledPercent: Number(((100 * stats.throttled) / Math.max(1, stats.sendCalls)).toFixed(1)),
      maxSesSendsInASecond: stats.maxSendsInASecond,
      delivered,
      inDeadLetterQueue: Number(attributes.Attributes?.ApproximateNumberOfMessages ?? 0),
      drainSeconds: Number(drainSeconds.toFixed(1)),
      pacingRequestsPerEmail: Number((pacingRequests / emails).toFixed(2)),
    };
  } finally {
    setAwsCallSink(undefined);
    await cloud.stop();
  }
}

if (modeArg === 'paced' || modeArg === 'unpaced') {
  const result = await run(modeArg, Number(rateArg), Number(secondsArg));
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  const rate = Number(modeArg ?? 14);
  const seconds = Number(rateArg ?? 10);
  for (const mode of ['paced', 'unpaced']) {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), mode, String(rate), String(seconds)],
      {
        encoding: 'utf8',
        env: process.env,
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const line = child.stdout.trim().split('\n').at(-1) ?? '';
    if (child.status !== 0) throw new Error(`${mode} failed:\n${child.stderr.slice(-3000)}`);
    const result = JSON.parse(line) as Result;
    console.log(
      `${mode.padEnd(8)} rate ${rate}/s, ${result.emails} emails at ${2 * rate}/s: SES calls ${result.sesCalls}, ` +
        `throttled ${result.throttled} (${result.throttledPercent} %), max SES sends in a second ${result.maxSesSendsInASecond}, ` +
        `delivered ${result.delivered}, in DLQ ${result.inDeadLetterQueue}, drained in ${result.drainSeconds} s, ` +
        `pacing requests per email ${result.pacingRequestsPerEmail}`,
    );
    console.log(JSON.stringify(result));
  }
}
