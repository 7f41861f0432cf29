/**
 * Scenario 2: the send consumer's time to build and hand over a message with one 10 MB attachment,
 * split into claim and checks, S3 read, SES call (the SDK's serialization apart). Runs in the
 * consumer's own process (bench/attachments/child.ts).
 */
import { type AwsCall, setAwsCallSink } from '#core/aws-call-recording.ts';
import { type ConsumerInput, consumerHandler } from './consumer.ts';
import { clearSesStore, round } from './helpers.ts';

export interface TimingRun {
  total_ms: number;
  receive_to_ses_accepted_ms: number;
  claim_and_checks_ms: number;
  s3_read_and_pacing_ms: number;
  ses_sdk_serialize_ms: number;
  ses_http_and_emulator_ms: number;
  record_and_simulated_events_ms: number;
}

export async function consumerTiming(input: ConsumerInput): Promise<{ first: TimingRun; runs: TimingRun[] }> {
  const marks: Record<string, number> = {};
  const mark = (name: string) => {
    marks[name] ??= performance.now();
  };
  setAwsCallSink((call: AwsCall) => {
    if (call.command === 'GetObjectCommand') mark('s3Start');
    if (call.command === 'SendEmailCommand') mark('sesSerialized');
  });
  let sesAccepted = 0;
  const deliver = await consumerHandler({
    beforeSend: () => mark('beforeSend'),
    sesStart: () => mark('sesStart'),
    sesEnd: () => {
      mark('sesEnd');
      sesAccepted += 1;
    },
  });
  const one = async (emailId: string): Promise<TimingRun> => {
    for (const name of Object.keys(marks)) delete marks[name];
    const started = performance.now();
    await deliver(input, [emailId]);
    const ended = performance.now();
    const at = (name: string) => {
      const value = marks[name];
      if (value === undefined) throw new Error(`no ${name} mark: was the attachment read and sent?`);
      return value;
    };
    const run = {
      total_ms: ended - started,
      receive_to_ses_accepted_ms: at('sesEnd') - started,
      // The consumer reads the blobs after the claim and checks (beforeSend), then takes a send-rate
      // slot and calls SES: the S3 read and the pacing are measured together.
      claim_and_checks_ms: at('s3Start') - started,
      s3_read_and_pacing_ms: at('sesStart') - at('s3Start'),
      ses_sdk_serialize_ms: at('sesSerialized') - at('sesStart'),
      ses_http_and_emulator_ms: at('sesEnd') - at('sesSerialized'),
      record_and_simulated_events_ms: ended - at('sesEnd'),
    };
    await clearSesStore();
    return Object.fromEntries(
      Object.entries(run).map(([name, value]) => [name, round(value, 1)]),
    ) as unknown as TimingRun;
  };
  const [firstId, ...rest] = input.emailIds;
  if (!firstId) throw new Error('no emails');
  const first = await one(firstId);
  const runs: TimingRun[] = [];
  for (const emailId of rest) {
    // A pause between deliveries, so one's leftovers (the emulators' garbage in the other process) do
    // not land on the next one's clock.
    await new Promise((resolve) => setTimeout(resolve, 300));
    runs.push(await one(emailId));
  }
  if (sesAccepted !== input.emailIds.length) throw new Error(`SES accepted ${sesAccepted} of ${input.emailIds.length}`);
  return { first, runs };
}

export type TimingResult = Awaited<ReturnType<typeof consumerTiming>>;
