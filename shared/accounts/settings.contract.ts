/** The settings routes' contract (shared/platform/api-operation.ts): the auto-validation threshold, the tracking defaults. */
import * as z from 'zod';
import { AUTO_VALIDATION_THRESHOLDS } from '#accounts/organization.ts';
import { defineOperation } from '#platform/api-operation.ts';

export const autoValidationSetting = z
  .strictObject({
    auto_validation_threshold: z.enum(AUTO_VALIDATION_THRESHOLDS).meta({
      description:
        '`off` (default); `managed` (recommended, today `medium`); `medium` refuses `undeliverable` recipients; `high` refuses anything not `deliverable`',
    }),
  })
  .meta({ id: 'AutoValidationSetting' });

export const putAutoValidationBody = z
  .strictObject({ threshold: z.enum(AUTO_VALIDATION_THRESHOLDS) })
  .meta({ id: 'PutAutoValidationRequest' });

export const getAutoValidation = defineOperation({
  endpoint: 'GET /settings/auto-validation',
  permission: 'full_access',
  operationId: 'getAutoValidation',
  summary: 'Get the auto-validation threshold',
  tag: 'Settings',
  status: 200,
  response: autoValidationSetting,
});

export const putAutoValidation = defineOperation({
  endpoint: 'PUT /settings/auto-validation',
  permission: 'full_access',
  operationId: 'putAutoValidation',
  summary: 'Set the auto-validation threshold',
  description: 'Recipients the threshold refuses make a send fail with `400 RECIPIENTS_INVALID`.',
  tag: 'Settings',
  body: putAutoValidationBody,
  status: 200,
  response: autoValidationSetting,
  examples: { request: { threshold: 'managed' }, response: { auto_validation_threshold: 'managed' } },
});

export const trackingSetting = z
  .strictObject({
    opens: z.boolean().meta({ description: 'Sends track opens unless their `tracking.opens` says otherwise' }),
    clicks: z.boolean().meta({ description: 'Sends track clicks unless their `tracking.clicks` says otherwise' }),
  })
  .meta({ id: 'TrackingSetting' });

export const getTracking = defineOperation({
  endpoint: 'GET /settings/tracking',
  permission: 'full_access',
  operationId: 'getTracking',
  summary: 'Get the tracking defaults',
  description: 'Whether sends track opens and clicks when their `tracking` field does not say. Both off by default.',
  tag: 'Settings',
  status: 200,
  response: trackingSetting,
});

export const putTracking = defineOperation({
  endpoint: 'PUT /settings/tracking',
  permission: 'full_access',
  operationId: 'putTracking',
  summary: 'Set the tracking defaults',
  description:
    'Applies to emails accepted from now on (an email keeps the switches it was accepted with: `tracking` on GET /emails/{id}).',
  tag: 'Settings',
  body: trackingSetting,
  status: 200,
  response: trackingSetting,
  examples: { request: { opens: true, clicks: false }, response: { opens: true, clicks: false } },
});
