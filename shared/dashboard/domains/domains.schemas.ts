/** What the Domains pages read from the request. */
import * as z from 'zod';
import type { PageSchemas } from '#dashboard/context.ts';
import { idPath } from '#platform/api-schemas.ts';

export const domainInputs = {
  /** Unknown notices are ignored by the page (fixed messages only). */
  list: { query: z.object({ notice: z.string().max(50).optional(), domain: z.string().max(100).optional() }) },
  add: { form: z.object({ domain: z.string().max(1000) }) },
  verify: { path: idPath },
  mailFrom: { path: idPath, form: z.object({ mail_from_subdomain: z.string().max(100) }) },
  receiving: { path: idPath, form: z.object({ receiving: z.enum(['on', 'off']) }) },
} satisfies Record<string, PageSchemas>;
