/**
 * From a handler's result back to an HTTP response, the way Lambda (serializing it to JSON, within its
 * 6 MB limit) and API Gateway (reading a payload-format-2.0 result) do it, and the errors API Gateway
 * answers itself in its `{"message": "…"}` format. Every refusal is an InvalidLambdaResponseError,
 * answered 500 as AWS would, so a handler that works locally cannot fail on this in AWS.
 * The failures: docs/api.md, "Headers on every response".
 */
import { validateHeaderName, validateHeaderValue } from 'node:http';

/**
 * Lambda's synchronous invocation payload limit (6 MB), which applies to the serialized event
 * and to the serialized result alike.
 */
export const LAMBDA_PAYLOAD_LIMIT_BYTES = 6_291_456;

export interface HttpResponse {
  statusCode: number;
  /** Name/value pairs; a name may repeat (one Set-Cookie per cookie). */
  headers: [name: string, value: string][];
  body: Buffer;
}

/** A Lambda result API Gateway cannot turn into a response (it answers 500). */
export class InvalidLambdaResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidLambdaResponseError';
  }
}

/** Standard alphabet, padding optional (a single leftover character can never be valid). */
function isBase64(text: string): boolean {
  return /^[A-Za-z0-9+/]*={0,2}$/.test(text) && text.replace(/=+$/, '').length % 4 !== 1;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkedHeader(name: string, value: string): [string, string] {
  try {
    validateHeaderName(name);
    validateHeaderValue(name, value);
  } catch (error) {
    throw new InvalidLambdaResponseError(`invalid header ${JSON.stringify(name)}: ${(error as Error).message}`);
  }
  return [name, value];
}

/** Headers the gateway owns: the body framing is recomputed from the bytes it sends. */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding']);

function withContentLength(statusCode: number, headers: [string, string][], body: Buffer): [string, string][] {
  const kept = headers.filter(([name]) => !FRAMING_HEADERS.has(name.toLowerCase()));
  // RFC 9110 §8.6: no Content-Length on 1xx or 204.
  if (statusCode >= 200 && statusCode !== 204) kept.push(['Content-Length', String(body.length)]);
  return kept;
}

/**
 * Interprets a Lambda result the way API Gateway does for payload format 2.0: an object
 * with `statusCode` is a structured response (`headers`, `cookies`, `body`,
 * `isBase64Encoded`); any other JSON value is the body of a 200 application/json response
 * (a string as is, anything else JSON-encoded). Throws InvalidLambdaResponseError for a
 * result that cannot be sent.
 */
export function toHttpResponse(result: unknown): HttpResponse {
  if (!isRecord(result) || !('statusCode' in result)) {
    let body: string | undefined;
    if (typeof result === 'string') {
      body = result;
    } else {
      try {
        body = JSON.stringify(result);
      } catch (error) {
        throw new InvalidLambdaResponseError(`result is not JSON-serializable: ${(error as Error).message}`);
      }
    }
    if (body === undefined) throw new InvalidLambdaResponseError(`handler returned ${typeof result}`);
    const bytes = Buffer.from(body, 'utf8');
    return {
      statusCode: 200,
      headers: withContentLength(200, [['Content-Type', 'application/json']], bytes),
      body: bytes,
    };
  }

  // Lambda results are JSON: an explicit null counts as absent.
  const statusCode = result.statusCode;
  const headers = result.headers ?? {};
  const cookies = result.cookies ?? [];
  const body = result.body;
  const isBase64Encoded = result.isBase64Encoded ?? false;
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode) || statusCode < 200 || statusCode > 599) {
    throw new InvalidLambdaResponseError(`invalid statusCode ${JSON.stringify(statusCode)}`);
  }
  if (!isRecord(headers)) throw new InvalidLambdaResponseError('headers must be an object');
  if (!Array.isArray(cookies) || !cookies.every((cookie) => typeof cookie === 'string')) {
    throw new InvalidLambdaResponseError('cookies must be an array of strings');
  }
  if (body !== undefined && body !== null && typeof body !== 'string') {
    throw new InvalidLambdaResponseError(`body must be a string, got ${typeof body}`);
  }
  if (typeof isBase64Encoded !== 'boolean') throw new InvalidLambdaResponseError('isBase64Encoded must be a boolean');

  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new InvalidLambdaResponseError(`header ${JSON.stringify(name)} must be a string`);
    }
    pairs.push(checkedHeader(name, String(value)));
  }
  for (const cookie of cookies as string[]) pairs.push(checkedHeader('Set-Cookie', cookie));

  const text = body ?? '';
  let bytes: Buffer;
  if (isBase64Encoded) {
    if (!isBase64(text)) throw new InvalidLambdaResponseError('body is not valid base64');
    bytes = Buffer.from(text, 'base64');
  } else {
    bytes = Buffer.from(text, 'utf8');
  }
  return { statusCode, headers: withContentLength(statusCode, pairs, bytes), body: bytes };
}

/**
 * Lambda's side of returning a result: it is serialized to JSON (a result that cannot be, or
 * whose JSON exceeds the 6 MB response limit, fails the invocation) and API Gateway reads
 * that JSON back. Throws InvalidLambdaResponseError where API Gateway would answer 500.
 */
export function serializeLambdaResult(result: unknown): unknown {
  let json: string | undefined;
  try {
    json = JSON.stringify(result);
  } catch (error) {
    throw new InvalidLambdaResponseError(`result is not JSON-serializable: ${(error as Error).message}`);
  }
  if (json === undefined) throw new InvalidLambdaResponseError(`handler returned ${typeof result}`);
  const size = Buffer.byteLength(json, 'utf8');
  if (size > LAMBDA_PAYLOAD_LIMIT_BYTES) {
    throw new InvalidLambdaResponseError(
      `the serialized result (${size} bytes) exceeds Lambda's ${LAMBDA_PAYLOAD_LIMIT_BYTES}-byte response payload limit`,
    );
  }
  return JSON.parse(json);
}

/** The messages of the errors API Gateway produces itself. */
export type GatewayErrorStatus = 413 | 500 | 503;
const GATEWAY_ERROR_MESSAGES: Record<GatewayErrorStatus, string> = {
  413: 'Request Entity Too Large',
  500: 'Internal Server Error',
  // An integration that outlives API Gateway's 30 s limit.
  503: 'Service Unavailable',
};

/**
 * An error API Gateway answers itself, in its native format: `{"message": "…"}` as
 * application/json, without any of the headers our middleware adds (the gateway adds only
 * `apigw-requestid`).
 */
export function gatewayErrorResponse(statusCode: GatewayErrorStatus): HttpResponse {
  const body = Buffer.from(JSON.stringify({ message: GATEWAY_ERROR_MESSAGES[statusCode] }), 'utf8');
  return { statusCode, headers: withContentLength(statusCode, [['Content-Type', 'application/json']], body), body };
}
