/** The calling key's own description (shared/platform/api-operation.ts): what it is and what it may do. */
import * as z from 'zod';
import { API_KEY_PERMISSIONS } from '#core/api-key-permission.ts';
import { ENVIRONMENTS } from '#core/environment.ts';
import { defineOperation } from '#platform/api-operation.ts';

export const apiKeyDescription = z
  .strictObject({
    id: z.string().meta({ examples: ['key_01JDX3S8KQ2V7M4N6P8R0T2W4Y'] }),
    name: z.string(),
    prefix: z.string().meta({ description: 'The key’s first 12 characters (never the secret)' }),
    environment: z.enum(ENVIRONMENTS),
    permission: z.enum(API_KEY_PERMISSIONS).meta({
      description:
        '`full_access`: every route. `sending_access`: only send, batch, attachment uploads and this route; any other answers 403 `FORBIDDEN`',
    }),
    domain_ids: z.array(z.string()).nullable().meta({
      description:
        'The domains a sending key may send from (and their subdomains); `null`: not limited to domains. A domain deleted later allows nothing.',
    }),
    organization_id: z.string(),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'ApiKeyDescription' });

export const getApiKey = defineOperation({
  endpoint: 'GET /api-key',
  permission: 'sending_access',
  operationId: 'getApiKey',
  summary: 'Describe the calling API key',
  description:
    'What the key in the `Authorization` header is and may do; any key may call it. Answered from the key the request authenticated with: no secret, no other key.',
  tag: 'API Keys',
  status: 200,
  response: apiKeyDescription,
  examples: {
    response: {
      id: 'key_01JDX3S8KQ2V7M4N6P8R0T2W4Y',
      name: 'Password resets',
      prefix: 'pb_live_7Hq2',
      environment: 'live',
      permission: 'sending_access',
      domain_ids: ['dom_01JDX3S8KQ2V7M4N6P8R0T2W4Z'],
      organization_id: 'org_acme',
      created_at: '2026-11-24T10:15:30.123Z',
    },
  },
});
