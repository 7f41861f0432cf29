/**
 * Every log line a request causes carries its request id — a service's line too, after any await —
 * and two requests served at once by one process (the local stack) never mix them up.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from '#core/logger.ts';
import { withRequestScope } from '#http/request-scope.ts';

let lines: Record<string, unknown>[] = [];

beforeEach(() => {
  lines = [];
  logger.setLogLevel('DEBUG');
  const capture = (chunk: unknown) => {
    for (const line of String(chunk).split('\n')) if (line.startsWith('{')) lines.push(JSON.parse(line));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
});

afterEach(() => {
  vi.restoreAllMocks();
  logger.setLogLevel('SILENT');
});

/** Stands in for a service: logs, waits, logs again (no request id passed to it). */
async function service(label: string, waitMs: number) {
  logger.info('service started', { label });
  await sleep(waitMs);
  logger.warn('service finished', { label });
}

const event = (requestId: string) => ({ requestContext: { requestId } }) as unknown as APIGatewayProxyEventV2;

describe('withRequestScope', () => {
  it('puts the request id on every line the request causes, even with requests interleaved', async () => {
    const handler = withRequestScope(async (request) => {
      await service(String(request.requestContext.requestId), request.requestContext.requestId === 'r-1' ? 30 : 5);
      return { statusCode: 200 };
    });
    await Promise.all([handler(event('r-1'), {} as Context), handler(event('r-2'), {} as Context)]);
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line.request_id).toBe(line.label);
    // The lines did interleave: r-2 finished while r-1 was waiting.
    expect(lines.map((line) => `${line.label} ${line.message}`)).toEqual([
      'r-1 service started',
      'r-2 service started',
      'r-2 service finished',
      'r-1 service finished',
    ]);
  });

  it('gives a direct invocation an id of its own, and leaves lines outside a request without one', async () => {
    const handler = withRequestScope(async (_request, context) => {
      logger.info('inside', { given: (context as Context & { requestId: string }).requestId });
      return { statusCode: 200 };
    });
    await handler({} as APIGatewayProxyEventV2, {} as Context);
    logger.info('outside');
    const [inside, outside] = lines;
    expect(inside?.request_id).toEqual(expect.any(String));
    expect(inside?.request_id).toBe(inside?.given);
    expect(outside?.request_id).toBeUndefined();
  });
});
