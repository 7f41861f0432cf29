/** What the Templates pages read from the request. */
import * as z from 'zod';
import type { PageSchemas } from '#dashboard/context.ts';
import { sampleDataQuery } from '#dashboard/templates/template-sample-data.ts';
import { idPath } from '#platform/api-schemas.ts';
import { templateListQuery } from '#templates/template-request.ts';

// The filter form sends `is_active=` and `search=` even when left empty: empty means "any".
const empty = (value: unknown) => (value === '' ? undefined : value);

export const templateInputs = {
  /** `?page&limit&search&is_active`: GET /api/v1/templates's query. */
  list: {
    query: z.object({
      ...templateListQuery.shape,
      is_active: z.preprocess(empty, templateListQuery.shape.is_active),
      search: z.preprocess(empty, templateListQuery.shape.search),
    }),
  },
  /** A template and its preview: `?data=`, the sample data. */
  detail: { path: idPath, query: sampleDataQuery },
  preview: { path: idPath, query: sampleDataQuery },
} satisfies Record<string, PageSchemas>;
