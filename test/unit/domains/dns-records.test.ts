import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeDomainName } from '#core/domain-name.ts';
import {
  dkimMatches,
  dkimRecordName,
  dkimRecordValue,
  dkimSelector,
  dmarcRecord,
  dnsRecordsFor,
  generateDkimKeyPair,
  spfIncludes,
  spfRecordValue,
} from '#domains/dns-records.ts';

const HOST = 'amazonses.com';
// A real SubjectPublicKeyInfo prefix is not needed: matching compares strings.
const KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyehkd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdgcKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbcmwIDAQAB';

function ok(input: string): string {
  const result = normalizeDomainName(input);
  if (!result.ok) throw new Error(`expected ${input} to be accepted: ${result.reason}`);
  return result.domain;
}

function refused(input: string): string {
  const result = normalizeDomainName(input);
  if (result.ok) throw new Error(`expected ${input} to be refused, got ${result.domain}`);
  expect(result.reason).toMatch(/^[A-Z].*\.$/);
  return result.reason;
}

/** Cuts `text` at the given positions (taken modulo its length), keeping every piece non-empty. */
function splitAt(text: string, cuts: number[]): string[] {
  const positions = [...new Set(cuts.map((cut) => cut % text.length))].filter((p) => p > 0).sort((a, b) => a - b);
  const pieces: string[] = [];
  let start = 0;
  for (const position of positions) {
    pieces.push(text.slice(start, position));
    start = position;
  }
  pieces.push(text.slice(start));
  return pieces;
}

