/**
 * zod issues → the envelope's `details`: one entry per problem, with dotted field paths
 * such as `to[0].email`, and one entry per unknown field.
 */
import { z } from 'zod';
import type { ErrorDetail } from '../errors.ts';

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

export function issuesToDetails(issues: readonly z.core.$ZodIssue[], rootField: string): ErrorDetail[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: formatPath([...issue.path, key]),
        message: 'Unknown field',
      }));
    }
    return [{ field: formatPath(issue.path) || rootField, message: issue.message }];
  });
}
