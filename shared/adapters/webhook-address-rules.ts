/**
 * Which IP addresses a webhook delivery may connect to (postWebhook in webhook-http.ts checks every
 * address before connecting): public ones only. IPv4 and IPv6 ranges by category (node:net's
 * BlockList), and IPv6 addresses that lead to an IPv4 one judged by it as well: IPv4-mapped and NAT64
 * (translated), 6to4 and Teredo (tunnelled).
 */
import { BlockList, isIP } from 'node:net';

type Family = 'ipv4' | 'ipv6';

/** [category, network, prefix]: the most specific first (metadata before link-local, ::1 before ::/8). */
const IPV4_RANGES: ReadonlyArray<readonly [string, string, number]> = [
  ['metadata', '169.254.169.254', 32],
  ['unspecified', '0.0.0.0', 8],
  ['private', '10.0.0.0', 8],
  ['carrier-grade NAT', '100.64.0.0', 10],
  ['loopback', '127.0.0.0', 8],
  ['link-local', '169.254.0.0', 16],
  ['private', '172.16.0.0', 12],
  ['reserved', '192.0.0.0', 24],
  ['reserved', '192.0.2.0', 24],
  ['private', '192.168.0.0', 16],
  ['reserved', '198.18.0.0', 15],
  ['reserved', '198.51.100.0', 24],
  ['reserved', '203.0.113.0', 24],
  ['multicast', '224.0.0.0', 4],
  ['reserved', '240.0.0.0', 4],
];
const IPV6_RANGES: ReadonlyArray<readonly [string, string, number]> = [
  ['metadata', 'fd00:ec2::254', 128],
  ['unspecified', '::', 128],
  ['loopback', '::1', 128],
  // The rest of ::/8 is IETF-reserved (IPv4-compatible ::/96 among it); ::ffff:0:0/96 is handled before.
  ['reserved', '::', 8],
  ['reserved', '64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): may translate to private IPv4
  ['reserved', '100::', 64], // discard-only
  ['reserved', '2001:db8::', 32],
  ['unique local', 'fc00::', 7],
  ['link-local', 'fe80::', 10],
  ['site-local', 'fec0::', 10], // deprecated (RFC 3879), still routed inside some networks
  ['multicast', 'ff00::', 8],
];

function rules(ranges: ReadonlyArray<readonly [string, string, number]>, family: Family) {
  return ranges.map(([category, network, prefix]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { category, list };
  });
}
const IPV4_RULES = rules(IPV4_RANGES, 'ipv4');
const IPV6_RULES = rules(IPV6_RANGES, 'ipv6');

/** The eight 16-bit groups of a valid IPv6 address (zone id removed). */
function ipv6Groups(address: string): number[] {
  const hex = address.replace(
    /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
    (_match, a: string, b: string, c: string, d: string) =>
      `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
  );
  const [head = '', tail] = hex.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const before = parse(head);
  if (tail === undefined) return before;
  const after = parse(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** Two 16-bit groups as a dotted IPv4 address. */
const ipv4Of = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/** The IPv4 address an IPv6 one is (IPv4-mapped, ::ffff:0:0/96) or is translated to (NAT64, 64:ff9b::/96), if any. */
function translatedIpv4(groups: number[]): string | undefined {
  const prefix = groups.slice(0, 6).join(':');
  if (prefix !== '0:0:0:0:0:65535' && prefix !== '100:65435:0:0:0:0') return undefined;
  return ipv4Of(groups[6] ?? 0, groups[7] ?? 0);
}

/**
 * The IPv4 addresses an IPv6 tunnel address leads to: 6to4 (2002::/16) carries its router's in bits
 * 16–48; Teredo (2001:0::/32) its server's in bits 32–64 and its client's, inverted, in the last 32.
 */
function tunnelledIpv4s(groups: number[]): string[] {
  const group = (index: number) => groups[index] ?? 0;
  if (group(0) === 0x2002) return [ipv4Of(group(1), group(2))];
  if (group(0) === 0x2001 && group(1) === 0) {
    return [ipv4Of(group(2), group(3)), ipv4Of(group(6) ^ 0xffff, group(7) ^ 0xffff)];
  }
  return [];
}

/**
 * Why an IP address may not be a webhook target ('loopback', 'private', 'link-local', 'carrier-grade
 * NAT', 'unique local', 'site-local', 'metadata', 'unspecified', 'multicast', 'reserved'), or
 * undefined when it is public. Accepts a bracketed IPv6 literal (`[::1]`); a string that is not an IP
 * address is refused ('not an IP address').
 */
export function refusedAddressReason(address: string): string | undefined {
  const bare = address
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return IPV4_RULES.find((rule) => rule.list.check(bare, 'ipv4'))?.category;
  if (version === 6) {
    const groups = ipv6Groups(bare);
    const translated = translatedIpv4(groups);
    if (translated !== undefined) return refusedAddressReason(translated);
    // A tunnel to a refused IPv4 address is refused for that address's reason.
    const tunnelled = tunnelledIpv4s(groups)
      .map(refusedAddressReason)
      .find((reason) => reason !== undefined);
    return tunnelled ?? IPV6_RULES.find((rule) => rule.list.check(bare, 'ipv6'))?.category;
  }
  return 'not an IP address';
}
