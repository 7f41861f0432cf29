/**
 * Structured JSON logs (Powertools Logger). Log lines carry ids, routes, statuses and
 * counts — never an API key, an Authorization header or a request/response body.
 */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: 'postbox' });
