/**
 * The SDK against the integration run's local stack: a client for a test organization's key whose
 * fetch checks every response against the OpenAPI document, as the other integration tests' client
 * does (test/support/contract.ts), and records each attempt for the tests that count them.
 */
import { checkAndRecord } from '../../../test/support/contract.ts';
import { createSender, createTestOrganization } from '../../../test/support/factories.ts';
import { apiUrl } from '../../../test/support/http.ts';
import { Postbox, type PostboxOptions } from '../../src/index.ts';

export type Fetch = NonNullable<PostboxOptions['fetch']>;

export interface Attempt {
  method: string;
  path: string;
  headers: Record<string, string>;
  status: number | undefined;
  startedAt: number;
  endedAt: number;
}

/** The global fetch, with each response checked against the document. */
export const checkedFetch: Fetch = async (input, init) => {
  const response = await fetch(input, init);
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const url = new URL(input);
  checkAndRecord({
    method: init.method ?? 'GET',
    url: `${url.pathname}${url.search}`,
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body,
    text,
  });
  return response;
};

/** A fetch that records each attempt (and its outcome) around `inner`. */
export function recording(inner: Fetch = checkedFetch) {
  const attempts: Attempt[] = [];
  const fetch: Fetch = async (input, init) => {
    const attempt: Attempt = {
      method: init.method ?? 'GET',
      path: new URL(input).pathname,
      headers: { ...(init.headers as Record<string, string>) },
      status: undefined,
      startedAt: performance.now(),
      endedAt: Number.NaN,
    };
    attempts.push(attempt);
    try {
      const response = await inner(input, init);
      attempt.status = response.status;
      return response;
    } finally {
      attempt.endedAt = performance.now();
    }
  };
  return { fetch, attempts };
}

export function sdk(key: string, options: Partial<PostboxOptions> = {}): Postbox {
  return new Postbox({ apiKey: key, baseUrl: apiUrl(), fetch: checkedFetch, ...options });
}

/** A new organization (test key) and the SDK for its key. */
export async function sdkOrganization(options: Parameters<typeof createTestOrganization>[0] = {}) {
  const organization = await createTestOrganization(options);
  return { ...organization, postbox: sdk(organization.key) };
}

/** A new organization with a verified sending domain, and the SDK for its key. */
export async function sdkSender(options: Parameters<typeof createSender>[0] = {}) {
  const sender = await createSender(options);
  return { ...sender, from: `hello@${sender.domain}`, postbox: sdk(sender.key) };
}

/** Polls `check` until it answers a value (every 100 ms, up to `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const uniqueSubject = (label: string) => `${label} ${Math.random().toString(36).slice(2)}`;
