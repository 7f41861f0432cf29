/** zod schemas shared by several routes. */
import { z } from 'zod';
import { normalizeEmailAddress } from '#core/email-address.ts';
import { isResourceId } from '#core/ids.ts';

/** An email address, validated and turned into Postbox's normal form. */
export const emailAddress = z
  .string()
  .max(320)
  .transform((value, context) => {
    const checked = normalizeEmailAddress(value);
    if (!checked.ok) {
      context.addIssue({ code: 'custom', message: `Invalid email address: ${checked.reason}` });
      return z.NEVER;
    }
    return checked.address;
  });

/** `{id}` path parameter; ids that cannot be ours are passed on and answered 404 by the service. */
export const idPath = z.strictObject({ id: z.string() });

export { isResourceId };
