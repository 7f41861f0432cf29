/**
 * The fault ledger: pushes emails through the real sending pipeline — accepted by the service
 * layer (acceptEmail), queued on SQS (fauxqs), delivered by the real send-queue consumer through
 * the local poller to the SES emulator — while faults are injected at the seams a consumer really
 * has (DeliveryDependencies, createSendEmailHandler):
 *  - a crash before the SES call, after SES accepted and before the record, or right after the
 *    hand-over was recorded and before its simulated outcome ran (the hook throws: the record is
 *    not acknowledged, the lease stays until it expires), on `crashRate` of the deliveries, a third
 *    each;
 *  - SES throttling (TooManyRequestsException) on `throttleRate` of the SES calls.
 * Time is scaled down: the ledger's own queue has a short visibility timeout (and a DLQ with
 * production's maxReceiveCount), the lease and the retry backoff are shortened to match.
 * The emails alternate between the live and the test environment (both reach the SES emulator and
 * get simulated outcomes on the local stack).
 * Emails whose messages end in the DLQ, or whose outcome never came, are recovered at the end by the
 * scheduler (run with a clock days ahead: it sweeps the unsent and finishes the handed-over) or,
 * without it, by redriving the DLQ, as an operator would.
 *
 * The emails reach the ledger's queue because SEND_QUEUE_URL points at it when the service
 * layer's queue module first loads (it reads the URL once): runFaultLedger sets it and loads
 * those modules itself, so a caller must not have loaded shared/adapters/send-queue.ts before.
 * Used by test/integration/fault-ledger.test.ts and `npm run bench -- ledger`.
 */

import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { TooManyRequestsException } from '@aws-sdk/client-sesv2';
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  DeleteQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { createOrganization, setSendingLimits } from '#accounts/accounts.service.ts';
import type { Caller } from '#accounts/caller.ts';
import { parseSendQueueMessage } from '#adapters/send-queue-message.ts';
import { type SesSendInput, sendWithSes } from '#adapters/ses-sender.ts';
import { forEachLimited } from '#core/concurrency.ts';
import type { Environment } from '#core/environment.ts';
import { addVerifiedDomainForDevelopment } from '#domains/domains.service.ts';
import type { RetryBackoff } from '#emails/delivery/retry-backoff.ts';
import { getEmailWithEvents } from '#emails/email.store.ts';
import type { EmailRecord } from '#emails/email.ts';
import { sendEmailBody } from '#emails/send-request.ts';
import { queueDefinitions, queueUrlEnvName } from '#platform/queues.ts';
import { startSqsPoller } from '../../infra/local/sqs-poller.ts';

