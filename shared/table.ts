/**
 * The one DynamoDB table, described once. The CDK stack and the local runner both build
 * the table from this definition, so the local table cannot drift from the deployed one.
 * Key attributes are generic (PK/SK, GSIn) because every entity shares them; the key
 * values themselves are built only in shared/data/keys.ts.
 */
export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Epoch seconds; DynamoDB deletes items whose `expires_at` is in the past. */
  timeToLiveAttribute: 'expires_at',
  globalSecondaryIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ],
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];

/** Every attribute used in a key schema (all strings). */
export function keyAttributeNames(): string[] {
  return [
    tableDefinition.partitionKey,
    tableDefinition.sortKey,
    ...tableDefinition.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
}
