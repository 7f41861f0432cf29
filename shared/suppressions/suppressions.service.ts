/**
 * Suppression list service. Addresses are stored in normal form (see email-address.ts), so
 * lookups are exact. Adding an address that is already suppressed returns the existing
 * entry with the new reason (its id, source and created_at stay).
 */

import { normalizeEmailAddress } from '#core/email-address.ts';
import { ApiError, notFound } from '#core/errors.ts';
import { isResourceId } from '#core/ids.ts';
import type { PageRequest } from '#core/pages.ts';
import { keys } from '#dynamo/keys.ts';
import {
  deleteSuppressionById,
  findSuppressedAmong,
  insertSuppression,
  listSuppressionsPage,
  updateSuppressionReason,
} from '#suppressions/suppression.store.ts';
import type { Suppression, SuppressionReason, SuppressionSource } from '#suppressions/suppression.ts';

/** The send path checks at most this many recipients at once (a batch send). */
export const MAX_ADDRESSES_PER_CHECK = 1000;

export async function addSuppression(
  organizationId: string,
  input: { email: string; reason: SuppressionReason; source: SuppressionSource },
): Promise<Suppression> {
  const normalized = normalizeEmailAddress(input.email);
  if (!normalized.ok) {
    throw new ApiError('VALIDATION_ERROR', 'The request is invalid', {
      details: [{ field: 'email', message: normalized.reason }],
    });
  }
  // Insert, or update the existing entry; retried once if the entry vanishes in between.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const created = await insertSuppression(organizationId, { ...input, email: normalized.address });
    if (created) return created;
    const updated = await updateSuppressionReason(organizationId, normalized.address, input.reason);
    if (updated) return updated;
  }
  throw new ApiError('CONFLICT', 'The suppression changed while it was being saved; try again');
}

export async function listSuppressions(organizationId: string, request: PageRequest) {
  return listSuppressionsPage(organizationId, request);
}

export async function removeSuppression(organizationId: string, suppressionId: string): Promise<void> {
  const deleted = isResourceId('sup', suppressionId) && (await deleteSuppressionById(organizationId, suppressionId));
  if (!deleted) throw notFound('Suppression');
}

/**
 * For the send path: the addresses (as given) that are on the organization's suppression
 * list. Addresses are normalized and de-duplicated first; invalid ones are never suppressed.
 */
/**
 * For a caller that reads the suppression entries of `addresses` together with other items (one
 * BatchGetItem: send.service.ts): the keys to read, and which of the addresses the items read show
 * suppressed (as findSuppressedAddresses answers).
 */
export function suppressionLookup(organizationId: string, addresses: readonly string[]) {
  const normalizedByInput = normalizedAddresses(addresses);
  const entryKeys = [...new Set(normalizedByInput.values())].map((address) =>
    keys.suppression(organizationId, address),
  );
  return {
    keys: entryKeys,
    suppressedIn(items: readonly Record<string, unknown>[]): string[] {
      const wanted = new Set(entryKeys.map((key) => key.PK));
      const found = new Set(items.filter((item) => wanted.has(String(item.PK))).map((item) => String(item.email)));
      return addresses.filter((address) => found.has(normalizedByInput.get(address) ?? ''));
    },
  };
}

/** Each valid address by what it normalises to (invalid ones are left out: they cannot be suppressed). */
function normalizedAddresses(addresses: readonly string[]): Map<string, string> {
  const normalizedByInput = new Map<string, string>();
  for (const address of addresses) {
    const normalized = normalizeEmailAddress(address);
    if (normalized.ok) normalizedByInput.set(address, normalized.address);
  }
  return normalizedByInput;
}

export async function findSuppressedAddresses(organizationId: string, addresses: readonly string[]): Promise<string[]> {
  if (addresses.length > MAX_ADDRESSES_PER_CHECK) {
    throw new Error(`At most ${MAX_ADDRESSES_PER_CHECK} addresses can be checked at once`);
  }
  const normalizedByInput = normalizedAddresses(addresses);
  const suppressed = await findSuppressedAmong(organizationId, [...new Set(normalizedByInput.values())]);
  return addresses.filter((address) => {
    const normalized = normalizedByInput.get(address);
    return normalized !== undefined && suppressed.has(normalized);
  });
}
