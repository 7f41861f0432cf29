/**
 * The AWS prices every bench turns its measured requests into dollars with (on demand, us-east-1,
 * USD), in one table so that the benches' figures compare. SES is left out of every bench's totals.
 */
export const PRICES = {
  /** DynamoDB on demand, per million write and read request units. */
  dynamoWritePerMillion: 0.625,
  dynamoReadPerMillion: 0.125,
  sqsPerMillion: 0.4,
  apiGatewayPerMillion: 1.0,
  lambdaPerMillion: 0.2,
  /** Lambda on arm64, per GB-second. */
  lambdaGbSecond: 0.0000133334,
  /** S3 Standard. */
  s3PutCopyPerThousand: 0.005,
  s3GetPerThousand: 0.0004,
  s3GbMonth: 0.023,
  /** For reference only: what SES charges per GB of attachments sent. */
  sesAttachmentGb: 0.12,
};

/** AWS bills GBs of 2^30 bytes (S3 by the GB-month, a month taken as 30 days). */
export const GB_BYTES = 2 ** 30;
export const MONTH_DAYS = 30;

/** The dollars of `readUnits` and `writeUnits` DynamoDB request units. */
export function dynamoUsd(units: { readUnits: number; writeUnits: number }): number {
  return (units.writeUnits * PRICES.dynamoWritePerMillion + units.readUnits * PRICES.dynamoReadPerMillion) / 1e6;
}
