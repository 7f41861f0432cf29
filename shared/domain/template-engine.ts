/**
 * Template rendering with Handlebars, locked down for tenant-written templates.
 *
 *   - One isolated Handlebars environment with only the built-in helpers `if`, `unless`, `each`,
 *     `with` and `lookup`: no tenant code ever runs, `log` is gone, and anything else (an unknown
 *     helper, a partial, a decorator, a block without its argument) is refused when the template is
 *     saved, with its line and column — never discovered at send time.
 *   - `html` is rendered with HTML escaping; `subject` and `text` without (they are not HTML).
 *   - Prototype access stays disabled (Handlebars ≥ 4.6 default): `{{constructor}}`, `{{__proto__}}`
 *     and the like render nothing.
 *   - Compiled templates are cached per template version (id + updated_at) inside the function.
 */

import Handlebars from 'handlebars';
import { validationError } from '../errors.ts';

type Node = hbs.AST.Node;
type Program = hbs.AST.Program;

export const TEMPLATE_PARTS = ['subject', 'html', 'text'] as const;
export type TemplatePart = (typeof TEMPLATE_PARTS)[number];
export type TemplateSource = Record<TemplatePart, string | null>;
export interface RenderedTemplate {
  subject: string;
  html: string | null;
  text: string | null;
}

const BLOCK_HELPERS = new Set(['if', 'unless', 'each', 'with']);
const KNOWN_HELPERS = { if: true, unless: true, each: true, with: true, lookup: true, log: false } as const;

const handlebars = Handlebars.create();
handlebars.unregisterHelper('log');

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
// The runtime reads Utils.escapeExpression when it wraps a compiled template.
(handlebars.Utils as { escapeExpression: (value: unknown) => string }).escapeExpression = escapeExpression;

/** Handlebars' parser drops the position of a syntax error; keep it (the `hash.loc` of jison). */
interface ParseErrorHash {
  loc?: { first_line: number; first_column: number };
}
(
  (Handlebars as unknown as { Parser: unknown }).Parser as {
    parseError: (message: string, hash: ParseErrorHash) => never;
  }
).parseError = (message, hash) => {
  throw Object.assign(new Error(message), { hash });
};

export class TemplateSyntaxError extends Error {
  constructor(
    readonly part: TemplatePart,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${part} line ${line}, column ${column}: ${reason}`);
  }
}

const at = (node: Node) => ({ line: node.loc?.start.line ?? 1, column: (node.loc?.start.column ?? 0) + 1 });

function parse(part: TemplatePart, source: string): Program {
  try {
    return Handlebars.parse(source);
  } catch (error) {
    const { hash, lineNumber, column, message } = error as Error & {
      hash?: ParseErrorHash;
      lineNumber?: number;
      column?: number;
    };
    // First line of a jison message ("Parse error on line 2:") without the source excerpt.
    // The last line of a jison message (after the source excerpt), without Handlebars' " - 2:5" suffix.
    const reason = ((message ?? 'syntax error').split('\n').at(-1) ?? 'syntax error').replace(/ - \d+:\d+$/, '');
    if (hash?.loc) throw new TemplateSyntaxError(part, hash.loc.first_line, hash.loc.first_column + 1, reason);
    throw new TemplateSyntaxError(part, lineNumber ?? 1, (column ?? 0) + 1, reason);
  }
}

/** Refuses what the locked-down environment would fail on at render time. */
function checkNode(part: TemplatePart, node: Node): void {
  const refuse = (reason: string) => {
    const { line, column } = at(node);
    return new TemplateSyntaxError(part, line, column, reason);
  };
  switch (node.type) {
    case 'PartialStatement':
    case 'PartialBlockStatement':
      throw refuse('partials are not supported');
    case 'Decorator':
    case 'DecoratorBlock':
      throw refuse('decorators are not supported');
    case 'BlockStatement': {
      const block = node as hbs.AST.BlockStatement;
      const name = (block.path as hbs.AST.PathExpression).original;
      if (!BLOCK_HELPERS.has(name)) throw refuse(`unknown block helper "${name}" (use #if, #unless, #each or #with)`);
      if (block.params.length !== 1) throw refuse(`#${name} takes exactly one argument`);
      return;
    }
    case 'MustacheStatement':
    case 'SubExpression': {
      const call = node as hbs.AST.MustacheStatement;
      if (call.params.length === 0 && !call.hash) return;
      const name = call.path.type === 'PathExpression' ? (call.path as hbs.AST.PathExpression).original : '';
      if (name !== 'lookup') throw refuse(`unknown helper "${name}" (only lookup takes arguments)`);
      return;
    }
    default:
      return;
  }
}

