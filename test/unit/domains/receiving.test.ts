/** The receiving MX record and its check (shared/domains/receiving.ts). */
import { describe, expect, it } from 'vitest';
import { receivingMxVerified, receivingRecords, sesInboundHost } from '#domains/receiving.ts';

const HOST = sesInboundHost('eu-west-1');

describe('receiving', () => {
  it('publishes one MX record of priority 10 to SES receiving of the region, not required to verify', () => {
    expect(HOST).toBe('inbound-smtp.eu-west-1.amazonaws.com');
    expect(receivingRecords('reply.acme.test', HOST)).toEqual([
      { type: 'MX', name: 'reply.acme.test', value: `10 ${HOST}`, purpose: 'receiving_mx', required: false },
    ]);
  });

  it('is verified when every MX record points at that host, whatever the priority, case or final dot', () => {
    expect(receivingMxVerified([{ exchange: `${HOST.toUpperCase()}.` }], HOST)).toBe(true);
    expect(receivingMxVerified([{ exchange: HOST }, { exchange: HOST }], HOST)).toBe(true);
    expect(receivingMxVerified([], HOST)).toBe(false);
    expect(receivingMxVerified([{ exchange: HOST }, { exchange: 'mx.other.test' }], HOST)).toBe(false);
    expect(receivingMxVerified([{ exchange: sesInboundHost('us-east-1') }], HOST)).toBe(false);
  });
});
