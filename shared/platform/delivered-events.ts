/**
 * How the email item keeps its `delivered` events (its `delivered_events` map, event id → entry): the
 * shape both their writer (shared/emails) and the table stream's readers (webhooks, the metrics) read,
 * kept here, below every feature. docs/data-model.md, "Email event".
 */

/**
 * A `delivered` event as the email item keeps it: its id is the map's key, its type implied, its fields
 * under short names (`rcpt` recipient, `code`/`reply` the SMTP reply, `at` created_at): every later write
 * of the email is billed by its size in whole KB, and the email item sits close to one.
 */
export interface DeliveredEventAttributes {
  rcpt?: string;
  code?: number;
  reply?: string;
  at: string;
  detail?: string;
}

export type DeliveredEventMap = Record<string, DeliveredEventAttributes>;

/** The entries of a `delivered_events` map (any value that is not one: none), oldest first. */
export function deliveredEntries(map: unknown): Array<DeliveredEventAttributes & { id: string }> {
  if (typeof map !== 'object' || map === null) return [];
  return Object.entries(map as DeliveredEventMap)
    .map(([id, entry]) => ({ ...entry, id }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** The entries a change of an email item added (its images before and after: a stream record's). */
export function deliveredEntriesAdded(
  before: Readonly<Record<string, unknown>> | undefined,
  after: Readonly<Record<string, unknown>> | undefined,
): Array<DeliveredEventAttributes & { id: string }> {
  const had = (before?.delivered_events ?? {}) as Record<string, unknown>;
  return deliveredEntries(after?.delivered_events).filter((entry) => !(entry.id in had));
}