export interface FaultLedgerOptions {
  count: number;
  /** The SQS emulator the ledger creates its queue on. */
  sqsEndpoint: string;
  /** The SES emulator (its /store is read at the end). */
  sesUrl: string;
  seed?: number;
  /**
   * Share of deliveries that crash: a third before the SES call, a third after SES accepted (before
   * the record), a third after the hand-over was recorded (before the simulated outcome).
   */
  crashRate?: number;
  /** Share of SES calls throttled. */
  throttleRate?: number;
  /** The ledger queue's visibility timeout (production: 180 s). */
  visibilityTimeoutSeconds?: number;
  /**
   * The delivery lease (production: 60 s). Just under the visibility timeout: a crashed delivery's
   * message, back after that timeout, finds it expired, and a slow invocation on a loaded machine
   * (the stand-in for the consumer's timeout) has as long as possible to finish within it.
   */
  leaseMs?: number;
  backoff?: RetryBackoff;
  acceptConcurrency?: number;
  /**
   * The poller's concurrent invocations and batch size (production: 5 × 10). DynamoDB Local is the
   * bottleneck: fewer deliveries in flight give the same throughput with shorter invocations.
   */
  consumerConcurrency?: number;
  batchSize?: number;
  /** How stragglers (messages in the DLQ) are brought to a final state. */
  recovery?: 'scheduler' | 'redrive';
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface Ledger {
  run: string;
  seed: number;
  accepted: number;
  /** Accepted emails per API-key environment. */
  environments: Record<Environment, number>;
  delivered: number;
  failed: number;
  failedReasons: Record<string, number>;
  /** Final states other than delivered and failed (bounced, opened): none expected. */
  otherFinal: Record<string, number>;
  /** Accepted but not in a final state at the end, or gone. */
  lost: number;
  /** Emails by how many copies the SES emulator's store holds: copies → emails. */
  sesCopies: Record<number, number>;
  /** Emails with more than one copy. */
  duplicated: number;
  faults: {
    crashBeforeSend: number;
    crashAfterSesAccepted: number;
    /** Emails that had at least one crash after SES accepted. */
    emailsCrashedAfterSesAccepted: number;
    /** Crashes right after the hand-over was recorded, before the simulated outcome ran. */
    crashAfterRecorded: number;
    throttles: number;
  };
  /** Deliveries that claimed an email and reached the SES call. */
  deliveries: number;
  /** SES calls that SES (the emulator) accepted. */
  sesAccepted: number;
  /** Records the consumer hid for a retry backoff. */
  backoffs: number;
  /**
   * Why: the email's SES call was throttled on that receive; or a lease held it — an earlier crash's
   * (a crash before or after the SES call keeps the lease, and a loaded machine can bring the message
   * back before it expires) or a delivery still running in another invocation; or neither, which
   * would be a backoff for no reason.
   */
  backoffCauses: { throttled: number; leased: number; unexplained: number };
  deadLettered: number;
  recovery: { method: 'scheduler' | 'redrive'; rounds: number; stragglers: number };
  slowestInvocationMs: number;
  leaseMs: number;
  visibilityTimeoutSeconds: number;
  timings: { acceptMs: number; drainMs: number; recoveryMs: number; totalMs: number };
  /** Broken invariants, one line each; empty when the pipeline held. */
  violations: string[];
  /** What weakens the run's evidence without breaking an invariant (e.g. a machine too loaded). */
  warnings: string[];
}

const FINAL_STATUSES = new Set(['delivered', 'bounced', 'failed', 'opened']);
const DAY_MS = 86_400_000;

/** A small seeded PRNG (mulberry32): the fault mix is reproducible in distribution. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class InjectedCrash extends Error {
  override name = 'InjectedCrash';
}

interface EmailEntry {
  index: number;
  id: string;
  subject: string;
  deliveries: number;
  environment: Environment;
  crashBefore: number;
  crashAfter: number;
  crashRecorded: number;
  sesAccepted: number;
  /** SES calls of this email throttled, and how many of them a backoff already answered. */
  throttles: number;
  throttlesBackedOff: number;
  /** Consumer invocations running with a message of this email now. */
  invocationsHolding: number;
  status?: string;
  failedDetail?: string;
}

