/**
 * The variables a template uses, read from the Handlebars syntax tree (never with regular expressions)
 * with Handlebars' own scoping (`#each` items, `#with` contexts, `../`, `@root`, block parameters):
 * reported by their top-level name, which is what `template_data` must hold and what a variable
 * schema describes; the full paths are kept for preview's missing-value warnings.
 * What counts as a variable: docs/api.md, "Templates".
 */
import type { ParsedTemplate } from '#templates/template-parse.ts';

type Node = hbs.AST.Node;

/** A path of the template's data, from the root. */
export interface DataReference {
  path: string[];
  /** Rendered into the output (a `{{value}}`), rather than tested (`#if`) or iterated (`#each`). */
  rendered: boolean;
}

/** A path inside the items of a list (`{{#each list}}{{this.name}}{{/each}}` → list + ['name']). */
export interface ItemReference {
  list: string[];
  path: string[];
  rendered: boolean;
}

export interface TemplateReferences {
  /** Top-level names, in order of first use. */
  variables: string[];
  data: DataReference[];
  items: ItemReference[];
}

interface Scope {
  /** Root path of this scope's context; null inside list items. */
  base: string[] | null;
  /** For list items: the list they come from (when it is a root path). */
  list: string[] | null;
  blockParams: string[];
  /** Root paths known to have a value here (`{{#if user}}…` guards `user` and `user.*`). */
  guards: string[][];
}

const startsWith = (path: readonly string[], prefix: readonly string[]) =>
  prefix.length <= path.length && prefix.every((part, index) => path[index] === part);

const DATA_VARIABLES_FROM_ROOT = 'root';

export function templateReferences(parsed: ParsedTemplate): TemplateReferences {
  const data: DataReference[] = [];
  const items: ItemReference[] = [];

  /** A value printed inside a condition on itself (`{{#if promo}}{{promo}}{{/if}}`) is never missing. */
  const record = (path: string[], scopes: Scope[], rendered: boolean) => {
    const guarded = scopes.some((scope) => scope.guards.some((guard) => startsWith(path, guard)));
    data.push({ path, rendered: rendered && !guarded });
  };

  /** Records a path expression read in `scopes` (innermost last). */
  const reference = (path: hbs.AST.PathExpression, scopes: Scope[], rendered: boolean) => {
    const parts = path.parts.map(String);
    if (path.data) {
      // @root.x is the template's data; @index, @key, @first, @last are loop state.
      if (parts[0] === DATA_VARIABLES_FROM_ROOT && parts.length > 1) record(parts.slice(1), scopes, rendered);
      return;
    }
    const first = parts[0];
    if (first !== undefined && scopes.some((scope) => scope.blockParams.includes(first))) return;
    const scope = scopes[Math.max(0, scopes.length - 1 - path.depth)];
    if (!scope) return;
    if (scope.base) {
      const full = [...scope.base, ...parts];
      if (full.length > 0) record(full, scopes, rendered);
    } else if (scope.list) {
      items.push({ list: scope.list, path: parts, rendered });
    }
  };

  /** The root path an expression names in `scopes`, if it is a plain path of known base. */
  const rootPath = (node: Node, scopes: Scope[]): string[] | null => {
    if (node.type !== 'PathExpression') return null;
    const path = node as hbs.AST.PathExpression;
    if (path.data) {
      const parts = path.parts.map(String);
      return parts[0] === DATA_VARIABLES_FROM_ROOT ? parts.slice(1) : null;
    }
    const scope = scopes[Math.max(0, scopes.length - 1 - path.depth)];
    return scope?.base ? [...scope.base, ...path.parts.map(String)] : null;
  };

  const visitExpression = (node: Node, scopes: Scope[], rendered: boolean) => {
    if (node.type === 'PathExpression') reference(node as hbs.AST.PathExpression, scopes, rendered);
    else if (node.type === 'SubExpression') visitCall(node as hbs.AST.SubExpression, scopes);
  };

  const visitCall = (call: hbs.AST.MustacheStatement | hbs.AST.SubExpression, scopes: Scope[]) => {
    for (const param of call.params) visitExpression(param, scopes, false);
    for (const pair of call.hash?.pairs ?? []) visitExpression(pair.value, scopes, false);
  };

  const visit = (node: Node | undefined, scopes: Scope[]): void => {
    if (!node) return;
    switch (node.type) {
      case 'Program':
        for (const child of (node as hbs.AST.Program).body) visit(child, scopes);
        return;
      case 'MustacheStatement': {
        const mustache = node as hbs.AST.MustacheStatement;
        if (mustache.params.length === 0 && !mustache.hash) visitExpression(mustache.path, scopes, true);
        else visitCall(mustache, scopes);
        return;
      }
      case 'BlockStatement': {
        const block = node as hbs.AST.BlockStatement;
        const helper = (block.path as hbs.AST.PathExpression).original;
        const argument = block.params[0];
        if (argument) visitExpression(argument, scopes, false);
        const blockParams = block.program?.blockParams ?? [];
        const target = argument ? rootPath(argument, scopes) : null;
        if (helper === 'each' || helper === 'with') {
          const inner: Scope =
            helper === 'with'
              ? { base: target, list: null, blockParams, guards: [] }
              : { base: null, list: target, blockParams, guards: [] };
          visit(block.program, [...scopes, inner]);
          visit(block.inverse, scopes);
          return;
        }
        // #if guards its main branch, #unless its {{else}} branch.
        const guarded = (outer: Scope[]): Scope[] => {
          const innermost = outer.at(-1);
          if (!target || !innermost) return outer;
          return [...outer.slice(0, -1), { ...innermost, guards: [...innermost.guards, target] }];
        };
        visit(block.program, helper === 'if' ? guarded(scopes) : scopes);
        visit(block.inverse, helper === 'unless' ? guarded(scopes) : scopes);
        return;
      }
      default:
        return;
    }
  };

  for (const ast of Object.values(parsed.asts)) visit(ast, [{ base: [], list: null, blockParams: [], guards: [] }]);
  const variables = [
    ...new Set([...data.map((entry) => entry.path[0]), ...items.map((entry) => entry.list[0])]),
  ].filter((name): name is string => name !== undefined && name !== 'this');
  // Order of first use across the template.
  return { variables, data, items };
}

