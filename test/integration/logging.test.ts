/**
 * The request log is structured JSON with the request's id, status and DynamoDB cost, and
 * never contains an API key, an Authorization header or a body — not on success, not on
 * a validation error, not on an authentication failure.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The logger's level for this file, set before the logger module loads: Powertools'
// injectLambdaContext sets every invocation back to the level the logger started with.
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
});

import { handler as putAutoValidation } from '../../functions/settings/put-auto-validation.ts';
import { toApiGatewayEvent } from '../../infra/local/gateway/event.ts';
import { createLambdaContext } from '../../infra/local/gateway/invoke.ts';
import { createTestOrganization } from '../support/factories.ts';

const PATH = '/api/v1/settings/auto-validation';
let lines: string[] = [];

beforeEach(() => {
  lines = [];
  const capture = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function invoke(authorization: string, body: string) {
  const event = toApiGatewayEvent(
    {
      method: 'PUT',
      url: PATH,
      headers: [
        ['authorization', authorization],
        ['content-type', 'application/json'],
      ],
      remoteAddress: '127.0.0.9',
      body: Buffer.from(body),
    },
    { routeKey: `PUT ${PATH}` },
  );
  return putAutoValidation(event, createLambdaContext('logging-test', Date.now() + 10_000));
}

describe('request logs', () => {
  it('log one JSON line per request without keys or bodies', async () => {
    const { key } = await createTestOrganization();
    const bodyMarker = 'body-marker-7f3a';
    const responses = [
      await invoke(`Bearer ${key}`, JSON.stringify({ threshold: 'high' })),
      await invoke(`Bearer ${key}`, JSON.stringify({ threshold: bodyMarker })),
      // Its last character changed (never to itself: a key ending in x stayed valid, a 400 not a 401).
      await invoke(
        `Bearer ${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`,
        JSON.stringify({ threshold: bodyMarker }),
      ),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 400, 401]);

    const records = lines
      .flatMap((chunk) => chunk.split('\n'))
      .filter((line) => line.trim().startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = records.filter((record) => record.message === 'request');
    expect(requestLines.map((record) => record.status)).toEqual([200, 400, 401]);
    expect(requestLines[0]).toMatchObject({
      level: 'INFO',
      service: 'postbox',
      route: `PUT ${PATH}`,
      key_prefix: key.slice(0, 12),
      dynamodb_requests: expect.any(Number),
    });
    expect(requestLines[0]?.request_id).toEqual(expect.any(String));
    // Powertools' injectLambdaContext: the function and its invocation on every line.
    expect(requestLines[0]).toMatchObject({ function_name: 'logging-test', cold_start: expect.any(Boolean) });

    const everything = lines.join('');
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(key.slice(12));
    expect(everything).not.toContain(bodyMarker);
    expect(everything.toLowerCase()).not.toContain('bearer');
  });
});
