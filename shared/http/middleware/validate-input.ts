import type * as z from 'zod';
import { type ErrorDetail, validationError } from '#core/errors.ts';
import type { ApiMiddleware } from '#http/context.ts';
import { MAX_JSON_DEPTH } from '#http/middleware/json-body.ts';
import { capDetails, issuesToDetails } from '#http/zod-details.ts';

export interface InputSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  path?: z.ZodType;
}

export function validateInput(schemas: InputSchemas): ApiMiddleware {
  return {
    before: (request) => {
      const details: ErrorDetail[] = [];
      const sources = {
        path: request.event.pathParameters ?? {},
        query: request.event.queryStringParameters ?? {},
        body: request.context.input.body,
      };
      for (const part of ['path', 'query', 'body'] as const) {
        const schema = schemas[part];
        if (!schema) continue;
        const result = schema.safeParse(sources[part]);
        if (result.success) request.context.input[part] = result.data;
        else for (const detail of issuesToDetails(result.error.issues, part)) details.push(detail);
      }
      // A body parsed with its too-deep values emptied must never pass as what was sent.
      if (details.length === 0 && request.context.bodyTooDeep) {
        details.push({
          field: 'body',
          message: `Must not nest deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`,
        });
      }
      if (details.length > 0) throw validationError(capDetails(details));
    },
  };
}
