/** GET /api/v1/settings/sending: the sending guard's view of the caller's environment. */
import * as z from 'zod';
import { defineOperation } from '#platform/api-operation.ts';
import { timestamp } from '#platform/api-schemas.ts';

export const sendingSettings = z
  .strictObject({
    environment: z.enum(['live', 'test']),
    enabled: z.boolean().meta({
      description:
        'Whether the guard judges this environment: on for live and off for test by default (test sends never touch SES’s reputation); an operator switches it with `npm run admin -- set-sending-guard --env live|test --on|--off`',
    }),
    status: z.enum(['active', 'paused']).meta({ description: '`paused`: send and batch answer 403 SENDING_PAUSED' }),
    paused_at: timestamp.nullable(),
    paused_reason: z.string().nullable(),
    sent_24h: z.int().min(0).meta({ description: 'Recipients sent in the judged window (since a resume at most)' }),
    bounce_rate_24h: z.number().min(0),
    complaint_rate_24h: z.number().min(0),
    thresholds: z
      .strictObject({
        bounce_rate: z.number().meta({ description: 'Pauses at or above (default 0.04; SES reviews at 0.05)' }),
        complaint_rate: z.number().meta({ description: 'Pauses at or above (default 0.0008; SES reviews at 0.001)' }),
        min_volume: z
          .int()
          .meta({ description: 'Sent recipients in the window before the guard judges (default 100)' }),
      })
      .meta({ id: 'SendingGuardThresholds' }),
  })
  .meta({ id: 'SendingSettings' });

export const getSendingSettings = defineOperation({
  endpoint: 'GET /settings/sending',
  permission: 'full_access',
  operationId: 'getSendingSettings',
  summary: 'The sending guard’s state',
  description:
    'For the API key’s environment: whether the guard is on (`enabled`: by default on for live, off for test), `active` or `paused` (with when and why), the bounce and complaint rates of the last 24 hours (only since the last resume, when one happened), and the thresholds. An operator resumes with `npm run admin -- resume-sending`.',
  tag: 'Settings',
  status: 200,
  response: sendingSettings,
});
