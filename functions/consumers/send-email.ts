/** Send queue consumer: delivers each record's emails through SES (shared/domain/send-consumer.ts). */
import { createSendEmailHandler } from '../../shared/domain/send-consumer.ts';

export { createSendEmailHandler, type SendEmailConsumerDependencies } from '../../shared/domain/send-consumer.ts';

export const handler = createSendEmailHandler();
