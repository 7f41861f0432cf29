/** GET /dashboard/sign-in?next= — the sign-in form, with a fresh signed double-submit token. */
import { safeNextPath } from '#dashboard/next-path.ts';
import { publicPage } from '#dashboard/page-handler.ts';
import { signInFormPage } from '#dashboard/sign-in/sign-in.data.ts';
import { signInInputs } from '#dashboard/sign-in/sign-in.schemas.ts';
import { signedOutNotice } from '#dashboard/sign-in/sign-in.view.ts';

export const handler = publicPage(signInInputs.form, async ({ query, secureCookies }) =>
  signInFormPage({
    next: safeNextPath(query.next),
    secureCookies,
    ...(query.signed_out ? { message: signedOutNotice() } : {}),
  }),
);
