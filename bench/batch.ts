/**
 * A batch send of 1,000 recipients on the local stack: its accept latency against one single send
 * measured in the same run, and its DynamoDB and SQS requests (only the accepting request's own:
 * measured in the handler's usage scope for DynamoDB, at the SQS client for SQS).
 *   npm run bench -- batch [runs]
 */
import { apiPoster, benchOrganization, countSqsCalls, startBenchCloud } from './support/local-cloud.ts';
import { summarize } from './support/stats.ts';

const runs = Number(process.argv[2] ?? 5);

const sqsCalls = countSqsCalls().calls;
const producerCalls = () => (sqsCalls.SendMessage ?? 0) + (sqsCalls.SendMessageBatch ?? 0);

// The access log line of each request carries its own DynamoDB request count (the handler's usage
// scope): read it from the log instead of printing the log.
const handlerRequests: Array<{ route: string; dynamodb_requests: number; capacity: number }> = [];
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  const text = chunk.toString();
  if (text.startsWith('{"level"') || text.includes('"service":')) {
    for (const line of text.split('\n')) {
      if (!line.includes('"message":"request"')) continue;
      const entry = JSON.parse(line) as { route: string; dynamodb_requests: number; dynamodb_capacity_units: number };
      handlerRequests.push({
        route: entry.route,
        dynamodb_requests: entry.dynamodb_requests,
        capacity: entry.dynamodb_capacity_units,
      });
    }
    return true;
  }
  return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
}) as typeof process.stdout.write;

// The accept path alone: no consumer competing for this machine's two cores (in AWS it runs elsewhere).
const cloud = await startBenchCloud({ runConsumers: false, scheduleIntervalMs: 0, logLevel: 'INFO' });
try {
  const { secret } = await benchOrganization('batch bench', 'batch.test');
  const post = apiPoster(cloud, secret);
  const template = await post('/api/v1/templates', {
    name: 'Receipt',
    subject: 'Receipt {{order_id}}',
    html: `<h1>Hi {{name}}</h1>${'<p>Thank you for your order. It ships soon.</p>'.repeat(20)}{{#each items}}<li>{{this}}</li>{{/each}}`,
    text: 'Hi {{name}}, order {{order_id}}.',
    variable_schema: [
      { name: 'name', type: 'string', required: true },
      { name: 'order_id', type: 'number', required: true },
    ],
  });
  const templateId = template.body.data.id as string;
  let counter = 0;
  const batchBody = () => ({
    template_id: templateId,
    from: { email: 'receipts@batch.test' },
    recipients: Array.from({ length: 1000 }, () => {
      counter += 1;
      return {
        to: { email: `r${counter}@example.com` },
        data: { name: `N${counter}`, order_id: counter, items: ['a', 'b', 'c'] },
      };
    }),
  });
  const singleBody = () => {
    counter += 1;
    return {
      from: { email: 'receipts@batch.test' },
      to: [{ email: `s${counter}@example.com` }],
      subject: 'Receipt',
      template_id: templateId,
      template_data: { name: `N${counter}`, order_id: counter, items: ['a', 'b', 'c'] },
    };
  };

  // No consumer runs: once a request has answered, nothing else is at work.
  const waitForIdle = async () => {};
  for (let i = 0; i < 20; i += 1) await post('/api/v1/emails/send', singleBody()); // warm-up
  await post('/api/v1/emails/batch', batchBody());
  await waitForIdle();

  const single: number[] = [];
  const batch: number[] = [];
  const counts: Array<{ dynamodb_requests: number; dynamodb_capacity: number; sqs_requests: number }> = [];
  for (let run = 0; run < runs; run += 1) {
    for (let i = 0; i < 20; i += 1) single.push((await post('/api/v1/emails/send', singleBody())).ms);
    await waitForIdle();
    const beforeSqs = producerCalls();
    const result = await post('/api/v1/emails/batch', batchBody());
    const own = handlerRequests.filter((entry) => entry.route === 'POST /api/v1/emails/batch').at(-1);
    batch.push(result.ms);
    counts.push({
      dynamodb_requests: own?.dynamodb_requests ?? Number.NaN,
      dynamodb_capacity: own?.capacity ?? Number.NaN,
      sqs_requests: producerCalls() - beforeSqs,
    });
    if (result.body.data.accepted !== 1000) throw new Error(`accepted ${result.body.data.accepted}`);
    await waitForIdle();
  }
  const singleSummary = summarize(single);
  const batchSummary = summarize(batch);
  process.stdout.write(
    `${JSON.stringify(
      {
        runs,
        recipients_per_batch: 1000,
        single_send_ms: singleSummary,
        batch_accept_ms: batchSummary,
        ratio_p50: Number((batchSummary.p50 / singleSummary.p50).toFixed(2)),
        target_ratio: 10,
        batch_request_counts: counts,
        note: 'DynamoDB: the batch handler own requests (its usage scope, from its access log line, auth and rate limit included). SQS: SendMessage/SendMessageBatch calls made while it ran (only producers send).',
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await cloud.stop();
}
