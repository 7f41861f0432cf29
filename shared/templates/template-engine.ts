/**
 * Template rendering with Handlebars, locked down for tenant-written templates: one isolated environment
 * with only the built-in helpers (no `log`; anything else is refused at save, template-parse.ts), the
 * source checked before it is parsed (template-source-check.ts), loops and each part's output metered
 * while rendering (RenderSizeError), prototype access left disabled (Handlebars' warning is one debug
 * line of our logger), compiled templates cached per version (id + updated_at). docs/api.md, "Templates".
 */

import Handlebars from 'handlebars';
import { LRUCache } from 'lru-cache';
import { logger } from '#core/logger.ts';
import {
  OUTPUT_HELPERS,
  type ParsedTemplate,
  parseTemplate,
  type RenderedTemplate,
  type TemplatePart,
  type TemplateSource,
} from '#templates/template-parse.ts';

type Program = hbs.AST.Program;

/**
 * Where a render stops, per part, in UTF-16 code units of output: above the limits of a sent email
 * (subject 998 characters, bodies 256 KB of UTF-8), which the caller checks exactly afterwards. A
 * character is at most two code units of the subject's count and at least one byte of UTF-8, so
 * output past these is always over the limit.
 */
export const RENDER_OUTPUT_LIMITS: Record<TemplatePart, number> = { subject: 2 * 998, html: 262_144, text: 262_144 };

/** Loop iterations one render may run (all #each together): a nested loop cannot run away. */
export const MAX_RENDER_ITERATIONS = 100_000;
const KNOWN_HELPERS = {
  if: true,
  unless: true,
  each: true,
  with: true,
  lookup: true,
  log: false,
  ...Object.fromEntries(Object.values(OUTPUT_HELPERS).map((name) => [name, true])),
};

const handlebars = Handlebars.create();
handlebars.unregisterHelper('log');

/** How much of a Handlebars message a log line keeps (its first line names what it is about). */
const MAX_ENGINE_MESSAGE = 200;

/**
 * Handlebars' own messages — a template reading a prototype property (`{{toString}}`) makes it print a
 * three-line warning with console.error — go to our logger instead, one debug line each: a tenant's
 * template never writes outside the structured logs or floods them. (Handlebars' logger is one object
 * shared by every environment; it says each denied property once per process.)
 */
handlebars.logger.log = (level: number | string, ...message: unknown[]): void => {
  const [first] = String(message[0] ?? '').split('\n');
  logger.debug('template engine message', {
    engine_level: String(level),
    engine_message: (first ?? '').slice(0, MAX_ENGINE_MESSAGE),
  });
};
handlebars.log = handlebars.logger.log;

export class RenderBudgetError extends Error {}
/** A part's output passed its limit (RENDER_OUTPUT_LIMITS): the render stopped there. */
export class RenderSizeError extends Error {
  constructor(readonly part: TemplatePart) {
    super(`the rendered ${part} is too large`);
  }
}

/** Iterations left in the render under way (renders are synchronous: one at a time). */
let iterationsLeft = MAX_RENDER_ITERATIONS;
/** The part being rendered, whether its values are HTML-escaped, and the output it may still produce. */
let renderingPart: TemplatePart = 'html';
let escapingHtml = true;
let outputLeft = Number.POSITIVE_INFINITY;
/** Counts the output of the render under way for its caller (a batch bounds all its renders together). */
let outputMeter: OutputMeter | undefined;

/** What renders produced, counted as they produce it (also by a render that stops). */
export interface OutputMeter {
  produced: number;
}

function chargeOutput(size: number): void {
  outputLeft -= size;
  if (outputMeter) outputMeter.produced += size;
  if (outputLeft < 0) throw new RenderSizeError(renderingPart);
}