const own = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;

function resolve(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (key === 'this' || key === '.') continue;
    current = own(current, key);
    if (current === undefined) return undefined;
  }
  return current;
}

export interface TemplateWarning {
  /** The variable's path in `data`, e.g. `user.first_name` or `items[2].price`. */
  variable: string;
  message: string;
}

const MAX_WARNINGS = 100;
const noValue = (value: unknown) => value === undefined || value === null;

/** The variables the template renders or iterates that have no value in `data` (preview warnings). */
export function missingValueWarnings(references: TemplateReferences, data: Record<string, unknown>): TemplateWarning[] {
  const warnings = new Map<string, TemplateWarning>();
  const warn = (variable: string, message: string) => {
    if (warnings.size < MAX_WARNINGS && !warnings.has(variable)) warnings.set(variable, { variable, message });
  };
  const lists = new Set(references.items.map((item) => item.list.join('.')));
  for (const reference of references.data) {
    const iterated = lists.has(reference.path.join('.'));
    if (!reference.rendered && !iterated) continue;
    if (noValue(resolve(data, reference.path))) {
      warn(reference.path.join('.'), iterated ? 'No value: the list renders nothing' : 'No value: rendered as empty');
    }
  }
  for (const item of references.items) {
    if (!item.rendered) continue;
    const list = resolve(data, item.list);
    if (!Array.isArray(list)) continue;
    list.forEach((entry, index) => {
      if (noValue(resolve(entry, item.path))) {
        const suffix = item.path.filter((key) => key !== 'this' && key !== '.').join('.');
        warn(`${item.list.join('.')}[${index}]${suffix ? `.${suffix}` : ''}`, 'No value: rendered as empty');
      }
    });
  }
  return [...warnings.values()];
}