describe('normalizeDomainName', () => {
  it('lower-cases and trims', () => {
    expect(ok('  Mail.Example.COM ')).toBe('mail.example.com');
  });

  it('removes one trailing dot only', () => {
    expect(ok('example.com.')).toBe('example.com');
    refused('example.com..');
  });

  it('converts IDN labels to punycode', () => {
    expect(ok('bücher.example')).toBe('xn--bcher-kva.example');
    expect(ok('BÜCHER.example')).toBe('xn--bcher-kva.example');
    expect(ok('xn--bcher-kva.example')).toBe('xn--bcher-kva.example');
  });

  it('accepts hyphens and digits inside labels, and 63-character labels', () => {
    expect(ok('my-shop2.co.uk')).toBe('my-shop2.co.uk');
    expect(ok(`${'a'.repeat(63)}.com`)).toBe(`${'a'.repeat(63)}.com`);
  });

  it('refuses names longer than 253 characters', () => {
    const label = 'a'.repeat(63);
    const longest = `${label}.${label}.${label}.${'b'.repeat(57)}.com`; // 253
    expect(ok(longest)).toHaveLength(253);
    expect(refused(`a${longest}`)).toContain('253');
  });

  it('refuses labels of more than 63 characters', () => {
    expect(refused(`${'a'.repeat(64)}.com`)).toContain('63');
  });

  it('refuses characters outside letters, digits and hyphens', () => {
    refused('exa_mple.com');
    refused('exa mple.com');
    refused('example.com/path');
    refused('https://example.com');
    refused('user@example.com');
    refused('*.example.com');
    refused('ex%41mple.com');
    refused('example.com?x');
    refused('example.com:25');
  });

  it('maps full-width IDN text the UTS #46 way', () => {
    expect(ok('ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('example.com');
    refused('xn--zz.com');
  });

  it('refuses a name without a dot', () => {
    expect(refused('localhost')).toContain('two labels');
  });

  it('refuses an all-numeric top-level domain, so IPv4 addresses', () => {
    refused('192.168.1.10');
    refused('example.123');
    expect(ok('example.x123')).toBe('example.x123');
  });

  it('refuses labels starting or ending with a hyphen', () => {
    expect(refused('-example.com')).toContain('hyphen');
    expect(refused('example-.com')).toContain('hyphen');
  });

  it('refuses empty input and empty labels', () => {
    refused('');
    refused('   ');
    refused('.');
    refused('example..com');
    refused('.example.com');
  });
});

describe('record values', () => {
  it('uses pb<yyyymm> in UTC as the selector', () => {
    expect(dkimSelector(new Date('2026-11-15T12:00:00Z'))).toBe('pb202611');
    expect(dkimSelector(new Date('2026-12-01T00:30:00+02:00'))).toBe('pb202611');
    expect(dkimSelector(new Date('2027-01-01T00:00:00Z'))).toBe('pb202701');
  });

  it('builds the DKIM, SPF and DMARC records', () => {
    expect(dkimRecordName('pb202611', 'example.com')).toBe('pb202611._domainkey.example.com');
    expect(dkimRecordValue('ABC')).toBe('v=DKIM1; k=rsa; p=ABC');
    expect(spfRecordValue(HOST)).toBe('v=spf1 include:amazonses.com ~all');
    expect(dmarcRecord('example.com')).toEqual({ name: '_dmarc.example.com', value: 'v=DMARC1; p=none;' });
  });

  it('lists dns_records in order: DKIM, SPF (required), DMARC (advisory)', () => {
    expect(dnsRecordsFor('example.com', 'pb202611', 'ABC', HOST)).toEqual([
      {
        type: 'TXT',
        name: 'pb202611._domainkey.example.com',
        value: 'v=DKIM1; k=rsa; p=ABC',
        purpose: 'dkim',
        required: true,
      },
      { type: 'TXT', name: 'example.com', value: 'v=spf1 include:amazonses.com ~all', purpose: 'spf', required: true },
      { type: 'TXT', name: '_dmarc.example.com', value: 'v=DMARC1; p=none;', purpose: 'dmarc', required: false },
    ]);
  });
});

describe('spfIncludes', () => {
  it('passes the record we ask for', () => {
    expect(spfIncludes([[spfRecordValue(HOST)]], HOST)).toBe(true);
  });

  it('ignores case and a trailing dot on the host', () => {
    expect(spfIncludes([['V=SPF1 INCLUDE:AmazonSES.com. ~ALL']], HOST)).toBe(true);
    expect(spfIncludes([['v=spf1 include:amazonses.com ~all']], 'AmazonSES.com.')).toBe(true);
  });

  it('joins character-strings without a separator', () => {
    expect(spfIncludes([['v=spf1 include:amazon', 'ses.com ~all']], HOST)).toBe(true);
  });

  it('finds the SPF record among other TXT records', () => {
    const records = [['google-site-verification=abc'], ['v=spf1 include:amazonses.com -all'], ['v=spf10 nothing']];
    expect(spfIncludes(records, HOST)).toBe(true);
  });

  it('fails when there are two SPF records (permerror)', () => {
    expect(spfIncludes([['v=spf1 include:amazonses.com ~all'], ['v=spf1 include:other.com ~all']], HOST)).toBe(false);
  });

  it('accepts other mechanisms and modifiers around the include, and extra whitespace', () => {
    expect(spfIncludes([['v=spf1 ip4:192.0.2.0/24 include:_spf.google.com include:amazonses.com -all']], HOST)).toBe(
      true,
    );
    expect(spfIncludes([['v=spf1   mx  +include:amazonses.com   ~all  ']], HOST)).toBe(true);
    expect(spfIncludes([['v=spf1 include:amazonses.com redirect=_spf.example.com']], HOST)).toBe(true);
  });

  it('accepts every RFC 7208 mechanism form, qualifiers, and exp/unknown modifiers (ignored)', () => {
    const terms = [
      'a',
      '-a:mail.example.com',
      'a/24',
      'a//64',
      '?a:mail.example.com/24//64',
      'MX',
      'mx:example.com/30',
      '~ptr',
      'ptr:example.com',
      'ip4:192.0.2.1',
      'ip4:0.0.0.0/0',
      'ip6:2001:db8::/32',
      'ip6:::ffff:192.0.2.1',
      'exists:%{i}._spf.%{d}',
      'exists:%{ir}.%{l1r+-}._spf.example.com.',
      'exp=explain._spf.%{d}',
      'moo.cow-x_y=%{s}%%%_%-',
      'empty=',
    ];
    expect(spfIncludes([[`v=spf1 ${terms.join(' ')} include:amazonses.com -all`]], HOST)).toBe(true);
  });

  it('fails when terms are separated by a tab (RFC 7208 separates terms by SP only)', () => {
    // Was accepted when terms were split on \s; a tab right after v=spf1 is not even an SPF record.
    expect(spfIncludes([['v=spf1\tinclude:amazonses.com\t~all']], HOST)).toBe(false);
    expect(spfIncludes([['v=spf1 include:amazonses.com\t~all']], HOST)).toBe(false);
  });

  it('fails on a no-break space after v=spf1 or between terms', () => {
    expect(spfIncludes([['v=spf1\u00a0include:amazonses.com ~all']], HOST)).toBe(false);
    expect(spfIncludes([['v=spf1 include:amazonses.com\u00a0~all']], HOST)).toBe(false);
    expect(spfIncludes([['v=spf1 include:amazonses.com\u00a0 ~all']], HOST)).toBe(false);
    expect(spfIncludes([['v=spf1 include:amazonses.com \u2003~all']], HOST)).toBe(false);
  });

  it('fails on an unknown mechanism anywhere in the record (permerror)', () => {
    expect(spfIncludes([['v=spf1 bogus include:amazonses.com ~all']], HOST)).toBe(false);
    expect(spfIncludes([['v=spf1 include:amazonses.com bogus ~all']], HOST)).toBe(false);
    expect(spfIncludes([['v=spf1 include:amazonses.com ~all bogus']], HOST)).toBe(false);
    expect(spfIncludes([['v=spf1 include:amazonses.com ~all:example.com']], HOST)).toBe(false);
    expect(spfIncludes([['v=spf1 include:amazonses.com +redirect=example.com']], HOST)).toBe(false);
  });

  it('fails when v=spf1 is not followed by a space (not an SPF record)', () => {
    expect(spfIncludes([['v=spf1include:amazonses.com ~all']], HOST)).toBe(false);
    // The look-alike is not an SPF record, so the real one is still the only one.
    expect(spfIncludes([['v=spf1include:x.example.com'], ['v=spf1 include:amazonses.com ~all']], HOST)).toBe(true);
  });

  it('fails on malformed mechanism arguments (permerror)', () => {
    const bad = [
      'include:',
      'include',
      'include:amazonses', // domain-end needs "." toplabel
      'a:example.123',
      'a:',
      'a/33',
      'a//129',
      'a/024',
      'mx:example.com/',
      'ptr/24',
      'ip4:192.0.2.256',
      'ip4:192.0.2.01',
      'ip4:192.0.2.0/33',
      'ip4',
      'ip6:192.0.2.1',
      'ip6:2001:db8::/129',
      'ip6:fe80::1%eth0',
      'exists:%{c}.example.com', // c, r, t are explanation-only macros
      'exists:%{x}.example.com',
      'exists:100%.example.com',
      'redirect=',
      'exp=explain',
      'unknown=50%',
      '1name=x',
    ];
    for (const term of bad) {
      expect(spfIncludes([[`v=spf1 include:amazonses.com ${term} ~all`]], HOST), term).toBe(false);
    }
  });

  it('fails on a repeated redirect or exp modifier (permerror)', () => {
    expect(spfIncludes([['v=spf1 include:amazonses.com redirect=a.example redirect=b.example']], HOST)).toBe(false);
    expect(spfIncludes([['v=spf1 include:amazonses.com exp=a.example EXP=b.example ~all']], HOST)).toBe(false);
  });

  it('fails on a non-pass qualifier', () => {
    expect(spfIncludes([['v=spf1 -include:amazonses.com ~all']], HOST)).toBe(false);
    expect(spfIncludes([['v=spf1 ~include:amazonses.com ~all']], HOST)).toBe(false);
    expect(spfIncludes([['v=spf1 ?include:amazonses.com ~all']], HOST)).toBe(false);
  });

  it('fails when the include is missing, different, or after all', () => {
    expect(spfIncludes([], HOST)).toBe(false);
    expect(spfIncludes([['v=spf1 include:sendgrid.net ~all']], HOST)).toBe(false);
    expect(spfIncludes([['v=spf1 include:amazonses.com.evil.test ~all']], HOST)).toBe(false);
    expect(spfIncludes([['v=spf1 a:amazonses.com ~all']], HOST)).toBe(false);
    expect(spfIncludes([['v=spf1 -all include:amazonses.com']], HOST)).toBe(false);
    expect(spfIncludes([['include:amazonses.com ~all']], HOST)).toBe(false);
    expect(spfIncludes([['v=spf1include:amazonses.com']], HOST)).toBe(false);
  });

  it('passes however the record is cut into character-strings', () => {
    const value = 'v=spf1 ip4:192.0.2.1 include:amazonses.com ~all';
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), (cuts) => {
        expect(spfIncludes([['other'], splitAt(value, cuts)], HOST)).toBe(true);
      }),
    );
  });
});

