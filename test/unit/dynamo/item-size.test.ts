import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BodiesTooLargeError, itemSize } from '#dynamo/item-size.ts';
import {
  BODIES_APART_MIN_UNITS,
  DELIVERY_STATE_BYTES,
  MAX_STORED_EMAIL_BYTES,
  newEmailItems,
  writeUnitsOf,
} from '#emails/email.store.ts';
import { emailRecord } from '../../support/email-records.ts';

describe('itemSize', () => {
  it('counts names and values as DynamoDB does', () => {
    expect(writeUnitsOf(0)).toBe(1);
    expect(writeUnitsOf(1024)).toBe(1);
    expect(writeUnitsOf(1025)).toBe(2);
    // Strings: UTF-8 bytes of name and value.
    expect(itemSize({ PK: 'ab', name: 'é' })).toBe(2 + 2 + 4 + 2);
    // Numbers: one byte per two significant digits, plus one; leading and trailing zeros do not count.
    expect(itemSize({ n: 12345 })).toBe(1 + 4);
    expect(itemSize({ n: 1000 })).toBe(1 + 2);
    expect(itemSize({ n: -0.5 })).toBe(1 + 2);
    // Booleans and null: one byte. Binary: its bytes.
    expect(itemSize({ b: true, z: null, g: new Uint8Array(10) })).toBe(1 + 1 + 1 + 1 + 1 + 10);
    // Lists and maps: 3 bytes, plus 1 per element, plus the elements (with their names in a map).
    expect(itemSize({ l: ['a', 'bc'] })).toBe(1 + 3 + (1 + 1) + (1 + 2));
    expect(itemSize({ m: { k: 'v', kk: 1 } })).toBe(1 + 3 + (1 + 1 + 1) + (1 + 2 + 2));
    expect(itemSize({ gone: undefined })).toBe(0);
  });
});

describe('newEmailItems', () => {
  const organizationId = '00000000-0000-4000-8000-000000000000';

  it('keeps bodies that add one write unit to each update on the email item (a second item costs more)', () => {
    // Varied text: gzip leaves a few hundred bytes, about one unit more than the email item alone.
    const text = Array.from({ length: 70 }, (_, i) => `line ${i} ${((i * 7919) % 10007).toString(36)}`).join('\n');
    const items = newEmailItems(emailRecord(organizationId, { html: null, text }));
    const { text_gz: _gz, ...alone } = items.email;
    const added =
      writeUnitsOf(itemSize(items.email) + DELIVERY_STATE_BYTES) - writeUnitsOf(itemSize(alone) + DELIVERY_STATE_BYTES);
    expect(added).toBe(1);
    expect(items.content).toBeUndefined();
  });

  it('keeps bodies on the email item when they do not make its updates cost more', () => {
    const items = newEmailItems(emailRecord(organizationId, { html: '<p>Thanks</p>', text: 'Thanks' }));
    expect(items.content).toBeUndefined();
    expect(items.email.html_gz).toBeInstanceOf(Uint8Array);
    const { html_gz: _html, text_gz: _text, ...withoutBodies } = items.email;
    expect(writeUnitsOf(itemSize(items.email) + DELIVERY_STATE_BYTES)).toBe(
      writeUnitsOf(itemSize(withoutBodies) + DELIVERY_STATE_BYTES),
    );
  });

  it('moves bodies that would add two or more write units to each update to a content item', () => {
    const html = Array.from({ length: 1500 }, (_, i) => `<p>${i.toString(36)} ${(i * 7919) % 10007}</p>`).join('');
    const email = emailRecord(organizationId, { html, text: 'short' });
    const items = newEmailItems(email);
    expect(items.email).toMatchObject({ bodies_apart: true, id: email.id, status: 'queued' });
    expect(items.email).not.toHaveProperty('html_gz');
    expect(items.email).not.toHaveProperty('text_gz');
    // Each update of the email item now costs what it would without bodies, fewer units than with them.
    const bodyBytes = itemSize(items.content ?? {});
    expect(
      writeUnitsOf(itemSize(items.email) + bodyBytes + DELIVERY_STATE_BYTES) -
        writeUnitsOf(itemSize(items.email) + DELIVERY_STATE_BYTES),
    ).toBeGreaterThanOrEqual(BODIES_APART_MIN_UNITS);
    expect(items.content).toMatchObject({ PK: items.email.PK, SK: 'CONTENT', type: 'email_content' });
    expect(items.content?.html_gz).toBeInstanceOf(Uint8Array);
    expect(items.content?.text_gz).toBeInstanceOf(Uint8Array);
    // The content item carries no index keys: it is in no list.
    expect(Object.keys(items.content ?? {}).filter((name) => name.startsWith('GSI'))).toEqual([]);
  });

  it('still refuses an email that cannot be stored', () => {
    // Random base64 gzips to ~75%: 600 KB of it stays over the 380 KB an email may take.
    const html = randomBytes(450_000).toString('base64');
    expect(() => newEmailItems(emailRecord(organizationId, { html }))).toThrow(BodiesTooLargeError);
    expect(() =>
      newEmailItems(emailRecord(organizationId, { html: html.slice(0, MAX_STORED_EMAIL_BYTES / 2) })),
    ).not.toThrow();
  });
});
