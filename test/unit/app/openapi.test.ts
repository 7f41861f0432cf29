/**
 * The OpenAPI document (shared/http/openapi.ts): generated from the route table and the operations,
 * complete (every API route, its errors, headers, security) and consistent (its examples validate
 * against its own schemas). The contract tests check every live response against it
 * (test/support/contract.ts); these check the document itself.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '#app/openapi-document.ts';
import { apiRoutes } from '#app/routes.ts';
import { errorStatus } from '#core/errors.ts';
import type { OpenApiOperation } from '#http/openapi.ts';
import { API_PREFIX } from '#platform/routes.ts';

const document = openApiDocument();
/** Path items with servers of their own are not under /api/v1: the unsubscribe link (its own test below). */
const isApiPath = (item: object) => !('servers' in item);
const operations = Object.entries(document.paths)
  .filter(([, item]) => isApiPath(item))
  .flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );
const operationOf = (key: string): OpenApiOperation => {
  const found = operations.find((entry) => entry.key === key)?.operation;
  if (!found) throw new Error(`${key} is not in the document`);
  return found;
};

function validator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: 'doc' });
  return (pointer: string, value: unknown) => {
    const validate = ajv.compile({ $ref: `doc#${pointer}` });
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the bearer scheme, and the committed docs/openapi.json is this document', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    const committed = JSON.parse(readFileSync('docs/openapi.json', 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('describes every API route of the route table once, and nothing else', () => {
    const fromTable = apiRoutes.map((route) => `${route.method} ${route.path.slice(API_PREFIX.length)}`).sort();
    expect(operations.map((entry) => entry.key).sort()).toEqual(fromTable);
    // Each route answers where its operation says (apiRoute takes the method and path from it).
    expect(apiRoutes.map((route) => route.operation.endpoint).sort()).toEqual(fromTable);
    const ids = operations.map((entry) => entry.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents the errors every route can produce, in the envelope, with their exact codes', () => {
    for (const { key, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      expect(statuses, key).toContain('429');
      expect(statuses, key).toContain('500');
      if (operation.security === undefined) {
        const unauthorized = operation.responses['401']?.content?.['application/json']?.schema as {
          properties: { error: { properties: { code: { enum: string[] } } } };
        };
        expect(unauthorized.properties.error.properties.code.enum.sort(), key).toEqual([
          'AUTH_INVALID',
          'AUTH_MISSING',
        ]);
      }
      if ((operation as { requestBody?: unknown }).requestBody) {
        for (const status of ['400', '413', '415']) expect(statuses, key).toContain(status);
      }
    }
    const send = operationOf('POST /emails/send');
    const codesAt = (status: string) =>
      JSON.stringify(send.responses[status]?.content?.['application/json']?.schema).match(/"enum":\[[^\]]*\]/)?.[0];
    expect(codesAt('400')).toBe(
      '"enum":["VALIDATION_ERROR","DOMAIN_NOT_VERIFIED","RECIPIENTS_SUPPRESSED","RECIPIENTS_INVALID"]',
    );
    expect(codesAt('403')).toBe('"enum":["FORBIDDEN","SENDING_PAUSED"]');
    expect(codesAt('409')).toBe('"enum":["IDEMPOTENCY_CONFLICT","IDEMPOTENCY_IN_PROGRESS"]');
    expect(codesAt('429')).toBe('"enum":["RATE_LIMITED","LIMIT_EXCEEDED"]');
    expect(Object.keys(operationOf('GET /emails/{id}').responses).sort()).toEqual([
      '200',
      '401',
      '403',
      '404',
      '429',
      '500',
    ]);
    // Every code of the closed list is produced by some route (or by the $default route: 404, 405).
    const everyCode = new Set(
      JSON.stringify(document.paths)
        .match(/"[A-Z_]{5,}"/g)
        ?.map((code) => code.slice(1, -1)),
    );
    for (const code of Object.keys(errorStatus)) {
      if (code !== 'METHOD_NOT_ALLOWED') expect(everyCode.has(code), code).toBe(true);
    }
  });

  it('documents the request-id and rate-limit headers, Retry-After on 429 and Idempotency-Key where accepted', () => {
    for (const { key, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const headers = Object.keys((response as { headers?: object }).headers ?? {});
        expect(headers, `${key} ${status}`).toEqual(expect.arrayContaining(['X-Request-Id', 'X-RateLimit-Limit']));
        if (status === '429') expect(headers, key).toContain('Retry-After');
      }
    }
    const idempotent = operations
      .filter(({ operation }) => JSON.stringify(operation.parameters ?? []).includes('IdempotencyKey'))
      .map((entry) => entry.key)
      .sort();
    expect(idempotent).toEqual(['POST /emails/batch', 'POST /emails/send']);
  });

  it('describes the one-click unsubscribe link at the deployment’s root: no key, HTML answers, both methods', () => {
    const item = document.paths['/unsubscribe/{token}'] as unknown as Record<string, unknown> & {
      get: OpenApiOperation;
      post: OpenApiOperation;
    };
    expect(item.servers).toEqual([expect.objectContaining({ url: '/' })]);
    for (const operation of [item.get, item.post]) {
      expect(operation.security).toEqual([]);
      expect(Object.keys(operation.responses).sort()).toEqual(['200', '404', '429', '500']);
      expect(Object.keys(operation.responses['200']?.content ?? {})).toEqual(['text/html']);
    }
    expect(JSON.stringify(item.post)).toContain('application/x-www-form-urlencoded');
  });

  it('has no API key on the document’s own route', () => {
    expect(operationOf('GET /openapi.json').security).toEqual([]);
    expect(Object.keys(operationOf('GET /openapi.json').responses)).not.toContain('401');
  });

  it('has examples that validate against their own schemas', () => {
    const check = validator();
    let examples = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (method === 'servers') continue;
        const base = `/paths/${path.replaceAll('/', '~1')}/${method}`;
        const request = (operation as { requestBody?: { content: Record<string, { example?: unknown }> } }).requestBody
          ?.content['application/json'];
        if (request?.example !== undefined) {
          examples += 1;
          expect(
            check(`${base}/requestBody/content/application~1json/schema`, request.example),
            `${method} ${path}`,
          ).toEqual([]);
        }
        for (const [status, response] of Object.entries(operation.responses)) {
          const example = (response.content?.['application/json'] as { example?: unknown } | undefined)?.example;
          if (example === undefined) continue;
          examples += 1;
          expect(
            check(`${base}/responses/${status}/content/application~1json/schema`, example),
            `${method} ${path} ${status}`,
          ).toEqual([]);
        }
      }
    }
    expect(examples).toBeGreaterThanOrEqual(10);
  });

  it('refuses an undocumented field in a response (additionalProperties: false everywhere it matters)', () => {
    const check = validator();
    const pointer = '/paths/~1emails~1send/post/responses/201/content/application~1json/schema';
    const accepted = {
      message_id: '019ab2c4-7e1f-7c3a-9d2e-5b8f0a1c2d3e',
      status: 'queued',
      queued_at: '2026-11-24T10:15:30.123Z',
    };
    expect(check(pointer, { data: accepted })).toEqual([]);
    expect(check(pointer, { data: { ...accepted, ses_message_id: 'x' } })).not.toEqual([]);
    expect(check(pointer, { data: accepted, extra: 1 })).not.toEqual([]);
    expect(check(pointer, { data: { ...accepted, status: 'sent' } })).not.toEqual([]);
  });
});
