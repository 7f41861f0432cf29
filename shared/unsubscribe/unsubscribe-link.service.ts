/**
 * Postbox's one-click unsubscribe link of an email (what `list_unsubscribe: true` puts in its
 * List-Unsubscribe header): `{PUBLIC_BASE_URL}/unsubscribe/{token}`.
 */
import { requiredEnv } from '#core/config.ts';
import { unsubscribeSecret } from '#unsubscribe/unsubscribe-secret.service.ts';
import { signUnsubscribeToken } from '#unsubscribe/unsubscribe-token.ts';

/** Where recipients reach the API: the stack sets it on the functions that send (the local cloud too). */
const publicBaseUrl = requiredEnv('PUBLIC_BASE_URL').replace(/\/+$/, '');

export const UNSUBSCRIBE_PATH = '/unsubscribe';

/** The one-click link for the email's (single) recipient. */
export async function unsubscribeLink(reference: {
  organizationId: string;
  emailId: string;
  recipient: string;
}): Promise<string> {
  return `${publicBaseUrl}${UNSUBSCRIBE_PATH}/${signUnsubscribeToken(await unsubscribeSecret(), reference)}`;
}
