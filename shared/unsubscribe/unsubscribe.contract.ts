/**
 * The one-click unsubscribe link as the OpenAPI document describes it (shared/http/openapi.ts renders
 * it): not an API call (no key, HTML answers, at the deployment's root), described so that the contract
 * says what the `List-Unsubscribe` header of `list_unsubscribe: true` points at. Its routes:
 * shared/platform/routes.ts; its rules: docs/api.md, "Unsubscribe links and tracking".
 */
import { UNSUBSCRIBE_PREFIX } from '#platform/routes.ts';
import { UNSUBSCRIBE_TOKEN_DAYS } from '#unsubscribe/unsubscribe-token.ts';

const UNKNOWN_LINK = 'An unknown, altered, truncated or expired link';

export const unsubscribeLinkPage = {
  path: `${UNSUBSCRIBE_PREFIX}/{token}`,
  server: { url: '/', description: 'The deployment’s root (PUBLIC_BASE_URL)' },
  tag: 'Unsubscribe',
  pathParameters: { token: `The signed reference of the link (valid ${UNSUBSCRIBE_TOKEN_DAYS} days)` },
  methods: {
    get: {
      operationId: 'showUnsubscribePage',
      summary: 'The unsubscribe confirmation page',
      description:
        'Names the sender and the recipient, with a button that POSTs. Never unsubscribes: link scanners follow links.',
      pages: { 200: 'The page', 404: UNKNOWN_LINK },
    },
    post: {
      operationId: 'unsubscribeOneClick',
      summary: 'One-click unsubscribe (RFC 8058)',
      description:
        'What mailbox providers post (`List-Unsubscribe=One-Click`; the body is not required, the token is the authority): suppresses the recipient (`unsubscribe`, `automatic`), records an `unsubscribed` event on the email and fires `email.unsubscribed`. Repeating it changes nothing.',
      form: {
        required: false,
        schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } },
      },
      pages: { 200: 'Unsubscribed (now or before)', 404: UNKNOWN_LINK },
    },
  },
} as const;
