/**
 * The attachments bench's child processes, one scenario each (runChild starts them): the consumer's
 * timing and memory run in a process of their own, as a Lambda instance is; the cost per email in one
 * with a cloud of its own. The result is the last line of stdout, as JSON.
 */
import type { ConsumerInput } from './consumer.ts';
import { consumerMemory } from './consumer-memory.ts';
import { consumerTiming } from './consumer-timing.ts';
import { costPerEmail } from './cost-per-email.ts';
import { INPUT_ENV } from './helpers.ts';

const mode = process.argv[2];
let result: unknown;
if (mode === 'consumer-timing' || mode === 'consumer-memory') {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  const input = JSON.parse(process.env[INPUT_ENV] ?? '{}') as ConsumerInput;
  result = mode === 'consumer-timing' ? await consumerTiming(input) : await consumerMemory(input);
} else if (mode === 'cost') {
  result = await costPerEmail();
} else {
  throw new Error(`unknown mode: ${mode}`);
}
process.stdout.write(`${JSON.stringify(result)}\n`);
