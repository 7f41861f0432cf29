/**
 * Lambda's event filtering (FilterCriteria patterns, the EventBridge pattern language) for the
 * local stream poller, so a stream handler is invoked locally with the same records as in AWS.
 * A subset of the language is supported; a pattern outside it is refused when a poller starts.
 */
import type { DynamoDBRecord } from 'aws-lambda';

/**
 * True when the record (in Lambda's shape) matches the pattern: every key of the pattern matches,
 * an object recursing into the record's field, an array of matchers matching when any of them
 * matches the field's value (or, for an array value, any of its elements). Matchers: a string,
 * number, boolean or null (equality; a number also equals a numeric string, as DynamoDB's N
 * values are), {prefix}, {suffix}, {'equals-ignore-case'}, {exists}, {'anything-but'} (a value, a
 * list of values or {prefix}/{suffix}) and {numeric: [op, n, ...]}. As in Lambda, `exists` and the
 * other matchers only see leaves (not objects), and only `{exists: false}` matches a missing field.
 * Throws on syntax outside this subset.
 */
export function matchesFilterPattern(record: DynamoDBRecord, pattern: Record<string, unknown>): boolean {
  return matchesObject(record, pattern, '');
}

/**
 * The records a handler is invoked with: those matching any of the patterns (all of them when
 * there are none). The others are dropped and count as processed, as in Lambda.
 */
export function matchingRecords(
  records: DynamoDBRecord[],
  patterns: ReadonlyArray<Record<string, unknown>>,
): DynamoDBRecord[] {
  if (patterns.length === 0) return records;
  return records.filter((record) => patterns.some((pattern) => matchesFilterPattern(record, pattern)));
}

/** Throws a TypeError when the pattern uses syntax matchesFilterPattern does not support. */
export function assertValidFilterPattern(pattern: unknown, path = ''): void {
  if (!isPlainObject(pattern)) throw new TypeError(`filter pattern${at(path)}: expected an object`);
  for (const [key, rule] of Object.entries(pattern)) {
    const child = path ? `${path}.${key}` : key;
    if (Array.isArray(rule)) {
      if (rule.length === 0) throw new TypeError(`filter pattern${at(child)}: empty list of matchers`);
      for (const matcher of rule) matchesMatcher([], matcher, child); // validates the matcher
    } else {
      assertValidFilterPattern(rule, child);
    }
  }
}

function matchesObject(value: unknown, pattern: Record<string, unknown>, path: string): boolean {
  const object = isPlainObject(value) ? value : undefined;
  return Object.entries(pattern).every(([key, rule]) => {
    const child = path ? `${path}.${key}` : key;
    const field = object && Object.hasOwn(object, key) ? object[key] : undefined;
    if (Array.isArray(rule)) {
      const values = field === undefined ? [] : Array.isArray(field) ? field : [field];
      const leaves = values.filter((v) => v !== undefined && !isPlainObject(v) && !Array.isArray(v));
      return rule.some((matcher) => matchesMatcher(leaves, matcher, child));
    }
    if (isPlainObject(rule)) return matchesObject(field, rule, child);
    throw new TypeError(`filter pattern${at(child)}: expected a list of matchers or an object`);
  });
}

type Scalar = string | number | boolean | null;

function matchesMatcher(leaves: unknown[], matcher: unknown, path: string): boolean {
  const invalid = (why: string) => new TypeError(`filter pattern${at(path)}: ${why}`);
  if (isScalar(matcher)) return leaves.some((leaf) => equalsLiteral(leaf, matcher));
  if (!isPlainObject(matcher)) throw invalid(`unsupported matcher ${JSON.stringify(matcher)}`);
  const entries = Object.entries(matcher);
  const [operator, argument] = entries[0] ?? [];
  if (entries.length !== 1 || operator === undefined) throw invalid('a matcher object has exactly one operator');
  const strings = (test: (leaf: string, arg: string) => boolean) => {
    if (typeof argument !== 'string') throw invalid(`${operator} takes a string`);
    return leaves.some((leaf) => typeof leaf === 'string' && test(leaf, argument));
  };
  switch (operator) {
    case 'exists':
      if (typeof argument !== 'boolean') throw invalid('exists takes true or false');
      return argument ? leaves.length > 0 : leaves.length === 0;
    case 'prefix':
      return strings((leaf, arg) => leaf.startsWith(arg));
    case 'suffix':
      return strings((leaf, arg) => leaf.endsWith(arg));
    case 'equals-ignore-case':
      return strings((leaf, arg) => leaf.toLowerCase() === arg.toLowerCase());
    case 'anything-but': {
      const excluded = anythingBut(argument, invalid);
      return leaves.some((leaf) => !excluded(leaf));
    }
    case 'numeric': {
      const test = numericRange(argument, invalid);
      return leaves.some((leaf) => {
        const n = toNumber(leaf);
        return n !== undefined && test(n);
      });
    }
    default:
      throw invalid(`unsupported operator ${JSON.stringify(operator)}`);
  }
}

function anythingBut(argument: unknown, invalid: (why: string) => Error): (leaf: unknown) => boolean {
  if (isScalar(argument)) return (leaf) => equalsLiteral(leaf, argument);
  if (Array.isArray(argument)) {
    if (!argument.every(isScalar)) throw invalid('anything-but takes values, a list of values, {prefix} or {suffix}');
    return (leaf) => argument.some((value) => equalsLiteral(leaf, value));
  }
  if (isPlainObject(argument)) {
    const prefix = argument.prefix;
    const suffix = argument.suffix;
    if (Object.keys(argument).length === 1 && typeof prefix === 'string') {
      return (leaf) => typeof leaf === 'string' && leaf.startsWith(prefix);
    }
    if (Object.keys(argument).length === 1 && typeof suffix === 'string') {
      return (leaf) => typeof leaf === 'string' && leaf.endsWith(suffix);
    }
  }
  throw invalid('anything-but takes values, a list of values, {prefix} or {suffix}');
}

function numericRange(argument: unknown, invalid: (why: string) => Error): (n: number) => boolean {
  const comparisons: Record<string, (a: number, b: number) => boolean> = {
    '=': (a, b) => a === b,
    '<': (a, b) => a < b,
    '<=': (a, b) => a <= b,
    '>': (a, b) => a > b,
    '>=': (a, b) => a >= b,
  };
  const tests: ((n: number) => boolean)[] = [];
  if (Array.isArray(argument) && argument.length > 0 && argument.length % 2 === 0) {
    for (let i = 0; i < argument.length; i += 2) {
      const compare = comparisons[String(argument[i])];
      const bound: unknown = argument[i + 1];
      if (!compare || typeof bound !== 'number') break;
      tests.push((n) => compare(n, bound));
    }
  }
  if (tests.length === 0 || tests.length * 2 !== (argument as unknown[]).length) {
    throw invalid('numeric takes [operator, number, ...] with operators =, <, <=, >, >=');
  }
  return (n) => tests.every((test) => test(n));
}

function equalsLiteral(leaf: unknown, literal: Scalar): boolean {
  if (typeof literal === 'number') return toNumber(leaf) === literal;
  return leaf === literal;
}

/** A number, or a numeric string (DynamoDB's N values are strings in the record). */
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function isScalar(value: unknown): value is Scalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

function at(path: string): string {
  return path ? ` at ${path}` : '';
}
