/** The domains routes' contract (shared/platform/api-operation.ts): add, list, verify, update (MAIL FROM). */
import * as z from 'zod';
import { MAIL_FROM_SUBDOMAIN_PATTERN, MAIL_FROM_SUBDOMAIN_RULE } from '#domains/mail-from.ts';
import { defineOperation } from '#platform/api-operation.ts';
import { idPath, timestamp } from '#platform/api-schemas.ts';

export const dnsRecord = z
  .strictObject({
    type: z.enum(['TXT', 'MX']),
    name: z.string().meta({ example: 'pb202611._domainkey.acme.example' }),
    value: z.string().meta({
      description: 'The record’s content; an MX record’s is `<priority> <host>`',
      example: 'v=spf1 include:amazonses.com ~all',
    }),
    purpose: z.enum(['dkim', 'spf', 'dmarc', 'mail_from_mx', 'mail_from_spf', 'receiving_mx']).meta({
      description:
        '`mail_from_mx` and `mail_from_spf`: the records of the custom MAIL FROM domain, when one is set; `receiving_mx`: the MX record of a receiving domain',
    }),
    required: z.boolean().meta({
      description:
        'Needed for the domain to verify: DKIM and SPF (`true`). DMARC is advice; the MAIL FROM records are needed for `mail_from_verified` only, the receiving MX for `receiving_verified` only (`false`)',
    }),
  })
  .meta({ id: 'DnsRecord' });

export const domainView = z
  .strictObject({
    id: z.string().meta({ example: 'dom_3kT9vQ2mX8pL1nR4' }),
    domain: z.string().meta({ description: 'Normalised: lower case, punycode', example: 'acme.example' }),
    is_verified: z.boolean().meta({ description: 'SPF and DKIM both verified: the domain can send' }),
    spf_verified: z.boolean(),
    dkim_verified: z.boolean(),
    dkim_selector: z.string().meta({ example: 'pb202611' }),
    dkim_public_key: z.string().meta({ description: 'Base64 DER of the domain’s own 2048-bit RSA key' }),
    dns_records: z.array(dnsRecord).meta({ description: 'The records to publish' }),
    verified_at: timestamp.optional().meta({ description: 'First successful verification' }),
    mail_from_subdomain: z
      .string()
      .nullable()
      .meta({ description: 'The custom MAIL FROM subdomain; null: SES’s own MAIL FROM domain', example: 'bounce' }),
    mail_from_domain: z
      .string()
      .nullable()
      .meta({ description: '`<mail_from_subdomain>.<domain>`, or null', example: 'bounce.acme.example' }),
    mail_from_verified: z.boolean().meta({
      description:
        'The MAIL FROM domain’s MX and SPF records were right at the latest check (false without one). It does not affect `is_verified`',
    }),
    receiving: z.boolean().meta({
      description: 'Mail to the domain is received (inbound messages) while the domain is verified',
    }),
    receiving_verified: z.boolean().meta({
      description:
        'Every MX record of the domain pointed at SES receiving at the latest verify (false while receiving is off). In AWS, mail arrives only once it does',
    }),
    created_at: timestamp,
  })
  .meta({ id: 'Domain' });

export const addDomainBody = z
  .strictObject({
    domain: z
      .string()
      .min(1)
      .max(1000)
      .meta({ description: 'A domain name; international names are accepted', example: 'acme.example' }),
  })
  .meta({ id: 'AddDomainRequest' });

export const updateDomainBody = z
  .strictObject({
    mail_from_subdomain: z
      .string()
      .regex(MAIL_FROM_SUBDOMAIN_PATTERN, MAIL_FROM_SUBDOMAIN_RULE)
      .nullable()
      .optional()
      .meta({
        description:
          'The custom MAIL FROM subdomain (`bounce` → `bounce.<domain>`): one DNS label, lower case; null removes it',
        example: 'bounce',
      }),
    receiving: z.boolean().optional().meta({
      description:
        'Receive mail sent to the domain (true) or stop (false). Adds the `receiving_mx` record; use a subdomain such as `reply.example.com`',
    }),
  })
  .refine((body) => body.mail_from_subdomain !== undefined || body.receiving !== undefined, {
    message: 'Give mail_from_subdomain or receiving (or both)',
  })
  .meta({ id: 'UpdateDomainRequest' });

