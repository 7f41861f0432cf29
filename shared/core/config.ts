/**
 * Runtime configuration, read once when a handler module loads. A missing required
 * variable throws at import time, so a misconfigured function fails its first cold start
 * loudly instead of answering requests wrongly.
 */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`Missing required environment variable ${name}`);
  }
  return value;
}

/** Comma-separated whole seconds, e.g. `5,300,1800`. */
function secondsListEnv(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.length === 0 || values.some((value) => !Number.isInteger(value) || value < 0)) {
    throw new Error(`Environment variable ${name} must be comma-separated whole seconds, got "${raw}"`);
  }
  return values;
}

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`Environment variable ${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

export const config = {
  tableName: requiredEnv('TABLE_NAME'),
  /** Set only on the local stack: where the DynamoDB emulator listens. */
  dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
  /** Requests per second per organization unless the organization has its own limit. */
  defaultRateLimitPerSecond: intEnv('RATE_LIMIT_PER_SECOND', 10),
  /** Requests per second per source IP for requests that fail authentication. */
  unauthenticatedRateLimitPerSecond: intEnv('UNAUTHENTICATED_RATE_LIMIT_PER_SECOND', 10),
  /**
   * One-click unsubscribe requests per second per source IP (mailbox providers post them from a few
   * addresses, so more than other requests without a key; a window of their own).
   */
  unsubscribeRateLimitPerSecond: intEnv('UNSUBSCRIBE_RATE_LIMIT_PER_SECOND', 50),
  /**
   * POST /webhooks/{id}/test per minute per organization, in a window of its own besides the
   * organization's: each is a synchronous outbound POST (up to 7 s), which a person sends by hand.
   */
  webhookTestRateLimitPerMinute: intEnv('WEBHOOK_TEST_RATE_LIMIT_PER_MINUTE', 10),
  /** Dashboard page views per second per signed-in member. */
  dashboardRateLimitPerSecond: intEnv('DASHBOARD_RATE_LIMIT_PER_SECOND', 20),
  /** Dashboard sign-in posts (an scrypt each) per second per source IP, in a window of their own. */
  signInRateLimitPerSecond: intEnv('SIGN_IN_RATE_LIMIT_PER_SECOND', 10),
  /** Largest request body any route accepts, in bytes (API Gateway's own cap is 10 MB). */
  maxBodyBytes: intEnv('MAX_BODY_BYTES', 1_048_576),
  /**
   * SES sends per second across every consumer (the account's maximum send rate; the stack's
   * SesMaxSendRate parameter). Unset: sends are not paced (unit tests; the local cloud sets it).
   */
  sesMaxSendRate: process.env.SES_MAX_SEND_RATE ? intEnv('SES_MAX_SEND_RATE', 1) : undefined,
  /** Webhook endpoints may be `http://` URLs (the local stack); in AWS only `https://`. */
  webhookAllowHttpUrls: process.env.WEBHOOK_ALLOW_HTTP_URLS === 'true',
  /**
   * Webhook deliveries may go to private, loopback, link-local and metadata addresses (the local
   * stack, whose receivers are on 127.0.0.1); never in AWS.
   */
  webhookAllowPrivateTargets: process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS === 'true',
  /** Waits before each retry of a webhook delivery (8 attempts: the first, then one per entry). */
  webhookRetryDelaysSeconds: secondsListEnv('WEBHOOK_RETRY_DELAYS_SECONDS', [5, 300, 1800, 7200, 18000, 36000, 36000]),
  /** A delivery attempt's whole time budget (resolve, connect, answer). */
  webhookTimeoutMs: intEnv('WEBHOOK_TIMEOUT_MS', 10_000),
  /** Attempts in flight to one endpoint at once, across every consumer. */
  webhookEndpointConcurrency: intEnv('WEBHOOK_ENDPOINT_CONCURRENCY', 5),
  /** Days a received message is kept (record, content, files); the stack sets the files' expiry from it. */
  inboundRetentionDays: intEnv('INBOUND_RETENTION_DAYS', 30),
} as const;
