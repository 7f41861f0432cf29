/**
 * A template that reads a prototype property (`{{toString}}`) through the API: Handlebars' warning
 * (three lines with console.error, outside the structured logs) is one debug line of our logger
 * instead, and nothing reaches standard error. The preview handler runs in this process (as in
 * logging.test.ts) so that what it writes can be read; the template is made through the local stack.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Debug lines on, set before the logger module loads (injectLambdaContext resets to the start level).
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
});

import { handler as previewTemplate } from '../../functions/templates/preview.ts';
import { toApiGatewayEvent } from '../../infra/local/gateway/event.ts';
import { createLambdaContext } from '../../infra/local/gateway/invoke.ts';
import { createTestOrganization } from '../support/factories.ts';

let stdout: string[] = [];
let stderr: string[] = [];
let consoleCalls: string[] = [];

beforeEach(() => {
  stdout = [];
  stderr = [];
  consoleCalls = [];
  const into = (lines: string[]) => (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(into(stdout));
  vi.spyOn(process.stderr, 'write').mockImplementation(into(stderr));
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleCalls.push(`${method}: ${args.join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});

function preview(key: string, id: string, data: Record<string, unknown>) {
  const path = `/api/v1/templates/${id}/preview`;
  const event = toApiGatewayEvent(
    {
      method: 'POST',
      url: path,
      headers: [
        ['authorization', `Bearer ${key}`],
        ['content-type', 'application/json'],
      ],
      remoteAddress: '127.0.0.9',
      body: Buffer.from(JSON.stringify({ data })),
    },
    { routeKey: 'POST /api/v1/templates/{id}/preview', pathParameters: { id } },
  );
  return previewTemplate(event, createLambdaContext('template-logging-test', Date.now() + 10_000));
}

const jsonLines = (chunks: string[]) =>
  chunks
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('a template reading {{toString}}', () => {
  it('renders nothing there and logs one debug line, never a warning on stderr or the console', async () => {
    const { api, key } = await createTestOrganization();
    const created = await api.post('/api/v1/templates', {
      name: 'Prototype reader',
      subject: 'Hi {{toString}}',
      html: '<p>{{toString}} {{name}}</p>',
      text: '{{toString}}',
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as string;

    const responses = [
      await preview(key, id, { name: 'Ann' }),
      await preview(key, id, { name: 'Bob' }),
      await preview(key, id, { name: 'Cy' }),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(JSON.parse(String(responses[0]?.body)).data).toMatchObject({
      subject: 'Hi ',
      html: '<p> Ann</p>',
      text: '',
    });

    expect(stderr).toEqual([]);
    expect(consoleCalls).toEqual([]);
    // Every line written is a structured log line; Handlebars' advice (its second and third lines) is gone.
    const lines = stdout.flatMap((chunk) => chunk.split('\n')).filter((line) => line.trim() !== '');
    expect(lines.filter((line) => !line.trim().startsWith('{'))).toEqual([]);
    expect(stdout.join('')).not.toContain('runtime-options');
    // Three renders of a template that reads it three times: at most one line, at debug level.
    const engineLines = jsonLines(stdout).filter((line) => line.message === 'template engine message');
    expect(engineLines.length).toBeLessThanOrEqual(1);
    for (const line of engineLines) {
      expect(line).toMatchObject({ level: 'DEBUG', engine_level: 'error' });
      expect(String(line.engine_message)).not.toContain('\n');
    }
    expect(jsonLines(stdout).filter((line) => line.message === 'request')).toHaveLength(3);
  });
});
