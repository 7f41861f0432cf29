/**
 * A template's variable schema: each variable's `type`, `required` and optional `default_value`, and
 * the one check of `template_data` against it, used at send time (problems are errors) and in preview
 * (problems are warnings), so the two never disagree. The rules (defaults for missing values, "is
 * required", "must be a <type>", variables outside the schema passed through): docs/api.md, "Templates".
 */
import * as z from 'zod';

export const VARIABLE_TYPES = ['string', 'number', 'boolean', 'array', 'object'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];
export const MAX_SCHEMA_VARIABLES = 100;
/** A default is copied into every send that lacks the value; kept small (the schema lives in the listed item). */
export const MAX_DEFAULT_VALUE_BYTES = 2048;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
/**
 * A default is stored in the template's item, inside the schema's list and map: DynamoDB nests at
 * most 32 levels, so a default may nest 16 (objects and arrays).
 */
export const MAX_DEFAULT_VALUE_DEPTH = 16;

/**
 * Whether DynamoDB stores this number and gives it back as JSON read it: within ±(2^53 - 1) (beyond,
 * the SDK reads numbers back as BigInt, which JSON cannot print), and 0 or at least 1e-130 in
 * magnitude (DynamoDB's smallest).
 */
function isStorableNumber(value: number): boolean {
  const magnitude = Math.abs(value);
  return magnitude <= Number.MAX_SAFE_INTEGER && (magnitude === 0 || magnitude >= 1e-130);
}

/** Why a default value cannot be stored as given (nesting, numbers), or undefined. Iterative. */
function storableProblem(value: unknown): string | undefined {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current === 'number' && !isStorableNumber(current)) {
      return 'Numbers must be within ±9007199254740991, and 0 or at least 1e-130 in magnitude';
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_DEFAULT_VALUE_DEPTH) return `Must not nest deeper than ${MAX_DEFAULT_VALUE_DEPTH} levels`;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return undefined;
}

export function typeOf(value: unknown): VariableType | 'null' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value as VariableType;
  return 'object';
}

const matches = (type: VariableType, value: unknown) =>
  type === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeOf(value) === type;

const variableDefinition = z
  .object({
    name: z.string().regex(VARIABLE_NAME, 'Must be a letter or _ followed by letters, digits, _ or - (at most 64)'),
    type: z.enum(VARIABLE_TYPES),
    required: z.boolean().default(false),
    default_value: z.unknown().optional(),
  })
  .strict()
  .superRefine((definition, context) => {
    if (
      definition.default_value !== undefined &&
      JSON.stringify(definition.default_value).length > MAX_DEFAULT_VALUE_BYTES
    ) {
      context.addIssue({
        code: 'custom',
        path: ['default_value'],
        message: `Must be at most ${MAX_DEFAULT_VALUE_BYTES} characters as JSON`,
      });
    } else if (definition.default_value !== undefined && !matches(definition.type, definition.default_value)) {
      context.addIssue({
        code: 'custom',
        path: ['default_value'],
        message: `Must be a ${definition.type}, like the variable`,
      });
    } else if (definition.default_value !== undefined) {
      const problem = storableProblem(definition.default_value);
      if (problem) context.addIssue({ code: 'custom', path: ['default_value'], message: problem });
    }
  });

export const variableSchema = z
  .array(variableDefinition)
  .max(MAX_SCHEMA_VARIABLES)
  .superRefine((definitions, context) => {
    const seen = new Set<string>();
    definitions.forEach((definition, index) => {
      if (seen.has(definition.name)) {
        context.addIssue({ code: 'custom', path: [index, 'name'], message: 'Each variable may appear once' });
      }
      seen.add(definition.name);
    });
  });

export type VariableDefinition = z.output<typeof variableDefinition>;

export interface SchemaProblem {
  /** `template_data.<name>` */
  field: string;
  message: string;
}

/** `data` with defaults filled in, and what does not satisfy the schema. */
export function applyVariableSchema(
  schema: readonly VariableDefinition[] | undefined,
  data: Record<string, unknown>,
): { data: Record<string, unknown>; problems: SchemaProblem[] } {
  const filled: Record<string, unknown> = { ...data };
  const problems: SchemaProblem[] = [];
  for (const definition of schema ?? []) {
    const value = Object.hasOwn(data, definition.name) ? data[definition.name] : undefined;
    const field = `template_data.${definition.name}`;
    if (value === undefined || value === null) {
      if (definition.default_value !== undefined) filled[definition.name] = structuredClone(definition.default_value);
      else if (definition.required) problems.push({ field, message: 'is required' });
      continue;
    }
    if (!matches(definition.type, value)) {
      problems.push({
        field,
        message: `must be a${definition.type === 'array' || definition.type === 'object' ? 'n' : ''} ${definition.type}`,
      });
    }
  }
  return { data: filled, problems };
}
