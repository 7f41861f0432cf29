/** Send queue consumer: delivers each record's emails through SES (shared/emails/delivery/send-consumer.service.ts). */
import { withLambdaLogging } from '#core/lambda-logging.ts';
import { createSendEmailHandler } from '#emails/delivery/send-consumer.service.ts';

export { createSendEmailHandler, type SendEmailConsumerDependencies } from '#emails/delivery/send-consumer.service.ts';

export const handler = withLambdaLogging(createSendEmailHandler());
