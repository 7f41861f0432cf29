/**
 * What one email costs from accept to delivered on the local stack, priced at AWS on-demand rates
 * (bench/support/prices.ts; SES excluded): DynamoDB units, SQS requests, Lambda invocations and
 * duration, API Gateway requests. An html size gives every email an HTML body of about that many KB; a
 * batch size sends through POST /emails/batch, that many recipients a request (one template, each its data).
 *   npm run bench -- cost [emails] [html KB] [batch size]
 */
import { apiPoster, benchOrganization, countSqsCalls, pollUntil, startBenchCloud } from './support/local-cloud.ts';
import { PRICES } from './support/prices.ts';
import { summarize } from './support/stats.ts';

const emails = Number(process.argv[2] ?? 500);
const htmlKb = Number(process.argv[3] ?? 0);
const batchSize = Number(process.argv[4] ?? 0);
if (!Number.isInteger(batchSize) || batchSize < 0 || batchSize > 1000) {
  throw new Error(`batch size must be 0 (single sends) to 1000, got ${process.argv[4]}`);
}
/** Emails one API request accepts: the API's requests, invocations and run time are shared among them. */
const perRequest = batchSize || 1;
if (!Number.isInteger(emails) || emails < 1 || emails % perRequest !== 0) {
  throw new Error(`emails must be a positive multiple of the batch size, got ${process.argv[2]}`);
}
const WORDS =
  'order item total shipping receipt quantity price discount account support delivery invoice tax subtotal product customer'.split(
    ' ',
  );
/**
 * An HTML body of about `kb` KB whose rows vary (seeded by the email number): a receipt-like table that
 * gzip compresses ~4:1 like real marketing HTML, not 100:1 like a repeated line, since the email item's
 * size is what each of its writes is billed by.
 */
function receiptHtml(i: number, kb: number): string {
  if (kb <= 0) return `<p>Thanks for your order ${i}.</p>`;
  const rows: string[] = [];
  let seed = i + 1;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  let length = 0;
  while (length < kb * 1024) {
    const row = `<tr><td style="padding:4px 8px;color:#333">${WORDS[next() % WORDS.length]} ${WORDS[next() % WORDS.length]} #${next() % 100000}</td><td style="text-align:right">${(next() % 100000) / 100}</td></tr>`;
    rows.push(row);
    length += row.length;
  }
  return `<html><body><p>Thanks for your order ${i}.</p><table>${rows.join('')}</table></body></html>`;
}
const concurrency = 10;

// Every SQS call of the producer, the poller and the consumer, counted at the client.
const sqs = countSqsCalls();
const sqsCalls = sqs.calls;

const MEMORY_GB = 512 / 1024;

