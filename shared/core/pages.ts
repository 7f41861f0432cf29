/**
 * Pages of a list: the query-string schema for page/limit (spec: page ≥ 1, default 1; limit 1–100, default 20).
 * Values must be plain integers: `2.5`, `1e2`, `-1` or `abc` are 400 VALIDATION_ERROR.
 */
import * as z from 'zod';

const MAX_LIMIT = 100;

function integerParam(name: string, fallback: number, max?: number, description?: string) {
  return z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(
      max === undefined
        ? z.number().int().min(1, `${name} must be at least 1`)
        : z.number().int().min(1, `${name} must be at least 1`).max(max, `${name} must be at most ${max}`),
    )
    .optional()
    .transform((value) => value ?? fallback)
    .meta({
      type: 'integer',
      minimum: 1,
      ...(max === undefined ? {} : { maximum: max }),
      default: fallback,
      ...(description ? { description } : {}),
    });
}

export const pageQuery = z.strictObject({
  page: integerParam('page', 1, undefined, 'Page number, from 1; a page past the end is empty'),
  limit: integerParam('limit', 20, MAX_LIMIT, `Items per page (1–${MAX_LIMIT})`),
});

/** A page asked for: `page` ≥ 1, `limit` 1–100. */
export type PageRequest = z.output<typeof pageQuery>;

/** The `pagination` of a paginated list's envelope. */
export interface Pagination {
  page: number;
  limit: number;
  total_count: number;
  total_pages: number;
}

export function paginationFor(request: PageRequest, totalCount: number): Pagination {
  return {
    page: request.page,
    limit: request.limit,
    total_count: totalCount,
    total_pages: Math.ceil(totalCount / request.limit),
  };
}
