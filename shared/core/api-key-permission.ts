/**
 * What an API key may do. `full_access`: everything its organization can. `sending_access`: only the
 * routes whose operation says a sending key may call them (send, batch, attachments, the key's own
 * description), and, when the key names domains, only from those domains and their subdomains.
 */
export const API_KEY_PERMISSIONS = ['full_access', 'sending_access'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/** Whether a key with `held` may call a route that needs `needed`. */
export function permits(held: ApiKeyPermission, needed: ApiKeyPermission): boolean {
  return held === 'full_access' || needed === 'sending_access';
}
