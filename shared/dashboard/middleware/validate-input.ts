/** validateInput: the page's zod schemas for path, query and form; what they output is the page's input. */
import { type ErrorDetail, validationError } from '#core/errors.ts';
import type { PageMiddleware, PageSchemas } from '#dashboard/context.ts';
import { capDetails, issuesToDetails } from '#http/zod-details.ts';

/** `consumedCsrf`: the csrf middleware checked the token, so the page's form schema never sees it. */
export function validateInput(schemas: PageSchemas, consumedCsrf: boolean): PageMiddleware {
  return {
    before: (request) => {
      const details: ErrorDetail[] = [];
      const { csrf_token: token, ...rest } = request.context.form ?? {};
      const form = consumedCsrf || token === undefined ? rest : { ...rest, csrf_token: token };
      const sources = {
        path: request.event.pathParameters ?? {},
        query: request.event.queryStringParameters ?? {},
        form,
      };
      for (const part of ['path', 'query', 'form'] as const) {
        const schema = schemas[part];
        if (!schema) continue;
        const result = schema.safeParse(sources[part]);
        if (result.success) request.context.input[part] = result.data;
        else details.push(...issuesToDetails(result.error.issues, part));
      }
      if (details.length > 0) throw validationError(capDetails(details, 'form'));
    },
  };
}
