/**
 * A small HTTP client for integration tests. Every request leaves from a loopback source address
 * (127.0.0.0/8): the one given (`sourceIp`), else one chosen at random for this test file. The
 * local stack counts unauthenticated requests (no key, a bad or revoked key, unknown paths) and
 * sign-in posts per source IP, so a file never shares those windows with another file running
 * next to it (or with a browser test's Chromium), and a 401 it expects is never another file's 429.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { inject } from 'vitest';
import { checkAndRecord } from './contract.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies and assert on them.
export interface ApiResponse<T = any> {
  status: number;
  headers: IncomingHttpHeaders;
  body: T;
  text: string;
  /** The body's bytes as received (not decoded: a gzip-encoded body stays gzip). */
  raw: Buffer;
}

export interface RequestOptions {
  key?: string;
  /** A JSON-serialisable body; sent with Content-Type: application/json. */
  json?: unknown;
  /** A raw body, sent as is (set the content type yourself). */
  raw?: string | Buffer;
  headers?: Record<string, string>;
  /** Loopback source address, e.g. 127.0.0.7 (default: this file's, `fileSourceIp`). */
  sourceIp?: string;
}

/** A random loopback address outside 127.0.0.0/16 (where tests pick fixed addresses, e.g. 127.0.0.77). */
export function randomLoopbackAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `127.${byte()}.${byte()}.${byte()}`;
}

/** Where this test file's requests come from unless told otherwise (never 127.0.0.1, which Chromium uses). */
export const fileSourceIp = randomLoopbackAddress();

export function apiUrl(): string {
  return inject('localCloud').apiUrl;
}

export function call(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
  const url = new URL(path, apiUrl());
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
  let payload: Buffer | undefined;
  if (options.json !== undefined) {
    payload = Buffer.from(JSON.stringify(options.json));
    headers['content-type'] ??= 'application/json';
  } else if (options.raw !== undefined) {
    payload = Buffer.isBuffer(options.raw) ? options.raw : Buffer.from(options.raw);
  }
  if (payload) headers['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method, headers, agent: false, localAddress: options.sourceIp ?? fileSourceIp },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = raw.toString('utf8');
          let body: unknown;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = undefined;
          }
          const response = { status: res.statusCode ?? 0, headers: res.headers, body, text, raw };
          // Every API response is checked against the OpenAPI document (contract.ts).
          try {
            checkAndRecord({ method, url: path, ...response });
          } catch (violation) {
            reject(violation);
            return;
          }
          resolve(response);
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A client bound to one API key. */
export function client(key: string, defaults: Omit<RequestOptions, 'key'> = {}) {
  return {
    get: (path: string, options: RequestOptions = {}) => call('GET', path, { ...defaults, key, ...options }),
    post: (path: string, json?: unknown, options: RequestOptions = {}) =>
      call('POST', path, { ...defaults, key, json, ...options }),
    put: (path: string, json?: unknown, options: RequestOptions = {}) =>
      call('PUT', path, { ...defaults, key, json, ...options }),
    patch: (path: string, json?: unknown, options: RequestOptions = {}) =>
      call('PATCH', path, { ...defaults, key, json, ...options }),
    delete: (path: string, options: RequestOptions = {}) => call('DELETE', path, { ...defaults, key, ...options }),
  };
}

/** Asserts the API's error envelope (docs/api.md, "Envelopes") and returns the error. */
export function expectError(response: ApiResponse, status: number, code: string) {
  if (response.status !== status || response.body?.error?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${response.status} ${response.text}`);
  }
  if (typeof response.body.error.message !== 'string' || response.body.error.message === '') {
    throw new Error(`error envelope without a message: ${response.text}`);
  }
  return response.body.error as { code: string; message: string; details?: { field: string; message: string }[] };
}

/** The message id of an accepted send (201); anything else fails with the response. */
export function acceptedId(response: ApiResponse): string {
  if (response.status !== 201 || typeof response.body?.data?.message_id !== 'string') {
    throw new Error(`expected 201 with a message_id, got ${response.status} ${response.text}`);
  }
  return response.body.data.message_id;
}