export async function runFaultLedger(options: FaultLedgerOptions): Promise<Ledger> {
  const startedAt = performance.now();
  const seed = options.seed ?? randomBytes(4).readUInt32BE(0);
  const random = prng(seed);
  const crashRate = options.crashRate ?? 0.2;
  const throttleRate = options.throttleRate ?? 0.3;
  const visibilityTimeoutSeconds = options.visibilityTimeoutSeconds ?? 6;
  const leaseMs = options.leaseMs ?? visibilityTimeoutSeconds * 1000 - 1_000;
  const backoff = options.backoff ?? { baseSeconds: 1, maxSeconds: visibilityTimeoutSeconds - 2 };
  const recovery = options.recovery ?? 'scheduler';
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  const log = options.log ?? (() => {});
  const run = randomBytes(4).toString('hex');

  const sqs = new SQSClient({ endpoint: options.sqsEndpoint });
  const dlqUrl = (await sqs.send(new CreateQueueCommand({ QueueName: `postbox-ledger-${run}-dlq` }))).QueueUrl ?? '';
  const dlqArn = await queueArn(sqs, dlqUrl);
  const queueUrl =
    (
      await sqs.send(
        new CreateQueueCommand({
          QueueName: `postbox-ledger-${run}`,
          Attributes: {
            VisibilityTimeout: String(visibilityTimeoutSeconds),
            RedrivePolicy: JSON.stringify({
              deadLetterTargetArn: dlqArn,
              maxReceiveCount: String(queueDefinitions.send.maxReceiveCount),
            }),
          },
        }),
      )
    ).QueueUrl ?? '';

  // Before the service layer's queue module loads (see the header).
  process.env[queueUrlEnvName('send')] = queueUrl;
  const [{ acceptEmail }, { createSendEmailHandler }, { changeVisibility }] = await Promise.all([
    import('#emails/send.service.ts'),
    import('../../functions/consumers/send-email.ts'),
    import('#adapters/queue-visibility.ts'),
  ]);

  const organization = await createOrganization({ name: `Fault ledger ${run}` });
  const domain = `ledger-${run}.test`;
  await addVerifiedDomainForDevelopment(organization.id, domain);
  // Both environments, alternately. The test environment's daily limit (1,000 recipients) is below
  // a full run's half: raised for this organization.
  if (options.count / 2 > 1_000) {
    await setSendingLimits(organization.id, { environment: 'test', daily: options.count });
  }
  const callerIn = (environment: Environment): Caller => ({
    organizationId: organization.id,
    apiKeyId: `key_ledger_${environment}`,
    environment,
    keyPrefix: `pb_${environment}_ledger`,
    rateLimitPerSecond: null,
    permission: 'full_access',
    domainIds: null,
    keyName: 'test key',
    keyCreatedAt: '2026-01-01T00:00:00.000Z',
  });
  const callers = { live: callerIn('live'), test: callerIn('test') };

  const emails = new Map<string, EmailEntry>();
  const crashAfterPlanned = new Set<string>();
  const crashRecordedPlanned = new Set<string>();
  let throttles = 0;
  let backoffs = 0;
  const backoffCauses = { throttled: 0, leased: 0, unexplained: 0 };
  const emailOfReceipt = new Map<string, string>();
  let invocations = 0;
  let slowestInvocationMs = 0;

  // An email can reach the consumer before acceptEmail has returned its id to the ledger.
  const entryOf = (email: Pick<EmailRecord, 'id'>): EmailEntry => {
    let entry = emails.get(email.id);
    if (!entry) {
      entry = {
        index: -1,
        id: email.id,
        subject: '',
        environment: 'live',
        deliveries: 0,
        crashBefore: 0,
        crashAfter: 0,
        crashRecorded: 0,
        sesAccepted: 0,
        throttles: 0,
        throttlesBackedOff: 0,
        invocationsHolding: 0,
      };
      emails.set(email.id, entry);
    }
    return entry;
  };
  const throttlingSend = async (input: SesSendInput) => {
    if (random() < throttleRate) {
      throttles += 1;
      const id = input.tags.email_id;
      if (id) entryOf({ id }).throttles += 1;
      throw new TooManyRequestsException({
        message: 'Maximum sending rate exceeded.',
        $metadata: { httpStatusCode: 429, requestId: randomUUID(), attempts: 1, totalRetryDelay: 0 },
      });
    }
    const result = await sendWithSes(input);
    const id = input.tags.email_id;
    if (id) entryOf({ id }).sesAccepted += 1;
    return result;
  };
  const consumer = createSendEmailHandler({
    delivery: {
      send: throttlingSend,
      leaseMs,
      hooks: {
        beforeSend: (email) => {
          const entry = entryOf(email);
          entry.deliveries += 1;
          crashAfterPlanned.delete(email.id);
          crashRecordedPlanned.delete(email.id);
          const draw = random();
          if (draw < crashRate / 3) {
            entry.crashBefore += 1;
            throw new InjectedCrash('crash before the SES call');
          }
          // These fire only if this delivery's SES call is accepted (not throttled) and, for the
          // second, its hand-over recorded.
          if (draw < (2 * crashRate) / 3) crashAfterPlanned.add(email.id);
          else if (draw < crashRate) crashRecordedPlanned.add(email.id);
        },
        afterSesAccepted: (email) => {
          if (!crashAfterPlanned.delete(email.id)) return;
          entryOf(email).crashAfter += 1;
          throw new InjectedCrash('crash after SES accepted, before the record');
        },
        afterRecorded: (email) => {
          if (!crashRecordedPlanned.delete(email.id)) return;
          entryOf(email).crashRecorded += 1;
          throw new InjectedCrash('crash after the hand-over was recorded, before the outcome');
        },
      },
    },
    changeVisibility: async (changes) => {
      backoffs += changes.length;
      for (const change of changes) {
        const id = emailOfReceipt.get(change.receiptHandle);
        const entry = id === undefined ? undefined : emails.get(id);
        if (entry && entry.throttles > entry.throttlesBackedOff) {
          entry.throttlesBackedOff = entry.throttles;
          backoffCauses.throttled += 1;
        } else if (entry && (entry.crashBefore + entry.crashAfter > 0 || entry.invocationsHolding > 1)) {
          backoffCauses.leased += 1;
        } else backoffCauses.unexplained += 1;
      }
      return changeVisibility(sqs, queueUrl, changes);
    },
    backoff,
  });
  const poller = startSqsPoller({
    sqs,
    queueUrl,
    queueArn: await queueArn(sqs, queueUrl),
    handler: async (event) => {
      const started = performance.now();
      const held: EmailEntry[] = [];
      for (const record of event.Records) {
        const id = parseSendQueueMessage(record.body)?.[0]?.email_id;
        if (!id) continue;
        emailOfReceipt.set(record.receiptHandle, id);
        const entry = entryOf({ id });
        entry.invocationsHolding += 1;
        held.push(entry);
      }
      try {
        return await consumer(event);
      } finally {
        for (const entry of held) entry.invocationsHolding -= 1;
        invocations += 1;
        slowestInvocationMs = Math.max(slowestInvocationMs, performance.now() - started);
      }
    },
    batchSize: options.batchSize ?? 5,
    maxConcurrency: options.consumerConcurrency ?? 3,
    visibilityTimeoutSeconds,
    functionName: `postbox-ledger-${run}-consumer`,
    log: () => {}, // partial batch failures are the point here; the ledger counts what matters
  });

  const violations: string[] = [];
  let deadLettered = 0;
  let rounds = 0;
  let stragglers = 0;
  let acceptMs = 0;
  let drainMs = 0;
  let recoveryMs = 0;
  try {
    // Accept: the real service layer (sender domain, suppressions, sending limit, write, enqueue).
    const acceptStarted = performance.now();
    const indexes = Array.from({ length: options.count }, (_, index) => index);
    await forEachLimited(indexes, options.acceptConcurrency ?? 4, async (index) => {
      const subject = `Fault ledger ${run} #${index}`;
      const environment: Environment = index % 2 === 0 ? 'live' : 'test';
      const request = sendEmailBody.parse({
        from: { email: `ledger@${domain}`, name: 'Fault ledger' },
        to: [{ email: `r${index}@example.com` }],
        subject,
        text: `Email ${index} of the fault ledger ${run}`,
      });
      const { message_id: id } = await acceptEmail(callers[environment], request);
      Object.assign(entryOf({ id }), { index, subject, environment });
    });
    acceptMs = performance.now() - acceptStarted;
    log(`accepted ${emails.size} emails in ${Math.round(acceptMs)} ms`);

    const drainStarted = performance.now();
    await drain(sqs, queueUrl, deadline, () => invocations);
    drainMs = performance.now() - drainStarted;
    deadLettered = await depth(sqs, dlqUrl);

    const recoveryStarted = performance.now();
    let pending = await notFinal([...emails.values()]);
    stragglers = pending.length;
    log(`queue drained in ${Math.round(drainMs)} ms; ${deadLettered} dead-lettered, ${stragglers} not final`);
    while (pending.length > 0 && rounds < 6 && Date.now() < deadline) {
      rounds += 1;
      if (recovery === 'scheduler') {
        const { runScheduler } = await import('#emails/schedule/scheduler.service.ts');
        // A clock days ahead: every email still unsent is past its sweep deadline (and past the
        // deadline the previous sweep set), so each round sweeps it again, and after MAX_SWEEPS
        // the scheduler fails it; every email handed over without an outcome is past its outcome
        // deadline, so the scheduler finishes it (its simulated outcome is run again).
        const result = await runScheduler(Date.now() + rounds * DAY_MS, { organizationId: organization.id });
        log(`scheduler round ${rounds}: ${JSON.stringify(result)}`);
      } else {
        log(`redrive round ${rounds}: ${await redrive(sqs, dlqUrl, queueUrl)} messages`);
      }
      await drain(sqs, queueUrl, deadline, () => invocations);
      pending = await notFinal(pending);
    }
    recoveryMs = performance.now() - recoveryStarted;
  } finally {
    await poller.stop();
  }

  // Final states, failure reasons, and the SES emulator's copies of each email.
  await forEachLimited([...emails.values()], 25, async (entry) => {
    const found = await getEmailWithEvents(organization.id, entry.id);
    entry.status = found?.email.status ?? 'missing';
    const failedEvent = found?.events.findLast((event) => event.type === 'failed');
    if (entry.status === 'failed') entry.failedDetail = failedEvent?.detail ?? '(no failed event)';
  });
  const store = (await (await fetch(`${options.sesUrl}/store`)).json()) as { emails: { subject: string }[] };
  const bySubject = new Map([...emails.values()].map((entry) => [entry.subject, entry]));
  const copies = new Map<string, number>();
  for (const message of store.emails) {
    const entry = bySubject.get(message.subject);
    if (entry) copies.set(entry.id, (copies.get(entry.id) ?? 0) + 1);
  }
  await Promise.allSettled([
    sqs.send(new DeleteQueueCommand({ QueueUrl: queueUrl })),
    sqs.send(new DeleteQueueCommand({ QueueUrl: dlqUrl })),
  ]);
  sqs.destroy();

  const all = [...emails.values()].sort((a, b) => a.index - b.index);
  const count = (predicate: (entry: EmailEntry) => boolean) => all.filter(predicate).length;
  const failedReasons: Record<string, number> = {};
  const otherFinal: Record<string, number> = {};
  const sesCopies: Record<number, number> = {};
  for (const entry of all) {
    const reason = entry.failedDetail?.split(':', 1)[0];
    if (reason !== undefined) failedReasons[reason] = (failedReasons[reason] ?? 0) + 1;
    if (entry.status && FINAL_STATUSES.has(entry.status) && !['delivered', 'failed'].includes(entry.status)) {
      otherFinal[entry.status] = (otherFinal[entry.status] ?? 0) + 1;
    }
    const held = copies.get(entry.id) ?? 0;
    sesCopies[held] = (sesCopies[held] ?? 0) + 1;
  }
  const lost = all.filter((entry) => !entry.status || !FINAL_STATUSES.has(entry.status));
  const duplicated = all.filter((entry) => (copies.get(entry.id) ?? 0) > 1);
  const crashAfterSesAccepted = all.reduce((sum, entry) => sum + entry.crashAfter, 0);

  // The invariants. Each line names a few emails, enough to look one up.
  const report = (what: string, offenders: EmailEntry[]) => {
    if (offenders.length === 0) return;
    const sample = offenders
      .slice(0, 3)
      .map((entry) => `#${entry.index} ${entry.id} (${entry.environment}, ${entry.status})`);
    violations.push(`${offenders.length} ${what}: ${sample.join(', ')}${offenders.length > 3 ? ', …' : ''}`);
  };
  if (emails.size !== options.count) violations.push(`${options.count - emails.size} emails were not accepted`);
  report('emails lost (not in a final state)', lost);
  report(
    'emails whose SES store copies differ from the SES calls accepted',
    all.filter((entry) => (copies.get(entry.id) ?? 0) !== entry.sesAccepted),
  );
  report(
    'emails duplicated without a crash after SES accepted',
    duplicated.filter((entry) => entry.crashAfter === 0),
  );
  report(
    'emails with more copies than crashes after SES accepted explain',
    all.filter((entry) => (copies.get(entry.id) ?? 0) > 1 + entry.crashAfter),
  );
  report(
    'delivered emails SES never got',
    all.filter((entry) => entry.status === 'delivered' && (copies.get(entry.id) ?? 0) === 0),
  );
  report(
    'failed emails SES has although every send was recorded',
    all.filter((entry) => entry.status === 'failed' && entry.crashAfter === 0 && (copies.get(entry.id) ?? 0) > 0),
  );
  if (duplicated.length > crashAfterSesAccepted) {
    violations.push(
      `${duplicated.length} duplicated emails but only ${crashAfterSesAccepted} crashes after SES accepted`,
    );
  }
  const warnings: string[] = [];
  if (slowestInvocationMs >= leaseMs) {
    // Lambda's timeout ends an invocation before its lease; nothing ends a local one, so on a loaded
    // machine a delivery can outlive its lease and a returning message send it again.
    warnings.push(
      `an invocation took ${Math.round(slowestInvocationMs)} ms, longer than the ${leaseMs} ms lease: an unexplained duplicate may be the harness's`,
    );
  }

  return {
    run,
    seed,
    accepted: emails.size,
    environments: {
      live: count((entry) => entry.environment === 'live'),
      test: count((entry) => entry.environment === 'test'),
    },
    delivered: count((entry) => entry.status === 'delivered'),
    failed: count((entry) => entry.status === 'failed'),
    failedReasons,
    otherFinal,
    lost: lost.length,
    sesCopies,
    duplicated: duplicated.length,
    faults: {
      crashBeforeSend: all.reduce((sum, entry) => sum + entry.crashBefore, 0),
      crashAfterSesAccepted,
      emailsCrashedAfterSesAccepted: count((entry) => entry.crashAfter > 0),
      crashAfterRecorded: all.reduce((sum, entry) => sum + entry.crashRecorded, 0),
      throttles,
    },
    deliveries: all.reduce((sum, entry) => sum + entry.deliveries, 0),
    sesAccepted: all.reduce((sum, entry) => sum + entry.sesAccepted, 0),
    backoffs,
    backoffCauses,
    deadLettered,
    recovery: { method: recovery, rounds, stragglers },
    slowestInvocationMs: Math.round(slowestInvocationMs),
    leaseMs,
    visibilityTimeoutSeconds,
    timings: {
      acceptMs: Math.round(acceptMs),
      drainMs: Math.round(drainMs),
      recoveryMs: Math.round(recoveryMs),
      totalMs: Math.round(performance.now() - startedAt),
    },
    violations,
    warnings,
  };

  /** The entries not yet in a final state (re-read from the table). */
  async function notFinal(entries: EmailEntry[]): Promise<EmailEntry[]> {
    const left: EmailEntry[] = [];
    await forEachLimited(entries, 25, async (entry) => {
      const found = await getEmailWithEvents(organization.id, entry.id);
      if (!found || !FINAL_STATUSES.has(found.email.status)) left.push(entry);
    });
    return left;
  }
}

