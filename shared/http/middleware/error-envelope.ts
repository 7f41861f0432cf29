import { ApiError } from '#core/errors.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import type { ApiMiddleware } from '#http/context.ts';
import { jsonResponse } from '#http/response.ts';

export function errorEnvelope(): ApiMiddleware {
  return {
    onError: (request) => {
      const error = request.error;
      if (error instanceof ApiError) {
        request.response = jsonResponse(error.statusCode, error.toBody(), error.headers);
        return;
      }
      logger.error('unhandled error', {
        request_id: request.context.requestId,
        ...errorLogFields(error),
      });
      const internal = new ApiError(
        'INTERNAL_ERROR',
        `An unexpected error occurred. Quote request id ${request.context.requestId ?? 'unknown'} when reporting it.`,
      );
      request.response = jsonResponse(500, internal.toBody());
    },
  };
}
