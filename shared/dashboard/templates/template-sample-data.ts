/**
 * Sample data for the template previews (pure rules, no rendering): by default built from the
 * template's variables (a schema `default_value` where there is one, otherwise a placeholder of the
 * variable's type); the member can edit it as JSON in a GET form, so it travels in the address
 * (`?data=`) and is capped at MAX_SAMPLE_DATA_ENCODED_LENGTH once percent-encoded.
 */
import * as z from 'zod';
import { templateDataSchema } from '#core/content-fields.ts';
import type { VariableDefinition, VariableType } from '#templates/template-schema.ts';

/**
 * Sample data comes in the query string, percent-encoded (JSON's quotes, braces and spaces take three
 * characters each). API Gateway HTTP APIs refuse a request line and headers past about 10 KB, so the
 * encoded data is kept to 6 KB, leaving room for the path, the cookie and the other headers.
 */
export const MAX_SAMPLE_DATA_ENCODED_LENGTH = 6 * 1024;

/** Whether sample data fits in an address: its length once percent-encoded, as the form and the frame send it. */
export const sampleDataFitsInAddress = (data: string): boolean =>
  encodeURIComponent(data).length <= MAX_SAMPLE_DATA_ENCODED_LENGTH;

/** The same limit in KB, as the pages state it. */
export const MAX_SAMPLE_DATA_KB = MAX_SAMPLE_DATA_ENCODED_LENGTH / 1024;

/** What sample data is built from: a template's variables and its variable schema. */
export interface VariableSource {
  variables: string[];
  variable_schema?: VariableDefinition[];
}

/** The variables a template uses, then those only its schema names, each once. */
export function variableRows(template: VariableSource): { name: string; definition?: VariableDefinition }[] {
  const schema = new Map((template.variable_schema ?? []).map((definition) => [definition.name, definition]));
  const names = [...new Set([...template.variables, ...schema.keys()])];
  return names.map((name) => {
    const definition = schema.get(name);
    return definition ? { name, definition } : { name };
  });
}

function placeholder(type: VariableType, name: string): unknown {
  switch (type) {
    case 'string':
      return `[${name}]`;
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
  }
}

/** The default sample: `default_value` where set, else a placeholder per type (`[name]` when untyped). */
export function defaultSampleData(template: VariableSource): Record<string, unknown> {
  // fromEntries makes own properties, even for a name such as __proto__.
  return Object.fromEntries(
    variableRows(template).map(({ name, definition }) => [
      name,
      definition === undefined
        ? `[${name}]`
        : definition.default_value !== undefined
          ? structuredClone(definition.default_value)
          : placeholder(definition.type, name),
    ]),
  );
}

export type SampleData = { ok: true; data: Record<string, unknown>; custom: boolean } | { ok: false; message: string };

/** `?data=` of the detail page and its frame. parseSampleData checks the length (a message on the page); this only bounds what is echoed back. */
export const sampleDataQuery = z.object({
  data: z
    .string()
    .max(4 * MAX_SAMPLE_DATA_ENCODED_LENGTH)
    .optional(),
});

/** An absent or blank `?data=`: the default sample. */
export const isDefaultSample = (raw: string | undefined): boolean => raw === undefined || raw.trim() === '';

/** `?data=` → the sample data: absent or blank → the default; otherwise a JSON object, or why not. */
export function parseSampleData(raw: string | undefined, template?: VariableSource): SampleData {
  if (raw === undefined || isDefaultSample(raw)) {
    return template
      ? { ok: true, data: defaultSampleData(template), custom: false }
      : { ok: true, data: {}, custom: false };
  }
  if (!sampleDataFitsInAddress(raw)) {
    return { ok: false, message: `The sample data must be at most ${MAX_SAMPLE_DATA_KB} KB once in the address.` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    return { ok: false, message: `The sample data is not valid JSON: ${(error as Error).message}` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, message: 'The sample data must be a JSON object, such as {"name": "Ada"}.' };
  }
  const checked = templateDataSchema.safeParse(parsed);
  if (!checked.success) {
    return { ok: false, message: `The sample data is not usable: ${checked.error.issues[0]?.message ?? 'invalid'}` };
  }
  return { ok: true, data: checked.data, custom: true };
}

/**
 * For sample data that parsed: what the textarea shows (the member's text, or the default pretty-printed)
 * and the `?data=` of the frame, which renders the same data. A default sample too large for an
 * address is left out: the frame rebuilds it.
 */
export function sampleFields(
  raw: string | undefined,
  sample: Extract<SampleData, { ok: true }>,
): { sampleText: string; frameData: string | undefined } {
  if (sample.custom) return { sampleText: raw ?? '', frameData: raw };
  const compact = JSON.stringify(sample.data);
  return {
    sampleText: JSON.stringify(sample.data, null, 2),
    frameData: sampleDataFitsInAddress(compact) ? compact : undefined,
  };
}
