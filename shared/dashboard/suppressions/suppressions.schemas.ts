/** What the Suppressions pages read from the request. */
import * as z from 'zod';
import { emailAddress } from '#core/email-address.ts';
import { pageQuery } from '#core/pages.ts';
import type { PageSchemas } from '#dashboard/context.ts';
import { idPath } from '#platform/api-schemas.ts';
import { SUPPRESSION_REASONS } from '#suppressions/suppression.ts';

export const suppressionInputs = {
  /** `?page&limit`; `notice` selects a fixed message. */
  list: { query: z.object({ ...pageQuery.shape, notice: z.string().max(50).optional() }) },
  add: { form: z.object({ email: emailAddress, reason: z.enum(SUPPRESSION_REASONS) }) },
  /** The Remove button carries the page it was on, to come back to it. */
  remove: {
    path: idPath,
    form: z.object({
      page: z
        .string()
        .regex(/^[1-9]\d{0,8}$/)
        .optional()
        .catch(undefined),
    }),
  },
} satisfies Record<string, PageSchemas>;