export const addDomain = defineOperation({
  endpoint: 'POST /domains',
  permission: 'full_access',
  operationId: 'addDomain',
  summary: 'Add a sending domain',
  description:
    'Creates the domain with its own DKIM key and answers the DNS records to publish. `409 CONFLICT` when the organization already has it, has 1,000 domains, or another organization has verified it.',
  tag: 'Domains',
  body: addDomainBody,
  status: 201,
  response: domainView,
  errors: ['CONFLICT'],
  examples: {
    request: { domain: 'acme.example' },
    response: {
      id: 'dom_3kT9vQ2mX8pL1nR4',
      domain: 'acme.example',
      is_verified: false,
      spf_verified: false,
      dkim_verified: false,
      dkim_selector: 'pb202611',
      dkim_public_key: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAx3…',
      dns_records: [
        {
          type: 'TXT',
          name: 'pb202611._domainkey.acme.example',
          value: 'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAx3…',
          purpose: 'dkim',
          required: true,
        },
        {
          type: 'TXT',
          name: 'acme.example',
          value: 'v=spf1 include:amazonses.com ~all',
          purpose: 'spf',
          required: true,
        },
        { type: 'TXT', name: '_dmarc.acme.example', value: 'v=DMARC1; p=none;', purpose: 'dmarc', required: false },
      ],
      mail_from_subdomain: null,
      mail_from_domain: null,
      mail_from_verified: false,
      receiving: false,
      receiving_verified: false,
      created_at: '2026-11-24T10:15:30.123Z',
    },
  },
});

export const listDomains = defineOperation({
  endpoint: 'GET /domains',
  permission: 'full_access',
  operationId: 'listDomains',
  summary: 'List domains',
  description: 'Every domain of the organization, oldest first (not paginated: at most 1,000).',
  tag: 'Domains',
  status: 200,
  response: z.array(domainView),
});

export const verifyDomain = defineOperation({
  endpoint: 'GET /domains/{id}/verify',
  permission: 'full_access',
  operationId: 'verifyDomain',
  summary: 'Check a domain’s DNS records now',
  description:
    'Looks up the SPF and DKIM records (and, with a custom MAIL FROM domain, its MX and SPF records) now and answers the domain with the result. A DNS failure means “not verified”, never an error. `409 CONFLICT` when another organization verified the domain first.',
  tag: 'Domains',
  path: idPath,
  status: 200,
  response: domainView,
  errors: ['NOT_FOUND', 'CONFLICT'],
});

export const updateDomain = defineOperation({
  endpoint: 'PATCH /domains/{id}',
  permission: 'full_access',
  operationId: 'updateDomain',
  summary: 'Change a domain’s custom MAIL FROM or receiving',
  description:
    'Sets the custom MAIL FROM subdomain (`{"mail_from_subdomain": "bounce"}` → `bounce.<domain>`) or removes it (`null`). Its MX and SPF records join `dns_records`; verify checks them (`mail_from_verified`) and gives the SES identity the new MAIL FROM domain (SES uses it once it finds the MX record; until then, its own). `{"receiving": true}` receives the mail sent to the domain (while it is verified): the `receiving_mx` record joins `dns_records`, and verify checks it (`receiving_verified`). Either change alone, or both.',
  tag: 'Domains',
  path: idPath,
  body: updateDomainBody,
  status: 200,
  response: domainView,
  errors: ['NOT_FOUND'],
  examples: { request: { mail_from_subdomain: 'bounce' } },
});
