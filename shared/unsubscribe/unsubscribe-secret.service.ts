/** The secret unsubscribe tokens are signed with (shared/unsubscribe/unsubscribe-token.ts). */
import { randomBytes } from 'node:crypto';
import { getOrCreateServerSecret } from '#accounts/server-secret.store.ts';

/** The name of the signing secret (shared/accounts/server-secret.store.ts). */
export const UNSUBSCRIBE_SECRET_NAME = 'unsubscribe-links';

let secret: Promise<Buffer> | undefined;

/** Read (or created) once per module; a failed read is tried again next time. */
export function unsubscribeSecret(): Promise<Buffer> {
  secret ??= getOrCreateServerSecret(UNSUBSCRIBE_SECRET_NAME, randomBytes(32)).catch((error: unknown) => {
    secret = undefined;
    throw error;
  });
  return secret;
}