/** Every node of the tree, depth first, in source order. */
export function* walk(node: Node): Generator<Node> {
  yield node;
  const children: Array<Node | undefined | null> = [];
  const anyNode = node as unknown as Record<string, unknown>;
  if (node.type === 'Program') children.push(...(node as Program).body);
  if ('path' in anyNode) children.push(anyNode.path as Node);
  if (Array.isArray(anyNode.params)) children.push(...(anyNode.params as Node[]));
  if (anyNode.hash)
    children.push(...((anyNode.hash as hbs.AST.Hash).pairs.map((pair: hbs.AST.HashPair) => pair.value) as Node[]));
  if (anyNode.program) children.push(anyNode.program as Node);
  if (anyNode.inverse) children.push(anyNode.inverse as Node);
  for (const child of children) if (child) yield* walk(child);
}

export interface ParsedTemplate {
  asts: Partial<Record<TemplatePart, Program>>;
}

/** Parses and checks each part; throws TemplateSyntaxError naming the part, line and column. */
export function parseTemplate(source: TemplateSource): ParsedTemplate {
  const asts: ParsedTemplate['asts'] = {};
  for (const part of TEMPLATE_PARTS) {
    const text = source[part];
    if (text === null) continue;
    const ast = parse(part, text);
    for (const node of walk(ast)) checkNode(part, node);
    asts[part] = ast;
  }
  return { asts };
}

/** parseTemplate, with a syntax error turned into 400 VALIDATION_ERROR on the request field. */
export function parseTemplateForRequest(source: TemplateSource): ParsedTemplate {
  try {
    return parseTemplate(source);
  } catch (error) {
    if (!(error instanceof TemplateSyntaxError)) throw error;
    throw validationError([
      {
        field: error.part,
        message: `Template does not compile at line ${error.line}, column ${error.column}: ${error.reason}`,
      },
    ]);
  }
}

type Renderer = (data: unknown) => string;

export interface CompiledTemplate {
  render(data: Record<string, unknown>): RenderedTemplate;
}

export function compileTemplate(source: TemplateSource): CompiledTemplate {
  const { asts } = parseTemplate(source);
  const compilePart = (part: TemplatePart): Renderer | null => {
    const ast = asts[part];
    if (!ast) return null;
    return handlebars.compile(ast, {
      knownHelpers: KNOWN_HELPERS,
      knownHelpersOnly: true,
      noEscape: part !== 'html',
      // Values of missing paths render as empty strings (preview reports them as warnings).
      strict: false,
    }) as Renderer;
  };
  const subject = compilePart('subject');
  const html = compilePart('html');
  const text = compilePart('text');
  return {
    render: (data) => ({
      subject: subject ? subject(data) : '',
      html: html ? html(data) : null,
      text: text ? text(data) : null,
    }),
  };
}

/** Compiled templates by `<id>@<version>`; bounded, oldest entry out first. */
const cache = new Map<string, CompiledTemplate>();
export const TEMPLATE_CACHE_SIZE = 500;

export function cachedTemplate(id: string, version: string, source: TemplateSource): CompiledTemplate {
  const key = `${id}@${version}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const compiled = compileTemplate(source);
  if (cache.size >= TEMPLATE_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, compiled);
  return compiled;
}