async function queueArn(sqs: SQSClient, queueUrl: string): Promise<string> {
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }),
  );
  if (!Attributes?.QueueArn) throw new Error(`${queueUrl} has no ARN`);
  return Attributes.QueueArn;
}

/** Messages in the queue: visible, in flight or delayed. */
async function depth(sqs: SQSClient, queueUrl: string): Promise<number> {
  const { Attributes = {} } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: [
        'ApproximateNumberOfMessages',
        'ApproximateNumberOfMessagesNotVisible',
        'ApproximateNumberOfMessagesDelayed',
      ],
    }),
  );
  return (
    Number(Attributes.ApproximateNumberOfMessages ?? 0) +
    Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0) +
    Number(Attributes.ApproximateNumberOfMessagesDelayed ?? 0)
  );
}

/**
 * Waits until the queue is empty (every message deleted or dead-lettered). Fails fast when nothing
 * consumes it: the emails then went to another queue (shared/adapters/send-queue.ts loaded too early).
 */
async function drain(sqs: SQSClient, queueUrl: string, deadline: number, invocations: () => number): Promise<void> {
  const stallAt = Date.now() + 15_000;
  for (;;) {
    if ((await depth(sqs, queueUrl)) === 0) return;
    if (invocations() === 0 && Date.now() > stallAt) {
      throw new Error('the ledger consumer never ran: are the emails going to another queue?');
    }
    if (Date.now() > deadline) return; // what is left is reported as lost
    await sleep(200);
  }
}