const builtinEach = handlebars.helpers.each as (this: unknown, context: unknown, options: unknown) => string;
handlebars.registerHelper('each', function (this: unknown, context: unknown, options: unknown) {
  const size = Array.isArray(context)
    ? context.length
    : context !== null && typeof context === 'object'
      ? Object.keys(context).length
      : 0;
  iterationsLeft -= size;
  if (iterationsLeft < 0) {
    throw new RenderBudgetError(`loops would run more than ${MAX_RENDER_ITERATIONS} iterations in one render`);
  }
  return builtinEach.call(this, context, options);
});
// The output helpers (see meterOutput): a program's literal text, and a value printed unescaped in html.
handlebars.registerHelper(OUTPUT_HELPERS.literal, (size: number) => {
  chargeOutput(size);
  return '';
});
handlebars.registerHelper(OUTPUT_HELPERS.raw, (value: unknown) => {
  const text = value === null || value === undefined ? '' : `${value}`;
  chargeOutput(text.length);
  return text;
});

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
  '`': '&#x60;',
  '=': '&#x3D;',
};
const UNSAFE = /[&<>"'`=]/g;
const escapeCharacter = (character: string) => HTML_ESCAPES[character] ?? character;
let lastEscapedInput = '';
let lastEscapedOutput = '';

/**
 * Handlebars' own escapeExpression (same characters, same handling of null, false, numbers and
 * SafeString), remembering its last result: a template usually prints the same value many times
 * (a name in every paragraph), and escaping dominated the render time of such templates.
 */
export function escapeExpression(value: unknown): string {
  if (typeof value !== 'string') {
    if (value && typeof (value as { toHTML?: unknown }).toHTML === 'function') {
      return (value as { toHTML: () => string }).toHTML();
    }
    if (value === null || value === undefined) return '';
    if (!value) return `${value}`;
    return escapeExpression(`${value}`);
  }
  if (value === lastEscapedInput) return lastEscapedOutput;
  UNSAFE.lastIndex = 0;
  const escaped = UNSAFE.test(value) ? value.replace(UNSAFE, escapeCharacter) : value;
  lastEscapedInput = value;
  lastEscapedOutput = escaped;
  return escaped;
}

/**
 * Every printed value of a render passes here (meterOutput makes every mustache an escaped one):
 * escaped in html, printed as Handlebars prints it unescaped in subject and text, and metered.
 */
function printValue(value: unknown): string {
  const text = escapingHtml ? escapeExpression(value) : value === null || value === undefined ? '' : `${value}`;
  chargeOutput(text.length);
  return text;
}
// The runtime reads Utils.escapeExpression when it wraps a compiled template.
(handlebars.Utils as { escapeExpression: (value: unknown) => string }).escapeExpression = printValue;

type Renderer = (data: unknown) => string;

export interface CompiledTemplate {
  /** The checked syntax trees, as parsed (for the variables a preview reports). */
  parsed: ParsedTemplate;
  /** Throws RenderSizeError (a part too large) or RenderBudgetError (loops too long). */
  render(data: Record<string, unknown>, meter?: OutputMeter): RenderedTemplate;
}

const outputHelper = (name: string, param: hbs.AST.Expression, loc: hbs.AST.SourceLocation) =>
  ({
    type: 'MustacheStatement',
    path: { type: 'PathExpression', data: false, depth: 0, parts: [name], original: name, loc },
    params: [param],
    escaped: false,
    strip: { open: false, close: false },
    loc,
  }) as unknown as hbs.AST.MustacheStatement;

/**
 * Rewrites a checked tree so that every character of output is metered as it is produced (a
 * Handlebars template otherwise builds its whole string before returning it: `{{x}}` × 3,000 with
 * a 100 KB value is 300 MB). Every printed value becomes an escaped mustache, so Handlebars hands
 * it to printValue (a plain call; it escapes only in html); a value printed unescaped in html
 * (`{{{x}}}`) goes through the `postbox_raw_output` helper instead. Each program (the template, a
 * block's body or else branch) first counts its own literal text with one `postbox_literal_output`
 * call, every time it runs (a loop body once per item). Every character comes from exactly one
 * literal or one printed value, so the count is exact.
 */
function meterOutput(program: Program, part: TemplatePart): void {
  const programs: Program[] = [program];
  for (let current = programs.pop(); current; current = programs.pop()) {
    let literalSize = 0;
    current.body = current.body.map((node) => {
      if (node.type === 'ContentStatement') literalSize += (node as hbs.AST.ContentStatement).value.length;
      if (node.type === 'BlockStatement') {
        const block = node as hbs.AST.BlockStatement;
        if (block.program) programs.push(block.program);
        if (block.inverse) programs.push(block.inverse);
      }
      if (node.type !== 'MustacheStatement') return node;
      const mustache = node as hbs.AST.MustacheStatement;
      if (mustache.escaped || part !== 'html') return { ...mustache, escaped: true } as hbs.AST.MustacheStatement;
      // `{{{x}}}` prints a value; `{{{lookup a b}}}` prints a helper's result (as a subexpression).
      const value =
        mustache.params.length === 0 && !mustache.hash
          ? mustache.path
          : ({
              type: 'SubExpression',
              path: mustache.path,
              params: mustache.params,
              hash: mustache.hash,
              loc: mustache.loc,
            } as unknown as hbs.AST.SubExpression);
      return outputHelper(OUTPUT_HELPERS.raw, value, mustache.loc);
    });
    if (literalSize > 0) {
      const size = { type: 'NumberLiteral', value: literalSize, original: literalSize, loc: current.loc };
      current.body.unshift(outputHelper(OUTPUT_HELPERS.literal, size as unknown as hbs.AST.NumberLiteral, current.loc));
    }
  }
}

export function compileTemplate(source: TemplateSource): CompiledTemplate {
  const parsed = parseTemplate(source);
  const compilePart = (part: TemplatePart): Renderer | null => {
    const parsedAst = parsed.asts[part];
    if (!parsedAst) return null;
    // Static text (no mustache at all, comments aside) needs no Handlebars call per render.
    const statements = parsedAst.body.filter((node) => node.type !== 'CommentStatement');
    if (statements.every((node) => node.type === 'ContentStatement')) {
      const fixed = statements.map((node) => (node as hbs.AST.ContentStatement).value).join('');
      return () => {
        chargeOutput(fixed.length);
        return fixed;
      };
    }
    const ast = structuredClone(parsedAst);
    meterOutput(ast, part);
    return handlebars.compile(ast, {
      knownHelpers: KNOWN_HELPERS,
      knownHelpersOnly: true,
      // Values of missing paths render as empty strings (preview reports them as warnings).
      strict: false,
    }) as Renderer;
  };
  const renderers = { subject: compilePart('subject'), html: compilePart('html'), text: compilePart('text') };
  const renderPart = (part: TemplatePart, data: Record<string, unknown>): string | null => {
    const renderer = renderers[part];
    if (!renderer) return null;
    renderingPart = part;
    escapingHtml = part === 'html';
    outputLeft = RENDER_OUTPUT_LIMITS[part];
    try {
      return renderer(data);
    } finally {
      escapingHtml = true;
      outputLeft = Number.POSITIVE_INFINITY;
    }
  };
  return {
    parsed,
    render: (data, meter) => {
      iterationsLeft = MAX_RENDER_ITERATIONS;
      outputMeter = meter;
      try {
        return {
          subject: renderPart('subject', data) ?? '',
          html: renderPart('html', data),
          text: renderPart('text', data),
        };
      } finally {
        outputMeter = undefined;
      }
    },
  };
}

/**
 * Compiled templates by `<id>@<version>`, the least recently used out first: a send that names a
 * new subject (compiled apart from the template's bodies) never pushes a hot template out.
 */
export const TEMPLATE_CACHE_SIZE = 500;
const cache = new LRUCache<string, CompiledTemplate>({ max: TEMPLATE_CACHE_SIZE });

export function cachedTemplate(id: string, version: string, source: TemplateSource): CompiledTemplate {
  const key = `${id}@${version}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const compiled = compileTemplate(source);
  cache.set(key, compiled);
  return compiled;
}
