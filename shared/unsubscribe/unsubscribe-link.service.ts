/**
 * Postbox's one-click unsubscribe link of an email (what `list_unsubscribe: true` puts in its
 * List-Unsubscribe header): `{PUBLIC_BASE_URL}/unsubscribe/{token}`.
 */
import { serverSecret } from '#accounts/server-secret.store.ts';
import { requiredEnv } from '#core/config.ts';
import { signUnsubscribeToken, UNSUBSCRIBE_SECRET_NAME } from '#unsubscribe/unsubscribe-token.ts';

/** Where recipients reach the API: the stack sets it on the functions that send (the local cloud too). */
const publicBaseUrl = requiredEnv('PUBLIC_BASE_URL').replace(/\/+$/, '');

export const UNSUBSCRIBE_PATH = '/unsubscribe';

/** The one-click link for the email's (single) recipient. */
export async function unsubscribeLink(reference: {
  organizationId: string;
  emailId: string;
  recipient: string;
}): Promise<string> {
  return `${publicBaseUrl}${UNSUBSCRIBE_PATH}/${signUnsubscribeToken(await serverSecret(UNSUBSCRIBE_SECRET_NAME), reference)}`;
}
