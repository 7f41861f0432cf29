/**
 * The OpenAPI document's product text and the conventions every route shares: what Postbox is, its
 * sections, servers, key scheme, and the headers and parameters operations point at. Kept apart from
 * the builder (openapi.ts) so that prose changes never touch the generation. Rules: docs/api.md.
 */
import { API_TAGS, type ApiTag } from '#platform/api-operation.ts';
import { ALIAS_PREFIX, API_PREFIX } from '#platform/routes.ts';

export type JsonSchema = Record<string, unknown>;

export const API_VERSION = '1.0.0';

const DESCRIPTION = `Postbox is a transactional email API running in your own AWS account.

**Authentication**: \`Authorization: Bearer <API key>\` (\`pb_live_…\` sends, \`pb_test_…\` simulates). Keys are created in the dashboard (Settings → API Keys).

**Paths**: every route answers under \`/api/v1\` (canonical, the server below) and under the \`/v1\` alias, identically.

**Envelopes**: a success is \`{"data": …}\` (paginated lists add \`pagination\`); an error is \`{"error": {"code", "message", "details"}}\` with a code from a closed list. Every response carries \`X-Request-Id\` and the rate-limit headers.

**Limits**: 10 requests per second per organization by default (\`429 RATE_LIMITED\`, \`Retry-After\`); bodies up to 1 MiB (5 MiB for a batch).

Two failures come from AWS itself, not in the envelope: API Gateway's \`413 {"message": "Request Entity Too Large"}\` for a body over 10 MB and \`500 {"message": "Internal Server Error"}\` when a function fails outright. Concepts and rules: docs/api.md in the repository.`;

const TAG_DESCRIPTIONS: Record<ApiTag, string> = {
  Emails: 'Send one email or a batch, follow its delivery events, list and cancel.',
  Validation: 'Check addresses before sending (syntax, mail servers, disposable, role, typos, suppressions).',
  Domains: 'Sending domains: the DNS records to publish (DKIM, SPF, DMARC) and their verification.',
  Inbound:
    'Email received at your domains with receiving on: parsed, with SES’s verdicts, attachments to download and the email it replies to. Kept 30 days by default.',
  Suppressions: 'Addresses that must not receive email (bounces, complaints, unsubscribes, manual).',
  Templates: 'Stored templates with `{{variables}}`, an optional variable schema, and previews.',
  Attachments: 'Files too large to send inline: uploaded once, then named in sends by `attachment_id`.',
  Webhooks: 'Endpoints that receive the events of your emails, signed per Standard Webhooks.',
  Metrics: 'Deliverability counts and rates over time, from counters written with the events.',
  Settings: 'The organization’s settings.',
  'API Keys':
    'What the calling key is and may do. Keys are made in the dashboard or with the admin tool: `full_access`, or `sending_access` (send, batch, attachments), optionally limited to some domains.',
  Unsubscribe:
    'Postbox’s one-click unsubscribe link (`list_unsubscribe: true`): what mailbox providers and recipients call, at the deployment’s root and without a key. It answers HTML.',
  Reference: 'This document.',
};

/** The document's head: everything before `paths`, in the document's order. */
export const DOCUMENT_HEAD = {
  openapi: '3.1.0',
  info: {
    title: 'Postbox API',
    version: API_VERSION,
    description: DESCRIPTION,
    license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
  },
  servers: [
    { url: API_PREFIX, description: `This deployment (every route also answers under ${ALIAS_PREFIX})` },
    { url: `http://127.0.0.1:3000${API_PREFIX}`, description: 'The local stack (npm start)' },
  ],
  security: [{ bearerAuth: [] }],
  tags: API_TAGS.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
};

/** A reference to one of the shared response headers below. */
export const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** What every response carries. */
export const COMMON_HEADERS = {
  'X-Request-Id': headerRef('X-Request-Id'),
  'X-RateLimit-Limit': headerRef('X-RateLimit-Limit'),
  'X-RateLimit-Remaining': headerRef('X-RateLimit-Remaining'),
  'X-RateLimit-Reset': headerRef('X-RateLimit-Reset'),
};

const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

/** The shared components besides the schemas, in the document's order. */
export const SHARED_COMPONENTS = {
  securitySchemes: {
    bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: `pb_live_…` or `pb_test_…`' },
  },
  parameters: {
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes a retry safe for 24 hours: the same key and body answer the first response again (`Idempotent-Replayed: true`); another body is `409 IDEMPOTENCY_CONFLICT`.',
      schema: { type: 'string', minLength: 1, maxLength: 256, pattern: '^[\\x21-\\x7E]+$' },
    },
  },
  headers: {
    'X-Request-Id': {
      description: 'This request’s id (quote it when reporting a problem)',
      required: true,
      schema: { type: 'string' },
    },
    'X-RateLimit-Limit': integerHeader('Requests allowed per one-second window'),
    'X-RateLimit-Remaining': integerHeader('Requests left in the current window'),
    'X-RateLimit-Reset': integerHeader('Seconds until the window resets'),
    'Retry-After': integerHeader('Seconds to wait before retrying'),
    'Idempotent-Replayed': {
      description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key',
      schema: { type: 'string', enum: ['true'] },
    },
  },
};

/** The `pagination` of a paginated list's envelope. */
export const PAGINATION_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['page', 'limit', 'total_count', 'total_pages'],
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    total_count: { type: 'integer', minimum: 0 },
    total_pages: { type: 'integer', minimum: 0 },
  },
};
