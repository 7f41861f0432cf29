/**
 * GET /dashboard/emails — the organization's emails of one environment (live by default), newest
 * first, 25 a page, filtered by status and creation dates: the service of GET /api/v1/emails.
 * Invalid filters show the form again with the problems (400).
 */
import { emailListPage, invalidFiltersPage } from '#dashboard/emails/email-list.view.ts';
import { emailInputs } from '#dashboard/emails/emails.schemas.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { listEmails } from '#emails/list.service.ts';

export const handler = memberPage(emailInputs.list, async ({ member, query }) =>
  query.ok
    ? emailListPage(
        member,
        query.filters,
        await listEmails(member.organizationId, query.list, query.filters.environment),
      )
    : invalidFiltersPage(member, query.filters, query.problems),
);
