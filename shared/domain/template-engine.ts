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
/** Names a bare `{{name}}` would resolve to a helper rather than a value. */
const HELPER_NAMES = new Set(['if', 'unless', 'each', 'with', 'lookup', 'log', 'helperMissing', 'blockHelperMissing']);
/** Blocks and subexpressions nest at most this deep (Handlebars' compiler recurses). */
export const MAX_TEMPLATE_NESTING = 100;
/** Loop iterations one render may run (all #each together): a nested loop cannot run away. */
export const MAX_RENDER_ITERATIONS = 100_000;
const KNOWN_HELPERS = { if: true, unless: true, each: true, with: true, lookup: true, log: false } as const;

const handlebars = Handlebars.create();
handlebars.unregisterHelper('log');

export class RenderBudgetError extends Error {}
/** Iterations left in the render under way (renders are synchronous: one at a time). */
let iterationsLeft = MAX_RENDER_ITERATIONS;
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

/**
 * Handlebars' parser takes time growing faster than the nesting (1,000 nested blocks: 0.2 s; 3,000:
 * a stack overflow after 2 s), so nesting is measured on the source first, in one linear pass over
 * its mustaches: blocks opened minus closed, and parentheses within a mustache.
 */
function checkNestingBeforeParsing(part: TemplatePart, source: string): void {
  const tag = /\{\{(!--[\s\S]*?--\}\}|![\s\S]*?\}\}|[\s\S]*?\}\})/g;
  let blocks = 0;
  for (const match of source.matchAll(tag)) {
    const body = match[1] ?? '';
    if (body.startsWith('!')) continue;
    const head = body.replace(/^[{~\s]+/, '');
    if (head.startsWith('#') || head.startsWith('^')) blocks += 1;
    else if (head.startsWith('/')) blocks -= 1;
    let parentheses = 0;
    let deepest = 0;
    for (const character of body) {
      if (character === '(') deepest = Math.max(deepest, ++parentheses);
      else if (character === ')') parentheses -= 1;
    }
    if (blocks > MAX_TEMPLATE_NESTING || deepest > MAX_TEMPLATE_NESTING) {
      const before = source.slice(0, match.index ?? 0);
      const line = before.split('\n').length;
      const column = (match.index ?? 0) - before.lastIndexOf('\n');
      throw new TemplateSyntaxError(part, line, column, `nested more than ${MAX_TEMPLATE_NESTING} levels deep`);
    }
  }
}

function parse(part: TemplatePart, source: string): Program {
  checkNestingBeforeParsing(part, source);
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
      const path = call.path.type === 'PathExpression' ? (call.path as hbs.AST.PathExpression) : undefined;
      const name = path?.original ?? '';
      if (call.params.length === 0 && !call.hash && node.type === 'MustacheStatement') {
        // A bare `{{if}}` or `{{lookup}}` would call the helper without its arguments and throw.
        if (path && !path.data && path.parts.length === 1 && HELPER_NAMES.has(name)) {
          throw refuse(`"${name}" is a helper and cannot be printed as a value`);
        }
        return;
      }
      if (name !== 'lookup') throw refuse(`unknown helper "${name}" (only lookup takes arguments)`);
      if (call.params.length !== 2 || call.hash)
        throw refuse('lookup takes exactly two arguments: {{lookup object key}}');
      return;
    }
    default:
      return;
  }
}

function childrenOf(node: Node): Node[] {
  const children: Array<Node | undefined | null> = [];
  const anyNode = node as unknown as Record<string, unknown>;
  if (node.type === 'Program') children.push(...(node as Program).body);
  if ('path' in anyNode) children.push(anyNode.path as Node);
  if (Array.isArray(anyNode.params)) children.push(...(anyNode.params as Node[]));
  if (anyNode.hash)
    children.push(...((anyNode.hash as hbs.AST.Hash).pairs.map((pair: hbs.AST.HashPair) => pair.value) as Node[]));
  if (anyNode.program) children.push(anyNode.program as Node);
  if (anyNode.inverse) children.push(anyNode.inverse as Node);
  return children.filter((child): child is Node => Boolean(child));
}

/**
 * Every node of the tree with its nesting depth, depth first, in source order. Iterative, so no
 * template can exhaust the stack here.
 */
export function* walk(root: Node): Generator<{ node: Node; depth: number }> {
  const stack: Array<{ node: Node; depth: number }> = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const entry = stack.pop() as { node: Node; depth: number };
    yield entry;
    const children = childrenOf(entry.node);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      stack.push({ node: children[index] as Node, depth: entry.depth + 1 });
    }
  }
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
    for (const { node, depth } of walk(ast)) {
      // Each block adds two levels (statement, program), each subexpression one or two.
      if (depth > 2 * MAX_TEMPLATE_NESTING + 2) {
        const { line, column } = at(node);
        throw new TemplateSyntaxError(part, line, column, `nested more than ${MAX_TEMPLATE_NESTING} levels deep`);
      }
      checkNode(part, node);
    }
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
    // Static text (no mustache at all, comments aside) needs no Handlebars call per render.
    const statements = ast.body.filter((node) => node.type !== 'CommentStatement');
    if (statements.every((node) => node.type === 'ContentStatement')) {
      const fixed = statements.map((node) => (node as hbs.AST.ContentStatement).value).join('');
      return () => fixed;
    }
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
    render: (data) => {
      iterationsLeft = MAX_RENDER_ITERATIONS;
      return {
        subject: subject ? subject(data) : '',
        html: html ? html(data) : null,
        text: text ? text(data) : null,
      };
    },
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
