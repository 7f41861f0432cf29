import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Pagination } from '#core/pages.ts';

/** On every answer of the API: a browser never reads a JSON (or any) answer as another type. */
export const NOSNIFF_HEADERS: Readonly<Record<string, string>> = { 'X-Content-Type-Options': 'nosniff' };

/** On an answer that holds a secret (a signing secret, a key, a presigned URL): never kept by a browser or proxy. */
export const SECRET_HEADERS: Readonly<Record<string, string>> = { 'Cache-Control': 'no-store' };

/** A JSON answer from its text (a document serialized once per instance). */
export function jsonTextResponse(
  statusCode: number,
  json: string,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'Content-Type': 'application/json', ...NOSNIFF_HEADERS, ...headers },
    body: json,
  };
}

export function jsonResponse(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return jsonTextResponse(statusCode, JSON.stringify(body), headers);
}

/** The answer to a HEAD request: the GET's status and headers, no body (RFC 9110 §9.3.2). */
export function withoutBody(response: APIGatewayProxyStructuredResultV2): APIGatewayProxyStructuredResultV2 {
  const { isBase64Encoded: _encoded, ...rest } = response;
  return { ...rest, body: '' };
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

/** How a success is answered beyond its data. */
export interface ResultOptions {
  /** The data holds a secret shown this once: the answer carries `Cache-Control: no-store`. */
  holdsSecret?: boolean;
}

const optionHeaders = (options: ResultOptions) => (options.holdsSecret ? { headers: { ...SECRET_HEADERS } } : {});

export const ok = <D>(data: D, options: ResultOptions = {}): ApiResult<D, 200> => ({
  status: 200,
  data,
  ...optionHeaders(options),
});
export const paginated = <T>(page: { items: T[]; pagination: Pagination }): ApiResult<T[], 200> => ({
  status: 200,
  data: page.items,
  pagination: page.pagination,
});
export const created = <D>(data: D, options: ResultOptions = {}): ApiResult<D, 201> => ({
  status: 201,
  data,
  ...optionHeaders(options),
});
export const accepted = <D>(data: D): ApiResult<D, 202> => ({ status: 202, data });
