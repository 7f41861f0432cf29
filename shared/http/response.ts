import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export function jsonResponse(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

/** What a handler returns: a status and the `data` of the success envelope. */
export interface ApiResult {
  status: 200 | 201;
  data: unknown;
  pagination?: { page: number; limit: number; total_count: number; total_pages: number };
  /** Extra response headers (e.g. `Idempotent-Replayed`). */
  headers?: Record<string, string>;
}

export const ok = (data: unknown): ApiResult => ({ status: 200, data });
export const paginated = (page: { items: unknown[]; pagination: NonNullable<ApiResult['pagination']> }): ApiResult => ({
  status: 200,
  data: page.items,
  pagination: page.pagination,
});
export const created = (data: unknown): ApiResult => ({ status: 201, data });
