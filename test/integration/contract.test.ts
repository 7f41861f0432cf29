/**
 * The contract through HTTP: GET /api/v1/openapi.json serves the document without a key, and the
 * contract check every integration response goes through (test/support/contract.ts) really refuses
 * what the document does not describe — an extra field, a wrong value, an undocumented status.
 */
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '#app/openapi-document.ts';
import { ContractViolation, checkResponse } from '../support/contract.ts';
import { createSender } from '../support/factories.ts';
import { acceptedId, call } from '../support/http.ts';

describe('the OpenAPI document over HTTP', () => {
  it('is served at /api/v1/openapi.json and /v1/openapi.json without an API key, cacheable', async () => {
    for (const path of ['/api/v1/openapi.json', '/v1/openapi.json']) {
      const response = await call('GET', path);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.headers['x-request-id']).toBeTruthy();
      expect(response.body).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    }
  });
});

describe('the contract check', () => {
  it('passes a real response and refuses it with an undocumented field, a wrong value or an undocumented status', async () => {
    const sender = await createSender();
    const id = acceptedId(await sender.send());
    const url = `/api/v1/emails/${id}`;
    const real = await sender.api.get(url);
    expect(real.status).toBe(200);
    const as = (status: number, body: unknown) => ({
      method: 'GET',
      url,
      status,
      headers: real.headers,
      body,
      text: JSON.stringify(body),
    });
    expect(checkResponse(as(200, real.body))).toBe('GET /emails/{id} 200');
    expect(() => checkResponse(as(200, { data: { ...real.body.data, ses_message_id: 'x' } }))).toThrow(
      ContractViolation,
    );
    expect(() => checkResponse(as(200, { data: { ...real.body.data, status: 'sent' } }))).toThrow(ContractViolation);
    expect(() => checkResponse(as(200, { ...real.body, extra: true }))).toThrow(ContractViolation);
    // An error code the route does not produce at that status, and a status it does not answer.
    expect(() => checkResponse(as(404, { error: { code: 'CONFLICT', message: 'x' } }))).toThrow(ContractViolation);
    expect(() => checkResponse(as(409, { error: { code: 'CONFLICT', message: 'x' } }))).toThrow(/not documented/);
    expect(() => checkResponse({ ...as(200, real.body), headers: {} })).toThrow(/X-Request-Id/);
  });
});