const cloud = await startBenchCloud();
try {
  const { dynamoUsage, dynamoUsageByCommand, dynamoUsageByOperation } = await import('#dynamo/client.ts');
  const { readEmailCounts } = await import('#emails/email-index.store.ts');
  const { organization, secret } = await benchOrganization('cost bench', 'cost.test', 1_000_000);
  const postApi = apiPoster(cloud, secret);
  const post = async (path: string, body: unknown) =>
    (await postApi(path, body)).body as { data: { id?: string; rejected?: unknown[] } };
  // Batches render one template per recipient: the same receipt, its order number from the data.
  const templateId =
    batchSize > 0
      ? (
          await post('/api/v1/templates', {
            name: 'Receipt',
            subject: 'Your receipt {{order}}',
            html: receiptHtml(0, htmlKb).replace('order 0.', 'order {{order}}.'),
            text: 'Thanks for your order {{order}}.',
            variable_schema: [{ name: 'order', type: 'number', required: true }],
          })
        ).data.id
      : undefined;
  /** Accepts emails i … i + perRequest − 1 in one request; its HTTP time. */
  const send = async (i: number) => {
    const started = performance.now();
    if (templateId) {
      const result = await post('/api/v1/emails/batch', {
        template_id: templateId,
        from: { email: 'receipts@cost.test', name: 'Cost' },
        recipients: Array.from({ length: batchSize }, (_, k) => ({
          to: { email: `customer${i + k}@example.com` },
          data: { order: i + k },
        })),
      });
      if ((result.data.rejected ?? []).length > 0) throw new Error('batch recipients were rejected');
    } else {
      await post('/api/v1/emails/send', {
        from: { email: 'receipts@cost.test', name: 'Cost' },
        to: [{ email: `customer${i}@example.com` }],
        subject: `Your receipt ${i}`,
        html: receiptHtml(i, htmlKb),
        text: `Thanks for your order ${i}.`,
      });
    }
    return performance.now() - started;
  };
  // Polling the counters is the bench's own cost: measured in its own scope and taken out.
  const pollUsage = { requests: 0, readUnits: 0, writeUnits: 0 };
  const delivered = async () => (await readEmailCounts(organization.id, ['test'])).delivered;

  const beforeDynamo = dynamoUsage();
  const beforeByCommand = dynamoUsageByCommand();
  const beforeByOperation = dynamoUsageByOperation();
  const beforeSqs = { ...sqsCalls };
  const beforeReceives = sqs.nonEmptyReceives();
  const startedAt = performance.now();
  const durations: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < emails) {
        const i = next;
        next += perRequest;
        durations.push(await send(i));
      }
    }),
  );
  const acceptedAt = performance.now();
  await pollUntil(async () => (await delivered()) >= emails, { spent: pollUsage, intervalMs: 250 });
  const deliveredAt = performance.now();
  const afterDynamo = dynamoUsage();
  const byCommand = Object.fromEntries(
    Object.entries(dynamoUsageByCommand()).map(([name, entry]) => [
      name.replace(/Command$/, ''),
      {
        requests: Number(((entry.requests - (beforeByCommand[name]?.requests ?? 0)) / emails).toFixed(2)),
        units: Number(((entry.capacityUnits - (beforeByCommand[name]?.capacityUnits ?? 0)) / emails).toFixed(2)),
      },
    ]),
  );

  // What each function's requests of each entity cost per email, largest first (only calls made as a
  // function are broken down: the bench's own polling of the counters is not).
  const round2 = (value: number) => Number(value.toFixed(2));
  const byOperation = Object.entries(dynamoUsageByOperation())
    .map(([name, entry]) => {
      const before = beforeByOperation[name];
      const byTarget = Object.fromEntries(
        Object.entries(entry.byTarget)
          .map(([target, units]) => [target, round2((units - (before?.byTarget[target] ?? 0)) / emails)] as const)
          .filter(([, units]) => units > 0),
      );
      return {
        operation: name.replace(/^functions\//, ''),
        requests: round2((entry.requests - (before?.requests ?? 0)) / emails),
        units: round2((entry.capacityUnits - (before?.capacityUnits ?? 0)) / emails),
        byTarget,
      };
    })
    .filter((entry) => entry.requests > 0)
    .sort((a, b) => b.units - a.units);

  const perEmail = (value: number) => value / emails;
  const dynamo = {
    requests: perEmail(afterDynamo.requests - beforeDynamo.requests - pollUsage.requests),
    readUnits: perEmail(afterDynamo.readUnits - beforeDynamo.readUnits - pollUsage.readUnits),
    writeUnits: perEmail(afterDynamo.writeUnits - beforeDynamo.writeUnits - pollUsage.writeUnits),
  };
  const sqsByCommand = Object.fromEntries(
    Object.entries(sqsCalls).map(([name, count]) => [name, count - (beforeSqs[name] ?? 0)]),
  );
  // Empty long polls are the poller's idle time, not the emails' (Lambda's pollers are not billed per email).
  const sqsRequests = Object.entries(sqsByCommand).reduce(
    (sum, [name, count]) => sum + (name === 'ReceiveMessage' ? 0 : count),
    sqs.nonEmptyReceives() - beforeReceives,
  );
  const consumerInvocations = sqs.nonEmptyReceives() - beforeReceives;
  // Lambda invocations: the API's (one per request), the consumer's (one per non-empty receive), the SES
  // events function's (one per notification: the simulator publishes a Delivery; in AWS SES also
  // publishes a Send, counted apart).
  const invocations = {
    api: 1 / perRequest,
    consumer: perEmail(consumerInvocations),
    sesEventsLocal: 1,
    sesEventsAws: 2,
  };
  const concurrentSendMs = summarize(durations);
  // The function's run time, measured without the queueing of concurrent requests on this 2-core
  // machine: 100 sends (or 5 batches) one after the other (their DynamoDB and SQS work is not counted above).
  const sequential: number[] = [];
  for (let request = 0; request < (batchSize > 0 ? 5 : 100); request += 1) {
    sequential.push(await send(emails + request * perRequest));
  }
  const sendMs = summarize(sequential);

  // Function run times not visible through HTTP, measured directly on fresh emails: one delivery
  // (claim, suppression check, SES emulator, record; plus the simulated events, in-process) and one
  // SES Delivery notification handled by the events function's service.
  const { putEmail } = await import('#emails/email.store.ts');
  const { recordSent } = await import('#emails/delivery/delivery-state.store.ts');
  const { deliverEmail } = await import('#emails/delivery/deliver-email.service.ts');
  const { handleSesNotification } = await import('#emails/events/ses-events.service.ts');
  const { simulatedNotifications } = await import('#emails/delivery/simulated-notifications.ts');
  const { emailRecord } = await import('../test/support/email-records.ts');
  const sample = (i: number, environment: 'test' | 'live' = 'test') =>
    emailRecord(organization.id, {
      environment,
      from: { email: 'receipts@cost.test' },
      to: [{ email: `sample${i}@example.com` }],
      subject: `Sample ${i}`,
      html: '<p>Thanks</p>',
      text: 'Thanks',
    });
  const deliveryMs: number[] = [];
  const eventMs: number[] = [];
  for (let i = 0; i < 50; i += 1) {
    const email = sample(i);
    await putEmail(email);
    const started = performance.now();
    await deliverEmail({ organization_id: organization.id, email_id: email.id });
    deliveryMs.push(performance.now() - started);
    const other = sample(1000 + i, 'live');
    await putEmail(other);
    await recordSent(organization.id, other.id, `ses-sample-${i}`, {
      sentAt: new Date().toISOString(),
    });
    const [notification] = simulatedNotifications(other, `ses-sample-${i}`);
    const handled = performance.now();
    await handleSesNotification(notification);
    eventMs.push(performance.now() - handled);
  }
  const delivery = summarize(deliveryMs);
  const events = summarize(eventMs);
  // Records of one consumer invocation run concurrently; counting each delivery in full is an upper bound.
  const gbSeconds =
    MEMORY_GB * (sendMs.mean / 1000 / perRequest) +
    MEMORY_GB * (delivery.mean / 1000) +
    MEMORY_GB * (events.mean / 1000) * invocations.sesEventsAws;
  const per1000 = {
    dynamodb_writes: dynamo.writeUnits * 1000 * (PRICES.dynamoWritePerMillion / 1e6),
    dynamodb_reads: dynamo.readUnits * 1000 * (PRICES.dynamoReadPerMillion / 1e6),
    sqs: perEmail(sqsRequests) * 1000 * (PRICES.sqsPerMillion / 1e6),
    api_gateway: (1000 / perRequest) * (PRICES.apiGatewayPerMillion / 1e6),
    lambda_requests:
      (invocations.api + invocations.consumer + invocations.sesEventsAws) * 1000 * (PRICES.lambdaPerMillion / 1e6),
    lambda_duration: gbSeconds * 1000 * PRICES.lambdaGbSecond,
  };
  const total = Object.values(per1000).reduce((sum, value) => sum + value, 0);
  // The targets: $0.009 per 1,000 single-send emails, $0.006 per 1,000 batch-sent ones, 9 write units an
  // email, and 6 DynamoDB requests for the send handler.
  const usdTarget = batchSize > 0 ? 0.006 : 0.009;
  const handler = batchSize > 0 ? 'emails/batch.ts ' : 'emails/send.ts ';
  const handlerRequests = round2(
    byOperation.filter((entry) => entry.operation.startsWith(handler)).reduce((sum, entry) => sum + entry.requests, 0) *
      perRequest,
  );
  const round = (value: number, digits = 6) => Number(value.toFixed(digits));
  process.stdout.write(
    `${JSON.stringify(
      {
        emails,
        html_kb: htmlKb,
        batch_size: batchSize,
        accept_seconds: round((acceptedAt - startedAt) / 1000, 2),
        accept_to_all_delivered_seconds: round((deliveredAt - startedAt) / 1000, 2),
        [batchSize > 0 ? 'http_batch_ms_sequential' : 'http_send_ms_sequential']: sendMs,
        [batchSize > 0 ? 'http_batch_ms_10_concurrent' : 'http_send_ms_10_concurrent']: concurrentSendMs,
        dynamodb_per_email_by_command: byCommand,
        dynamodb_per_email_by_operation: byOperation,
        dynamodb_per_email: {
          requests: round(dynamo.requests, 2),
          read_units: round(dynamo.readUnits, 2),
          write_units: round(dynamo.writeUnits, 2),
        },
        sqs_per_email: {
          requests: round(perEmail(sqsRequests), 3),
          by_command: sqsByCommand,
          non_empty_receives: consumerInvocations,
        },
        lambda_invocations_per_email: { ...invocations, consumer: round(invocations.consumer, 3) },
        delivery_ms: delivery,
        ses_event_ms: events,
        lambda_gb_seconds_per_email: round(gbSeconds, 6),
        usd_per_1000_emails: Object.fromEntries(Object.entries(per1000).map(([name, value]) => [name, round(value)])),
        usd_per_1000_emails_total: round(total),
        targets: {
          usd_per_1000: `${round(total)} (target ≤ ${usdTarget} for ${batchSize > 0 ? 'batch-sent' : 'single-send'} emails: ${total <= usdTarget ? 'met' : 'not met'})`,
          write_units_per_email: `${round(dynamo.writeUnits, 2)} (target ≤ 9: ${dynamo.writeUnits <= 9 ? 'met' : 'not met'})`,
          ...(batchSize > 0
            ? {}
            : {
                send_handler_requests: `${handlerRequests} DynamoDB requests per POST /emails/send (target ≤ 6: ${handlerRequests <= 6 ? 'met' : 'not met'})`,
              }),
          floor_usd_per_1000: `${round(per1000.api_gateway + per1000.lambda_requests + per1000.sqs)} (API Gateway + Lambda requests + SQS)`,
        },
        note: 'SES excluded. In AWS, SES publishes a Send and a Delivery notification per delivered email (two events invocations; the Send one does no DynamoDB work but is priced like the Delivery one). Lambda durations: HTTP time of each send (of each batch request, shared among its emails), and the measured delivery and event handling of 50 fresh emails, all at 512 MB (upper bounds: they include the local emulators).',
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await cloud.stop();
}
