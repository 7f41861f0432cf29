/**
 * Webhook endpoints: add (the secret shown once), list, read, change, delete, rotate the secret (the
 * previous one keeps signing for 24 hours). Deliveries and signing: the delivery pipeline.
 */
import { config } from '#core/config.ts';
import { ApiError, notFound, validationError } from '#core/errors.ts';
import { isResourceId, newId, nowIso } from '#core/ids.ts';
import { deleteWebhook, getWebhook, insertWebhook, queryWebhooks, updateWebhook } from '#webhooks/webhook.store.ts';
import {
  MAX_WEBHOOKS_PER_ORGANIZATION,
  newWebhookSecret,
  normalWebhookUrl,
  SECRET_OVERLAP_MS,
  WEBHOOK_ID_PREFIX,
  type WebhookEventType,
  type WebhookItem,
  webhookUrlProblem,
  webhookView,
} from '#webhooks/webhook.ts';

export interface WebhookFields {
  url?: string;
  events?: WebhookEventType[];
  description?: string | null;
  enabled?: boolean;
}

/** The URL to store: refused (400 on `url`) unless webhookUrlProblem accepts it, else its normal form. */
function checkedUrl(url: string): string {
  const problem = webhookUrlProblem(url, config.webhookAllowHttpUrls);
  if (problem) throw validationError([{ field: 'url', message: problem }]);
  return normalWebhookUrl(url);
}

/** The same type twice is kept once, in the order first given. */
const uniqueEvents = (events: WebhookEventType[] | undefined) => [...new Set(events ?? [])];

export async function createWebhook(organizationId: string, input: WebhookFields & { url: string }) {
  const now = nowIso();
  const secret = newWebhookSecret();
  const enabled = input.enabled ?? true;
  const item: WebhookItem = {
    id: newId(WEBHOOK_ID_PREFIX),
    organization_id: organizationId,
    url: checkedUrl(input.url),
    events: uniqueEvents(input.events),
    description: input.description ?? null,
    enabled,
    disabled_reason: enabled ? null : 'manual',
    secrets: [{ secret, created_at: now, expires_at: null }],
    created_at: now,
    updated_at: now,
  };
  if ((await insertWebhook(item)) === 'limit') {
    throw new ApiError(
      'CONFLICT',
      `The organization already has ${MAX_WEBHOOKS_PER_ORGANIZATION} webhook endpoints, the most allowed`,
    );
  }
  return { ...webhookView(item), secret };
}

export async function listWebhooks(organizationId: string) {
  return (await queryWebhooks(organizationId)).map(webhookView);
}

/** The endpoint, or 404 (also for another organization's id). */
export async function findWebhook(organizationId: string, webhookId: string): Promise<WebhookItem> {
  const item = isResourceId(WEBHOOK_ID_PREFIX, webhookId) ? await getWebhook(organizationId, webhookId) : undefined;
  if (!item) throw notFound('Webhook');
  return item;
}

export async function getWebhookView(organizationId: string, webhookId: string) {
  return webhookView(await findWebhook(organizationId, webhookId));
}

/**
 * Reads the endpoint, applies `change` and writes it if nobody changed it meanwhile (compared on
 * `updated_at`); read again and retried once, then 409.
 */
async function changeWebhook(
  organizationId: string,
  webhookId: string,
  change: (current: WebhookItem, now: string) => Parameters<typeof updateWebhook>[1],
): Promise<WebhookItem> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const current = await findWebhook(organizationId, webhookId);
    const updated = await updateWebhook(current, change(current, nowIso()));
    if (updated) return updated;
  }
  throw new ApiError('CONFLICT', 'The webhook changed while it was being saved; try again');
}

export async function updateWebhookFields(organizationId: string, webhookId: string, fields: WebhookFields) {
  const url = fields.url === undefined ? undefined : checkedUrl(fields.url);
  const updated = await changeWebhook(organizationId, webhookId, (current, now) => ({
    ...(url === undefined ? {} : { url }),
    ...(fields.events === undefined ? {} : { events: uniqueEvents(fields.events) }),
    ...(fields.description === undefined ? {} : { description: fields.description }),
    // Enabling clears any reason it was disabled for (a 410, failures); disabling by hand says so.
    ...(fields.enabled === undefined || fields.enabled === current.enabled
      ? {}
      : { enabled: fields.enabled, disabled_reason: fields.enabled ? null : 'manual', failing_since: null }),
    updated_at: now,
  }));
  return webhookView(updated);
}

export async function removeWebhook(organizationId: string, webhookId: string) {
  const removed = isResourceId(WEBHOOK_ID_PREFIX, webhookId) && (await deleteWebhook(organizationId, webhookId));
  if (!removed) throw notFound('Webhook');
  return { id: webhookId, deleted: true as const };
}

/** A new secret signs from now on; the one it replaces keeps signing alongside for 24 hours. */
export async function rotateWebhookSecret(organizationId: string, webhookId: string) {
  const secret = newWebhookSecret();
  await changeWebhook(organizationId, webhookId, (current, now) => {
    const expiresAt = new Date(Date.parse(now) + SECRET_OVERLAP_MS).toISOString();
    const previous = current.secrets.find((entry) => entry.expires_at === null);
    return {
      secrets: [
        { secret, created_at: now, expires_at: null },
        // Only the secret being replaced overlaps; one replaced earlier stops signing now.
        ...(previous ? [{ ...previous, expires_at: expiresAt }] : []),
      ],
      updated_at: now,
    };
  });
  return { secret };
}
