/**
 * The one place that decides what a log line may say about an error. AWS error messages can quote
 * customer data (SES names the addresses and identities it refused, DynamoDB the values of a failed
 * condition), so for an AWS error only its name, code, HTTP status and request id are logged; other
 * errors (programming errors, ours) keep their stack. Every `logger.*` call that reports an error
 * spreads errorLogFields(error), never the error itself.
 */
export function errorLogFields(error: unknown): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return { error_name: typeof error };
  const { name, code, $metadata, stack } = error as {
    name?: unknown;
    code?: unknown;
    $metadata?: { httpStatusCode?: number; requestId?: string };
    stack?: unknown;
  };
  return {
    error_name: typeof name === 'string' ? name : 'Error',
    ...(typeof code === 'string' ? { error_code: code } : {}),
    ...($metadata
      ? { http_status: $metadata.httpStatusCode, aws_request_id: $metadata.requestId }
      : typeof stack === 'string'
        ? { error_stack: stack }
        : {}),
  };
}
