/** What the Settings pages (API keys, auto-validation, tracking) read from the request. */
import * as z from 'zod';
import { AUTO_VALIDATION_THRESHOLDS } from '#accounts/organization.ts';
import { API_KEY_PERMISSIONS } from '#core/api-key-permission.ts';
import type { PageSchemas } from '#dashboard/context.ts';
import { idPath } from '#platform/api-schemas.ts';

// `notice` selects a fixed message; its text is never shown.
const noticeQuery = z.object({ notice: z.string().optional() });

/** A checkbox is on when posted, off when absent. */
const checkbox = z
  .literal('on')
  .optional()
  .transform((value) => value === 'on');

/** A domain's checkbox on the create-key form is named this and its id (a form keeps one value per name). */
export const KEY_DOMAIN_FIELD = 'domain:';

/** The domain ids whose checkbox a create-key form holds checked (also read from a refused, raw form). */
export function checkedKeyDomains(form: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(form)
    .filter(([field, value]) => field.startsWith(KEY_DOMAIN_FIELD) && value === 'on')
    .map(([field]) => field.slice(KEY_DOMAIN_FIELD.length));
}

export const settingsInputs = {
  apiKeys: { query: noticeQuery },
  /** The name's rules (1 to 100 characters once trimmed) and which domains a key may name are the service's. */
  createApiKey: {
    form: z
      .looseObject({
        name: z.string().default(''),
        environment: z.enum(['live', 'test'], { error: 'Choose live or test' }),
        permission: z
          .enum(API_KEY_PERMISSIONS, { error: 'Choose full access or sending access' })
          .default('full_access'),
      })
      .transform(({ name, environment, permission, ...fields }) => ({
        name,
        environment,
        permission,
        domainIds: checkedKeyDomains(fields),
      })),
  },
  confirmRevoke: { path: idPath },
  revokeApiKey: { path: idPath },
  autoValidation: { query: noticeQuery },
  saveAutoValidation: {
    form: z.object({
      threshold: z.enum(AUTO_VALIDATION_THRESHOLDS, { error: 'Choose one of off, managed, medium or high' }),
    }),
  },
  tracking: { query: noticeQuery },
  saveTracking: { form: z.object({ opens: checkbox, clicks: checkbox }) },
} satisfies Record<string, PageSchemas>;
