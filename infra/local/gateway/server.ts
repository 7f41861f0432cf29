/**
 * The local stand-in for API Gateway HTTP API (Lambda proxy integration, payload format 2.0): the HTTP
 * server. It reads each request (a body over the 10 MB payload quota is a 413 at once), has the route's
 * handler invoked (invoke.ts) and writes the response with API Gateway's `apigw-requestid` header, one
 * log line per request. Like AWS it answers on its own, in API Gateway's `{"message": "…"}` format and
 * none of our middleware's headers, only when a request cannot be handled (413, 500): which failures
 * those are, docs/api.md, "Headers on every response".
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { splitTarget } from './event.ts';
import { describeError, FUNCTION_TIMEOUT_MS, type HandlerLoader, invokeRoute } from './invoke.ts';
import { gatewayErrorResponse, type HttpResponse } from './response.ts';

/** API Gateway's request payload quota (10 MB). */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

export interface GatewayOptions {
  /** 0 picks any free port. */
  port: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** Resolves a route's handler module (path relative to the repository root). */
  loadHandler: HandlerLoader;
  /** Receives one line per request and the errors of failed invocations. */
  log?: (line: string) => void;
  /** Per-invocation timeout; defaults to FUNCTION_TIMEOUT_MS (the deployed functions' timeout). */
  timeoutMs?: number;
  /** Request body cap; defaults to MAX_PAYLOAD_BYTES. */
  maxPayloadBytes?: number;
  /** How long a `Postbox-Simulate: gateway_timeout` request waits; API Gateway's 30 s by default. */
  gatewayTimeoutMs?: number;
}

export interface RunningGateway {
  url: string;
  port: number;
  close(): Promise<void>;
}

class PayloadTooLargeError extends Error {}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new PayloadTooLargeError());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        chunks.length = 0;
        reject(new PayloadTooLargeError());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const onClose = (): void => onError(new Error('The client closed the connection before sending the whole body'));
    const cleanup = (): void => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('close', onClose);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('close', onClose);
  });
}

function pairHeaders(rawHeaders: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) pairs.push([rawHeaders[i] ?? '', rawHeaders[i + 1] ?? '']);
  return pairs;
}

function send(response: ServerResponse, result: HttpResponse, requestId: string): void {
  const headers = [...result.headers, ['apigw-requestid', requestId]];
  response.writeHead(result.statusCode, headers.flat());
  response.end(result.body);
}

/** Starts the local gateway; resolves once it is listening. */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const host = options.host ?? '127.0.0.1';
  const timeoutMs = options.timeoutMs ?? FUNCTION_TIMEOUT_MS;
  const maxPayloadBytes = options.maxPayloadBytes ?? MAX_PAYLOAD_BYTES;
  const log = options.log ?? (() => {});

  const handle = async (request: IncomingMessage, response: ServerResponse, requestId: string): Promise<void> => {
    const started = Date.now();
    const method = request.method ?? 'GET';
    const { path } = splitTarget(request.url ?? '/');
    const finish = (result: HttpResponse): void => {
      send(response, result, requestId);
      log(`${method} ${path} → ${result.statusCode} in ${Date.now() - started} ms`);
    };

    let body: Buffer;
    try {
      body = await readBody(request, maxPayloadBytes);
    } catch (error) {
      if (error instanceof PayloadTooLargeError) {
        // Answer at once; Node discards the rest of the upload without buffering it.
        log(`${method} ${path}: the request body exceeds the ${maxPayloadBytes}-byte payload limit`);
        finish(gatewayErrorResponse(413));
      } else {
        log(`${method} ${path}: reading the request failed: ${describeError(error)}`);
        request.destroy();
      }
      return;
    }

    const result = await invokeRoute(
      {
        method,
        url: request.url ?? '/',
        httpVersion: request.httpVersion,
        headers: pairHeaders(request.rawHeaders),
        remoteAddress: request.socket.remoteAddress,
        body,
      },
      {
        loadHandler: options.loadHandler,
        timeoutMs,
        requestId,
        log,
        ...(options.gatewayTimeoutMs !== undefined ? { gatewayTimeoutMs: options.gatewayTimeoutMs } : {}),
      },
    );
    finish(result);
  };

  const server = createServer((request, response) => {
    const requestId = randomUUID();
    handle(request, response, requestId).catch((error: unknown) => {
      log(`gateway error: ${describeError(error)}`);
      if (!response.headersSent) {
        send(response, gatewayErrorResponse(500), requestId);
      } else {
        response.destroy();
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The gateway is not listening on a TCP port');
  // A wildcard listener is reached through loopback.
  const reachable = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  const urlHost = address.family === 'IPv6' ? `[${reachable}]` : reachable;

  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
