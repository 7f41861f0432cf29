/**
 * SES events consumer: the Lambda subscribed to the configuration set's SNS topic; each record is one
 * SES sending event, handled by handleSesNotification. A notification that cannot be parsed or is not
 * about a Postbox email (no organization_id/email_id tags) is logged and dropped: retrying could not
 * change it. Any other error is thrown, so Lambda retries and then dead-letters it; handling the same
 * notification again is harmless. See docs/deploy.md, "How sending events flow" and "What the stack
 * creates" (SES events function).
 */
import type { SNSEvent } from 'aws-lambda';
import { withLambdaLogging } from '#core/lambda-logging.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import { handleAndLogSesNotification } from '#emails/events/ses-events.service.ts';

export const handler = withLambdaLogging(async (event: SNSEvent): Promise<void> => {
  // SNS invokes with one record; several are handled one after the other, all before failing.
  const failures: unknown[] = [];
  for (const record of event.Records ?? []) {
    const fields = { sns_message_id: record.Sns?.MessageId };
    try {
      await handleAndLogSesNotification(record.Sns?.Message ?? '', fields);
    } catch (error) {
      logger.error('SES notification failed; it will be retried', { ...fields, ...errorLogFields(error) });
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
});
