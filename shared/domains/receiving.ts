/**
 * Receiving mail at a domain: the MX record that sends its mail to SES receiving, and the check of what
 * DNS answers. Pure functions (the look-ups are shared/adapters/dns-resolver.ts). A subdomain
 * (`reply.example.com`) is the advice: an MX on the root takes mail away from the company's mailboxes.
 */
import type { DnsRecord } from '#domains/dns-records.ts';
import { mxPointsOnlyTo } from '#domains/mail-from.ts';

/** SES's receiving endpoint of a region, where a receiving domain's MX record points. */
export function sesInboundHost(region: string): string {
  return `inbound-smtp.${region}.amazonaws.com`;
}

/** The priority the MX record is published with (SES's instructions use 10). */
export const RECEIVING_MX_PRIORITY = 10;

/** The receiving MX record, appended to the domain's `dns_records` while receiving is on. */
export function receivingRecords(domain: string, inboundHost: string): DnsRecord[] {
  return [
    {
      type: 'MX',
      name: domain,
      value: `${RECEIVING_MX_PRIORITY} ${inboundHost}`,
      purpose: 'receiving_mx',
      required: false,
    },
  ];
}

/** Every MX record of the domain points at the receiving host (any other would take part of its mail elsewhere). */
export function receivingMxVerified(records: readonly { exchange: string }[], inboundHost: string): boolean {
  return mxPointsOnlyTo(records, inboundHost);
}