/** Moves every message of the DLQ back to the queue (what an operator's redrive does). */
async function redrive(sqs: SQSClient, dlqUrl: string, queueUrl: string): Promise<number> {
  let moved = 0;
  for (;;) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: dlqUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
    );
    if (Messages.length === 0) return moved;
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: Messages.map((message, index) => ({ Id: String(index), MessageBody: message.Body ?? '' })),
      }),
    );
    await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: dlqUrl,
        Entries: Messages.map((message, index) => ({ Id: String(index), ReceiptHandle: message.ReceiptHandle })),
      }),
    );
    moved += Messages.length;
  }
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** The ledger as a table for the console. */
export function formatLedger(ledger: Ledger): string {
  const reasons = Object.entries(ledger.failedReasons)
    .map(([reason, n]) => `${reason}: ${n}`)
    .join('; ');
  const copies = Object.entries(ledger.sesCopies)
    .map(([held, n]) => `${held}×: ${n}`)
    .join(' · ');
  const other = Object.entries(ledger.otherFinal)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  const rows: Array<[string, string | number, string?]> = [
    ['accepted', ledger.accepted, `live ${ledger.environments.live}, test ${ledger.environments.test}`],
    ['delivered', ledger.delivered],
    ['failed', ledger.failed, reasons],
    ...(other ? ([['other final', other]] as Array<[string, string]>) : []),
    ['lost', ledger.lost, 'accepted but not final at the end'],
    ['SES copies per email', copies],
    [
      'duplicated',
      ledger.duplicated,
      `emails with >1 copy; ${plural(ledger.faults.emailsCrashedAfterSesAccepted, 'email')} had a crash after SES accepted`,
    ],
    ['injected: crash before SES call', ledger.faults.crashBeforeSend],
    ['injected: crash after SES accepted', ledger.faults.crashAfterSesAccepted, 'before the record'],
    ['injected: crash after the record', ledger.faults.crashAfterRecorded, 'before the simulated outcome'],
    ['injected: SES throttles', ledger.faults.throttles],
    ['deliveries (claims)', ledger.deliveries, 'claims that reached the SES call'],
    ['SES accepted calls', ledger.sesAccepted],
    [
      'retry backoffs set',
      ledger.backoffs,
      `${ledger.backoffCauses.throttled} throttled, ${ledger.backoffCauses.leased} leased, ${ledger.backoffCauses.unexplained} unexplained`,
    ],
    [
      'dead-lettered',
      ledger.deadLettered,
      `${plural(ledger.recovery.stragglers, 'straggler')} → ${ledger.recovery.method}, ${plural(ledger.recovery.rounds, 'round')}`,
    ],
    [
      'slowest invocation (ms)',
      ledger.slowestInvocationMs,
      `lease ${ledger.leaseMs} ms, visibility ${ledger.visibilityTimeoutSeconds} s`,
    ],
    [
      'time (ms)',
      ledger.timings.totalMs,
      `accept ${ledger.timings.acceptMs}, drain ${ledger.timings.drainMs}, recovery ${ledger.timings.recoveryMs}`,
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const valueWidth = Math.max(...rows.map(([, value]) => String(value).length));
  const lines = rows.map(([label, value, note]) =>
    `  ${label.padEnd(width)}  ${String(value).padStart(valueWidth)}${note ? `  ${note}` : ''}`.trimEnd(),
  );
  const verdict =
    ledger.violations.length === 0
      ? 'invariants: all held'
      : `VIOLATED:\n${ledger.violations.map((v) => `  - ${v}`).join('\n')}`;
  const warnings = ledger.warnings.map((warning) => `warning: ${warning}\n`).join('');
  return `Fault ledger ${ledger.run} (seed ${ledger.seed})\n${lines.join('\n')}\n${verdict}\n${warnings}`;
}