describe('dkimMatches', () => {
  it('matches the record we ask for', () => {
    expect(dkimMatches([[dkimRecordValue(KEY)]], KEY)).toBe(true);
  });

  it('ignores spaces and tabs inside p and around tags', () => {
    const spaced = `${KEY.slice(0, 100)} ${KEY.slice(100, 200)}\t${KEY.slice(200)}`;
    expect(dkimMatches([[`  v = DKIM1 ;k=rsa;  p = ${spaced} ; `]], KEY)).toBe(true);
    expect(dkimMatches([[`p=${KEY}`]], KEY)).toBe(true);
    expect(dkimMatches([[`v=DKIM1; k=RSA; h=sha256; t=s; p=${KEY}`]], KEY)).toBe(true);
  });

  it('joins character-strings without a separator', () => {
    const value = dkimRecordValue(KEY);
    expect(dkimMatches([[value.slice(0, 255), value.slice(255)]], KEY)).toBe(true);
  });

  it('fails on another key', () => {
    expect(dkimMatches([[dkimRecordValue(`${KEY.slice(0, -5)}AAAAB`)]], KEY)).toBe(false);
    expect(dkimMatches([[dkimRecordValue(KEY.slice(0, -1))]], KEY)).toBe(false);
  });

  it('matches when any one of several records carries the key', () => {
    expect(dkimMatches([[dkimRecordValue('OLDKEY')], ['unrelated'], [dkimRecordValue(KEY)]], KEY)).toBe(true);
  });

  it('never matches a revoked (empty) key', () => {
    expect(dkimMatches([['v=DKIM1; k=rsa; p=']], KEY)).toBe(false);
    expect(dkimMatches([['v=DKIM1; k=rsa; p=']], '')).toBe(false);
  });

  it('ignores tab, CR and LF inside p (folded whitespace)', () => {
    const folded = `${KEY.slice(0, 100)}\t${KEY.slice(100, 200)}\r\n ${KEY.slice(200, 300)}\n${KEY.slice(300)}`;
    expect(dkimMatches([[`v=DKIM1;\r\n\tk=rsa;\r\n\tp=${folded}`]], KEY)).toBe(true);
  });

  it('fails on other Unicode spaces inside p or around tags', () => {
    expect(dkimMatches([[`v=DKIM1; k=rsa; p=${KEY.slice(0, 100)}\u00a0${KEY.slice(100)}`]], KEY)).toBe(false);
    expect(dkimMatches([[`v=DKIM1;\u00a0k=rsa; p=${KEY}`]], KEY)).toBe(false);
    expect(dkimMatches([[`v=DKIM1\u00a0; k=rsa; p=${KEY}`]], KEY)).toBe(false);
    expect(dkimMatches([[`v=DKIM1; k=rsa; p=${KEY}\u2003`]], KEY)).toBe(false);
  });

  it('requires h, when present, to list sha256', () => {
    expect(dkimMatches([[`v=DKIM1; k=rsa; h=sha1; p=${KEY}`]], KEY)).toBe(false);
    expect(dkimMatches([[`v=DKIM1; k=rsa; h=; p=${KEY}`]], KEY)).toBe(false);
    expect(dkimMatches([[`v=DKIM1; k=rsa; h=sha1:sha256; p=${KEY}`]], KEY)).toBe(true);
    expect(dkimMatches([[`v=DKIM1; k=rsa; h = SHA1 :\tSHA256 ; p=${KEY}`]], KEY)).toBe(true);
  });

  it('requires s, when present, to list * or email', () => {
    expect(dkimMatches([[`v=DKIM1; k=rsa; s=other; p=${KEY}`]], KEY)).toBe(false);
    expect(dkimMatches([[`v=DKIM1; k=rsa; s=; p=${KEY}`]], KEY)).toBe(false);
    expect(dkimMatches([[`v=DKIM1; k=rsa; s=email:other; p=${KEY}`]], KEY)).toBe(true);
    expect(dkimMatches([[`v=DKIM1; k=rsa; s=other : *; p=${KEY}`]], KEY)).toBe(true);
    expect(dkimMatches([[`v=DKIM1; k=rsa; s=*; t=y:s; n=note; x=unknown; p=${KEY}`]], KEY)).toBe(true);
  });

  it('fails when v is present but not the first tag', () => {
    expect(dkimMatches([[`k=rsa; v=DKIM1; p=${KEY}`]], KEY)).toBe(false);
    expect(dkimMatches([[`p=${KEY}; v=DKIM1`]], KEY)).toBe(false);
  });

  it('fails on an invalid tag name or value (malformed tag-list)', () => {
    expect(dkimMatches([[`v=DKIM1; k=rsa; 1x=y; p=${KEY}`]], KEY)).toBe(false);
    expect(dkimMatches([[`v=DKIM1; k=rsa; _x=y; p=${KEY}`]], KEY)).toBe(false);
    expect(dkimMatches([[`v=DKIM1; k=rsa; x-y=z; p=${KEY}`]], KEY)).toBe(false);
    expect(dkimMatches([[`v=DKIM1; k=rsa; n=café; p=${KEY}`]], KEY)).toBe(false);
  });

  it('fails on another key type or version', () => {
    expect(dkimMatches([[`v=DKIM1; k=ed25519; p=${KEY}`]], KEY)).toBe(false);
    expect(dkimMatches([[`v=DKIM2; k=rsa; p=${KEY}`]], KEY)).toBe(false);
  });

  it('fails on a malformed tag list', () => {
    expect(dkimMatches([[`v=DKIM1; k=rsa; p=${KEY}; p=${KEY}`]], KEY)).toBe(false);
    expect(dkimMatches([[`v=DKIM1; rsa; p=${KEY}`]], KEY)).toBe(false);
    expect(dkimMatches([], KEY)).toBe(false);
  });

  it('matches however the record is cut into character-strings', () => {
    const value = dkimRecordValue(KEY);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), (cuts) => {
        expect(dkimMatches([splitAt(value, cuts)], KEY)).toBe(true);
      }),
    );
  });
});

