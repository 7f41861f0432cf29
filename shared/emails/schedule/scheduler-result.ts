/** What a scheduler run did (its counts, logged and returned), and the ids a log line of an entry names. */
export interface SchedulerRunResult {
  /** Messages put on the send queue (releases and sweeps). */
  enqueued: number;
  /** Scheduled emails released to the queue for their time. */
  released: number;
  /** Emails queued again because their deadline passed while they were still unsent. */
  swept: number;
  /** Emails failed after MAX_SWEEPS sweeps (or, handed over, MAX_SWEEPS finishes). */
  failed: number;
  /**
   * Handed-over emails whose outcome had not come by their outcome deadline: simulated outcome run
   * again, or (outcomes from SES) failed for want of one.
   */
  finished: number;
  /** Handed-over emails due before their outcome deadline: their entry moved to it. */
  awaited: number;
  /** Index entries of emails already final, removed. */
  dropped: number;
  /** Entries another writer changed first (sent, cancelled, an outcome, another run); nothing to do. */
  skipped: number;
  /** Entries that failed (SQS or DynamoDB errors); they stay due and are retried next run. */
  errors: number;
  /** Some shard had more due entries than MAX_ENTRIES_PER_SHARD; the rest is left for the next run. */
  more: boolean;
}

export const ids = (entry: { organization_id: string; id: string }) => ({
  organization_id: entry.organization_id,
  email_id: entry.id,
});
