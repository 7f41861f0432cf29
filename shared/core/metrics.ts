/**
 * The pipeline's business metrics as CloudWatch embedded metric format (Powertools Metrics): one log
 * line per count, turned into metrics without a PutMetricData call (no IAM action, no latency), with a
 * `stack` dimension so two stacks in one account stay apart. Each fact is counted once, where it is
 * recorded (a repeated SES notification writes nothing and counts nothing).
 * The metrics and when each counts: docs/deploy.md, "Metrics".
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

export const EMAIL_METRICS = [
  'EmailsAccepted',
  'EmailsSent',
  'EmailsDelivered',
  'EmailsBounced',
  'EmailsComplained',
  'EmailsFailed',
] as const;
export type EmailMetric = (typeof EMAIL_METRICS)[number];

export const METRICS_NAMESPACE = process.env.POWERTOOLS_METRICS_NAMESPACE || 'Postbox';

const metrics = new Metrics({
  namespace: METRICS_NAMESPACE,
  serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'postbox',
  defaultDimensions: { stack: process.env.POSTBOX_STACK_NAME || 'local' },
});

/** Counts `count` emails (or recipient events) and publishes the line at once. */
export function countEmails(metric: EmailMetric, count = 1): void {
  if (count <= 0) return;
  metrics.addMetric(metric, MetricUnit.Count, count);
  metrics.publishStoredMetrics();
}

/** The metric a stored email event counts toward, if any. */
export function metricOfEvent(type: string): EmailMetric | undefined {
  switch (type) {
    case 'delivered':
      return 'EmailsDelivered';
    case 'bounced':
      return 'EmailsBounced';
    case 'complained':
      return 'EmailsComplained';
    case 'failed':
      return 'EmailsFailed';
    default:
      return undefined;
  }
}
