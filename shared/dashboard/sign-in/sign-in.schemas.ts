/** What the sign-in pages read from the request. */
import * as z from 'zod';
import type { PageSchemas } from '#dashboard/context.ts';
import { safeNextPath } from '#dashboard/next-path.ts';

export const signInInputs = {
  /** GET /dashboard/sign-in?next=&signed_out= */
  form: { query: z.object({ next: z.string().optional(), signed_out: z.string().optional() }) },
  /**
   * POST /dashboard/sign-in. Unknown fields are ignored (a password manager may add some); lengths are
   * checked by the service; a `next` the form cannot use is dropped, never a reason to refuse the sign-in.
   */
  signIn: {
    form: z.object({
      email: z.string().max(1000).default(''),
      password: z.string().max(1024).default(''),
      next: z.string().optional().transform(safeNextPath),
      csrf_token: z.string().optional(),
    }),
  },
  /** POST /dashboard/sign-out: the form carries only its CSRF token. */
  signOut: {},
} satisfies Record<string, PageSchemas>;
