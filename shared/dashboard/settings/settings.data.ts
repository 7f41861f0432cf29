/**
 * What the Settings pages read through the accounts services (the API's), handed to their views:
 * each page, or it again with a refused form's message.
 */
import { listApiKeys } from '#accounts/accounts.service.ts';
import { getAutoValidationThreshold, getTrackingDefaults } from '#accounts/settings.service.ts';
import type { PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { type ApiKeysPageState, apiKeysPage } from '#dashboard/settings/api-keys.view.ts';
import { type AutoValidationPageState, autoValidationPage } from '#dashboard/settings/auto-validation.view.ts';
import { type TrackingPageState, trackingPage } from '#dashboard/settings/tracking.view.ts';
import { listDomains } from '#domains/domains.service.ts';

/** Settings → API Keys: the organization's keys, and what the page shows besides (a notice, a new key, a refused form). */
export async function apiKeysListPage(
  member: PageMember,
  state: Omit<ApiKeysPageState, 'member' | 'keys' | 'domains'> = {},
): Promise<PageResult> {
  const [keys, domains] = await Promise.all([listApiKeys(member.organizationId), listDomains(member.organizationId)]);
  return apiKeysPage({
    member,
    keys,
    domains: domains.map((domain) => ({ id: domain.id, name: domain.domain, verified: domain.is_verified })),
    ...state,
  });
}

/** Settings → Auto-validation: the organization's threshold as a form. */
export async function autoValidationFormPage(
  member: PageMember,
  state: Omit<AutoValidationPageState, 'member' | 'threshold'> = {},
): Promise<PageResult> {
  return autoValidationPage({ member, threshold: await getAutoValidationThreshold(member.organizationId), ...state });
}

/** Settings → Tracking: the organization's defaults as a form. */
export async function trackingFormPage(
  member: PageMember,
  state: Omit<TrackingPageState, 'member' | 'tracking'> = {},
): Promise<PageResult> {
  return trackingPage({ member, tracking: await getTrackingDefaults(member.organizationId), ...state });
}
