/**
 * A template's variable schema (api-decisions "Templates"): each variable has a `type` (`string`,
 * `number`, `boolean`, `array`, `object`), `required`, and an optional `default_value` of that type.
 *
 * Rules, applied to `template_data` at send time (errors) and in preview (warnings):
 *   - a missing value (absent or null) takes the `default_value` when there is one;
 *   - otherwise a missing required variable is a problem: "is required";
 *   - a present value of another type is a problem: "must be a <type>" (numbers must be finite;
 *     `object` means a JSON object, not an array or null).
 * Variables not in the schema are passed through untouched.
 */
import { z } from 'zod';

export const VARIABLE_TYPES = ['string', 'number', 'boolean', 'array', 'object'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];
export const MAX_SCHEMA_VARIABLES = 100;
/** A default is copied into every send that lacks the value; kept small (the schema lives in the listed item). */
export const MAX_DEFAULT_VALUE_BYTES = 2048;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

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
