/**
 * zod issues → the envelope's `details`: one entry per problem, with dotted field paths
 * such as `to[0].email`, and one entry per unknown field.
 */
import * as z from 'zod';
import type { ErrorDetail } from '#core/errors.ts';

z.config({
  customError: (issue) => {
    // A missing field is reported as such, whatever its expected type or values.
    if (issue.input === undefined && issue.code !== 'custom') return 'Required';
    return undefined;
  },
});

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

/** At most this many details are returned; a hostile body can hold 100,000 problems. */
export const MAX_DETAILS = 100;
/** Field names echo the caller's input, so they are cut to a sane length. */
const MAX_FIELD_LENGTH = 200;

function truncate(text: string): string {
  return text.length > MAX_FIELD_LENGTH ? `${text.slice(0, MAX_FIELD_LENGTH)}…` : text;
}

export function issuesToDetails(issues: readonly z.core.$ZodIssue[], rootField: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        details.push({ field: truncate(formatPath([...issue.path, key])), message: 'Unknown field' });
      }
    } else {
      details.push({ field: truncate(formatPath(issue.path) || rootField), message: issue.message });
    }
  }
  return details;
}

/** Keeps the first MAX_DETAILS entries and says how many more there were. */
export function capDetails(details: readonly ErrorDetail[], rootField = 'body'): ErrorDetail[] {
  if (details.length <= MAX_DETAILS) return [...details];
  return [
    ...details.slice(0, MAX_DETAILS),
    { field: rootField, message: `…and ${details.length - MAX_DETAILS} more problems not listed` },
  ];
}
