/**
 * Fault injection for users' test suites, on the local gateway only (the deployed functions never see
 * it): a request to an API route with `Postbox-Simulate` gets the failure it names instead of the
 * route's answer, and nothing is stored or sent. The answers are the ones the API or API Gateway give
 * for that failure (docs/testing-your-app.md, "Faults").
 */
import { ApiError } from '#core/errors.ts';
import { jsonResponse } from '#http/response.ts';
import { gatewayErrorResponse, type HttpResponse, toHttpResponse } from './response.ts';

export const SIMULATE_HEADER = 'postbox-simulate';
export const SIMULATED_FAULTS = ['rate_limited', 'internal_error', 'gateway_timeout'] as const;
export type SimulatedFault = (typeof SIMULATED_FAULTS)[number];

/** API Gateway's integration timeout: how long a `gateway_timeout` request waits before its 503. */
export const GATEWAY_TIMEOUT_MS = 30_000;

const isFault = (value: string): value is SimulatedFault => (SIMULATED_FAULTS as readonly string[]).includes(value);

/** The request's `Postbox-Simulate` value, if it sent the header (names compare case-insensitively). */
export function simulateHeader(headers: ReadonlyArray<readonly [string, string]>): string | undefined {
  return headers.find(([name]) => name.toLowerCase() === SIMULATE_HEADER)?.[1];
}

function envelope(error: ApiError, requestId: string, headers: Record<string, string> = {}): HttpResponse {
  return toHttpResponse(
    jsonResponse(error.statusCode, error.toBody(), { ...error.headers, ...headers, 'X-Request-Id': requestId }),
  );
}

/**
 * The answer to a request that asked for a fault: 429 as the rate limit refuses (its window spent,
 * `Retry-After: 1`), 500 as the API answers an unexpected error, API Gateway's own 503 after its 30 s
 * integration timeout; a value it does not know is 400 naming the header.
 */
export async function simulatedFault(
  value: string,
  requestId: string,
  options: { rateLimitPerSecond: number; gatewayTimeoutMs?: number },
): Promise<HttpResponse> {
  const fault = value.trim().toLowerCase();
  if (!isFault(fault)) {
    return envelope(
      new ApiError('VALIDATION_ERROR', 'Invalid Postbox-Simulate header', {
        details: [{ field: 'Postbox-Simulate', message: `Must be one of ${SIMULATED_FAULTS.join(', ')}` }],
      }),
      requestId,
    );
  }
  if (fault === 'rate_limited') {
    return envelope(new ApiError('RATE_LIMITED', 'Rate limit exceeded (simulated by Postbox-Simulate)'), requestId, {
      'Retry-After': '1',
      'X-RateLimit-Limit': String(options.rateLimitPerSecond),
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': '1',
    });
  }
  if (fault === 'internal_error') {
    return envelope(
      new ApiError(
        'INTERNAL_ERROR',
        `An unexpected error occurred (simulated by Postbox-Simulate). Quote request id ${requestId} when reporting it.`,
      ),
      requestId,
    );
  }
  await new Promise((resolve) => setTimeout(resolve, options.gatewayTimeoutMs ?? GATEWAY_TIMEOUT_MS));
  return gatewayErrorResponse(503);
}
