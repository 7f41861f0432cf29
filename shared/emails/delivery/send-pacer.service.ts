/**
 * Keeps SES sends under the account's maximum send rate across every consumer instance: SES throttles
 * sends above it, and up to 5 instances × 10 records × 5 deliveries in flight would burst past it.
 * Each second has a shared count in the table (send-rate.store.ts): an instance claims a few slots with
 * one unconditional ADD, keeps those under the rate and hands them out at their place in the second
 * (slot n at n/rate s). With none left a delivery waits for the next second, and after MAX_WAIT_MS gives
 * up without calling SES. Slots unused by the end of their second are lost: slower, never over the rate.
 */
import { config } from '#core/config.ts';
import { claimSendSlots } from '#emails/delivery/send-rate.store.ts';

/** How long one delivery waits for a slot before it is retried through the queue instead. */
export const MAX_WAIT_MS = 10_000;

/** Thrown when no slot came within MAX_WAIT_MS; classified like SES's own throttling (retry). */
export class SendRateWaitExceeded extends Error {
  override readonly name = 'ThrottlingException';
  constructor() {
    super(`No SES send slot within ${MAX_WAIT_MS} ms (the account's send rate is in use)`);
  }
}

export interface SendPacerOptions {
  ratePerSecond: number;
  claim?: typeof claimSendSlots;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface SendPacer {
  /** Resolves when this delivery may call SES; throws SendRateWaitExceeded after MAX_WAIT_MS. */
  acquire(): Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSendPacer(options: SendPacerOptions): SendPacer {
  const { ratePerSecond, claim = claimSendSlots, now = Date.now, sleep = defaultSleep } = options;
  // A few slots per claim: fewer table writes than one per send, few enough that an instance holding
  // slots it does not use this second cannot starve the others (5 instances at most).
  const claimSize = Math.max(1, Math.min(5, Math.floor(ratePerSecond / 5)));
  // The slots this instance holds in the current second, as the times they may be used: slot n of a
  // second is at n × (1000 / rate) ms into it, so the deployment's sends are spread over the second
  // rather than all fired at its start. `full`: the second has no slot left.
  let held: { second: number; times: number[]; full: boolean } = { second: -1, times: [], full: false };
  let claiming: Promise<void> | undefined;

  async function claimFor(second: number): Promise<void> {
    const total = await claim(second, claimSize);
    const first = total - claimSize;
    const times: number[] = [];
    for (let slot = first; slot < Math.min(total, ratePerSecond); slot += 1) {
      times.push(second * 1000 + Math.floor((slot * 1000) / ratePerSecond));
    }
    if (held.second !== second) held = { second, times: [], full: false };
    held.times.push(...times);
    if (times.length === 0) held.full = true;
  }

  return {
    async acquire() {
      const started = now();
      for (;;) {
        const second = Math.floor(now() / 1000);
        if (held.second === second && held.times.length > 0) {
          const at = held.times.shift() as number;
          if (at > now()) await sleep(at - now());
          return;
        }
        if (held.second !== second || !held.full) {
          // One claim at a time per instance; the others wait for it and look again.
          claiming ??= claimFor(second).finally(() => {
            claiming = undefined;
          });
          await claiming;
          if (held.second === second && !held.full) continue;
        }
        if (now() - started >= MAX_WAIT_MS) throw new SendRateWaitExceeded();
        // Until the next second (and a little, so that not every instance claims at its first ms).
        await sleep(1000 - (now() % 1000) + Math.floor(Math.random() * 20));
      }
    },
  };
}

/** The consumer's pacer, at SES_MAX_SEND_RATE; none when unset. */
export const sendPacer: SendPacer | undefined = config.sesMaxSendRate
  ? createSendPacer({ ratePerSecond: config.sesMaxSendRate })
  : undefined;
