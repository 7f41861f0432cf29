/**
 * The pipeline's business metrics, as CloudWatch embedded metric format (Powertools Metrics): one
 * log line per count, which CloudWatch turns into metrics without a PutMetricData call (no IAM
 * action, no latency). Namespace `Postbox` (POWERTOOLS_METRICS_NAMESPACE), dimensions `service`
 * and `stack` (the CDK stack's name, so two stacks in one account stay apart). Counted where the
 * fact is recorded, once: accepted when a send or batch is stored, sent when SES's acceptance is
 * recorded, failed when a failure is (Postbox's own or SES's), and delivered/bounced/complained per
 * recipient event when it is first stored (a repeated SES notification writes nothing and counts nothing).
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
