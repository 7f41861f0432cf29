/**
 * Parsing and checking a template part: Handlebars' parser, after the linear pre-check of
 * template-source-check.ts, then every node checked against the locked-down environment (only
 * `if`, `unless`, `each`, `with` and `lookup`; no partial, decorator or unknown helper), so a
 * template that is saved always compiles. A problem is a TemplateSyntaxError with its part, line
 * and column.
 */
import Handlebars from 'handlebars';
import { validationError } from '#core/errors.ts';
import { MAX_TEMPLATE_NESTING, sourceProblem } from '#templates/template-source-check.ts';

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
/** The helpers that meter output (see meterOutput): written by the compiler, never by a tenant. */
export const OUTPUT_HELPERS = { literal: 'postbox_literal_output', raw: 'postbox_raw_output' };
/** Names a bare `{{name}}` would resolve to a helper rather than a value. */
const HELPER_NAMES = new Set([
  'if',
  'unless',
  'each',
  'with',
  'lookup',
  'log',
  'helperMissing',
  'blockHelperMissing',
  ...Object.values(OUTPUT_HELPERS),
]);
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
  const problem = sourceProblem(source);
  if (problem) throw new TemplateSyntaxError(part, problem.line, problem.column, problem.reason);
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
