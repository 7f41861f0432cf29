import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Pagination } from '#core/pages.ts';

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

/**
 * What a handler returns: a status and the `data` of the success envelope. `D` and `S` are checked
 * against the route's operation (api-handler.ts): what a handler answers is what the contract says.
 */
export interface ApiResult<D = unknown, S extends 200 | 201 | 202 = 200 | 201 | 202> {
  status: S;
  data: D;
  pagination?: Pagination;
  /** Extra response headers (e.g. `Idempotent-Replayed`). */
  headers?: Record<string, string>;
}

export const ok = <D>(data: D): ApiResult<D, 200> => ({ status: 200, data });
export const paginated = <T>(page: { items: T[]; pagination: Pagination }): ApiResult<T[], 200> => ({
  status: 200,
  data: page.items,
  pagination: page.pagination,
});
export const created = <D>(data: D): ApiResult<D, 201> => ({ status: 201, data });
export const accepted = <D>(data: D): ApiResult<D, 202> => ({ status: 202, data });
