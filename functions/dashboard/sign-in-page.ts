/** GET /dashboard/sign-in?next= — the sign-in form, with a fresh signed double-submit token. */
import { z } from 'zod';
import { publicPage, safeNextPath } from '../../shared/dashboard/page-handler.ts';
import { signedOutNotice, signInPage } from '../../shared/dashboard/pages/sign-in.ts';
import { issueSignInToken } from '../../shared/domain/sign-in-token.ts';

const query = z.object({ next: z.string().optional(), signed_out: z.string().optional() });

export const handler = publicPage({ query }, async ({ query, secureCookies }) =>
  signInPage({
    next: safeNextPath(query.next),
    secureCookies,
    token: await issueSignInToken(),
    ...(query.signed_out ? { message: signedOutNotice() } : {}),
  }),
);
