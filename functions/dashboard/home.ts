/** GET /dashboard — the overview when signed in (the session middleware sends others to sign-in). */
import { memberPage } from '#dashboard/page-handler.ts';

export const handler = memberPage({}, async () => ({ redirect: '/dashboard/overview' }));
