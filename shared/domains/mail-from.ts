/**
 * A domain's custom MAIL FROM (the envelope sender, Return-Path): a subdomain such as
 * `bounce.example.com` whose MX record sends bounces to SES and whose SPF record authorises SES, so
 * that SPF passes aligned with the From domain (DMARC). The records to publish and the check of
 * what DNS answers; pure functions (the look-ups are shared/adapters/dns-resolver.ts).
 */
import { type DnsRecord, spfRecordValue } from '#domains/dns-records.ts';

/**
 * One DNS label, lower case: letters, digits and inner hyphens, 1–63 characters (e.g. `bounce`).
 * No underscore: the name must be a host name (it gets an MX record).
 */
export const MAIL_FROM_SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const MAIL_FROM_SUBDOMAIN_RULE =
  'One DNS label: 1–63 lower-case letters, digits and hyphens, not starting or ending with a hyphen';

/** RFC 1035 §2.3.4 (without the root's dot), as for the domain itself. */
const MAX_DOMAIN_NAME_LENGTH = 253;

/** The custom MAIL FROM domain of a subdomain label: `<subdomain>.<domain>`. */
export function mailFromDomainOf(subdomain: string, domain: string): string {
  return `${subdomain}.${domain}`;
}

/** Why `<subdomain>.<domain>` cannot be a MAIL FROM domain, if it cannot. */
export function mailFromDomainProblem(subdomain: string, domain: string): string | undefined {
  if (!MAIL_FROM_SUBDOMAIN_PATTERN.test(subdomain)) return MAIL_FROM_SUBDOMAIN_RULE;
  const name = mailFromDomainOf(subdomain, domain);
  return name.length > MAX_DOMAIN_NAME_LENGTH
    ? `${name} would be longer than ${MAX_DOMAIN_NAME_LENGTH} characters`
    : undefined;
}

/** SES's feedback host of a region, where a MAIL FROM domain's MX record points. */
export function sesFeedbackHost(region: string): string {
  return `feedback-smtp.${region}.amazonses.com`;
}

/** The priority the MX record is published with (SES's instructions use 10). */
export const MAIL_FROM_MX_PRIORITY = 10;

/** An MX record's value as DNS providers show it: `<priority> <host>`. */
export function mailFromMxValue(mxHost: string): string {
  return `${MAIL_FROM_MX_PRIORITY} ${mxHost}`;
}

/**
 * The MAIL FROM domain's records, appended to the domain's `dns_records`: the MX record pointing at
 * `mxHost` and the SPF record including `sendingHost` (the same as the domain's own SPF record).
 * `required: false`: the domain verifies and sends without them; they decide `mail_from_verified`.
 */
export function mailFromRecords(mailFromDomain: string, mxHost: string, sendingHost: string): DnsRecord[] {
  return [
    { type: 'MX', name: mailFromDomain, value: mailFromMxValue(mxHost), purpose: 'mail_from_mx', required: false },
    {
      type: 'TXT',
      name: mailFromDomain,
      value: spfRecordValue(sendingHost),
      purpose: 'mail_from_spf',
      required: false,
    },
  ];
}

function canonicalHost(host: string): string {
  const lower = host.trim().toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

/**
 * Whether the MX records found at the MAIL FROM domain send its bounces to SES: at least one
 * record, and every record's exchange is `mxHost` (case and a trailing dot ignored, any priority).
 * An MX to another host would take bounces away from SES (and a MAIL FROM domain may not receive mail).
 */
export function mxPointsOnlyTo(records: readonly { exchange: string }[], mxHost: string): boolean {
  const wanted = canonicalHost(mxHost);
  return records.length > 0 && records.every((record) => canonicalHost(record.exchange) === wanted);
}
