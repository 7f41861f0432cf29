/**
 * Handlebars' own messages (a template reading a prototype property such as `{{toString}}`: three
 * lines with console.error) go to the structured logger as one debug line, never to the console or
 * standard error, and at most once per property however often a template reads it.
 */
import Handlebars from 'handlebars';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { logger } from '#core/logger.ts';
import { compileTemplate } from '#templates/template-engine.ts';

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

describe('Handlebars messages', () => {
  let written: string[];
  let debug: MockInstance<(typeof logger)['debug']>;

  beforeEach(() => {
    written = [];
    const capture = (chunk: unknown) => {
      written.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    for (const method of CONSOLE_METHODS) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        written.push(`console.${method}: ${args.join(' ')}`);
      });
    }
    debug = vi.spyOn(logger, 'debug');
    // Handlebars says each denied property once per process: start from a clean memory.
    // (A method of every Handlebars environment, missing from its typings.)
    (Handlebars as unknown as { resetLoggedPropertyAccesses(): void }).resetLoggedPropertyAccesses();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('turn {{toString}} into one debug line of our logger and nothing on the console or stderr', () => {
    const template = compileTemplate({ subject: 'Hi {{toString}}', html: '<p>{{toString}}</p>', text: '{{toString}}' });
    const rendered = template.render({ name: 'Ann' });
    expect(rendered).toEqual({ subject: 'Hi ', html: '<p></p>', text: '' });
    expect(written).toEqual([]);
    expect(debug).toHaveBeenCalledTimes(1);
    const [message, fields] = debug.mock.calls[0] ?? [];
    expect(message).toBe('template engine message');
    expect(fields).toEqual({
      engine_level: 'error',
      engine_message:
        'Handlebars: Access has been denied to resolve the property "toString" because it is not an "own property" of its parent.',
    });
  });

  it('log a hostile template that reads prototype properties hundreds of times per render at most once per property', () => {
    const template = compileTemplate({
      subject: 's',
      html: '{{toString}}{{valueOf}}'.repeat(400),
      text: '{{#each items}}{{toString}}{{hasOwnProperty}}{{/each}}',
    });
    for (let render = 0; render < 3; render += 1) template.render({ items: Array.from({ length: 100 }, () => ({})) });
    expect(written).toEqual([]);
    const messageOf = (fields: unknown) => String((fields as { engine_message?: string } | undefined)?.engine_message);
    const properties = debug.mock.calls.map((call) => /property "(\w+)"/.exec(messageOf(call[1]))?.[1]);
    expect(properties.sort()).toEqual(['hasOwnProperty', 'toString', 'valueOf']);
  });
});