describe('generateDkimKeyPair', () => {
  it('creates a 2048-bit RSA pair: SPKI public, PKCS#1 private, both plain base64', async () => {
    const { publicKeyBase64, privateKeyBase64 } = await generateDkimKeyPair();
    // SES DomainSigningPrivateKey pattern: base64 without PEM armour or line breaks.
    expect(privateKeyBase64).toMatch(/^[a-zA-Z0-9+/]+={0,2}$/);
    expect(publicKeyBase64).toMatch(/^[a-zA-Z0-9+/]+={0,2}$/);

    const publicKey = createPublicKey({ key: Buffer.from(publicKeyBase64, 'base64'), format: 'der', type: 'spki' });
    const privateKey = createPrivateKey({ key: Buffer.from(privateKeyBase64, 'base64'), format: 'der', type: 'pkcs1' });
    expect(publicKey.asymmetricKeyType).toBe('rsa');
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    // PKCS#1, not PKCS#8: the DER is not a PrivateKeyInfo, so reading it as one fails.
    expect(() =>
      createPrivateKey({ key: Buffer.from(privateKeyBase64, 'base64'), format: 'der', type: 'pkcs8' }),
    ).toThrow();

    const message = Buffer.from('DKIM-Signature round trip');
    const signature = sign('sha256', message, privateKey);
    expect(verify('sha256', message, publicKey, signature)).toBe(true);
    expect(verify('sha256', Buffer.from('tampered'), publicKey, signature)).toBe(false);

    // The public half is what the DNS record publishes, and it matches itself.
    expect(dkimMatches([[dkimRecordValue(publicKeyBase64)]], publicKeyBase64)).toBe(true);
  });

  it('creates a different pair each time', async () => {
    const [a, b] = await Promise.all([generateDkimKeyPair(), generateDkimKeyPair()]);
    expect(a.publicKeyBase64).not.toBe(b.publicKeyBase64);
  });
});
