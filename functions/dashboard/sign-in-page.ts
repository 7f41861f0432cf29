/** GET /dashboard/sign-in?next= — the sign-in form, with a fresh signed double-submit token. */
import * as z from 'zod';
import { issueSignInToken } from '#accounts/sign-in-token.service.ts';
import { safeNextPath } from '#dashboard/next-path.ts';
import { publicPage } from '#dashboard/page-handler.ts';
import { signedOutNotice, signInPage } from '#dashboard/pages/sign-in.ts';

const query = z.object({ next: z.string().optional(), signed_out: z.string().optional() });

export const handler = publicPage({ query }, async ({ query, secureCookies }) =>
  signInPage({
    next: safeNextPath(query.next),
    secureCookies,
    token: await issueSignInToken(),
    ...(query.signed_out ? { message: signedOutNotice() } : {}),
  }),
);
