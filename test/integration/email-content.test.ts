/**
 * Bodies too big to keep on the email item live on its content item (email.store.ts newEmailItems),
 * so that delivery's updates of the email item (claim, hand-over, status) are billed by the email
 * item alone, not by its bodies. Checked through the API and the SES emulator, and on the stored items.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '#dynamo/client.ts';
import { itemSize } from '#dynamo/item-size.ts';
import { keys } from '#dynamo/keys.ts';
import { claimForDelivery } from '#emails/delivery/delivery-state.store.ts';
import { newEmailItems, writeUnitsOf } from '#emails/email.store.ts';
import { emailRecord } from '../support/email-records.ts';
import { createSender, createTestOrganization } from '../support/factories.ts';
import { eventually, sesMessages } from '../support/ses-store.ts';

const uniqueSubject = () => `Content ${Math.random().toString(36).slice(2)}`;

/** About `kb` KB of HTML whose rows differ (so gzip cannot shrink it under a few KB). */
function largeHtml(kb: number, seed: string): string {
  const rows: string[] = [];
  for (let i = 0; rows.join('').length < kb * 1024; i += 1) {
    rows.push(
      `<tr><td>${seed} item ${i} ${((i * 7919) % 10007).toString(36)}</td><td>${(i * 31) % 997}.${i % 100}</td></tr>`,
    );
  }
  return `<table>${rows.join('')}</table>`;
}

async function storedItem(key: { PK: string; SK: string }) {
  return (await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
}

/** What one more update of the email item costs in write units (DynamoDB bills the whole item). */
async function writeUnitsOfAnUpdate(organizationId: string, emailId: string): Promise<number | undefined> {
  const result = await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.email(organizationId, emailId),
      UpdateExpression: 'SET probe = :probe',
      ExpressionAttributeValues: { ':probe': 1 },
      ReturnConsumedCapacity: 'TOTAL',
    }),
  );
  return result.ConsumedCapacity?.CapacityUnits;
}

describe('an email with large bodies', () => {
  it('is sent and shown whole, while updates of its email item are billed without the bodies', async () => {
    const { send, api, organization } = await createSender();
    const subject = uniqueSubject();
    const html = largeHtml(40, subject);
    const text = `Plain ${largeHtml(10, subject)}`;
    const response = await send({ subject, html, text });
    expect(response.status, response.text).toBe(201);
    const id = response.body.data.message_id as string;

    const [message] = await eventually(async () => {
      const found = await sesMessages(subject);
      return found.length > 0 ? found : undefined;
    });
    expect(message?.body).toEqual({ html, text });
    const email = await eventually(async () => {
      const got = (await api.get(`/api/v1/emails/${id}`)).body.data;
      return got.status === 'delivered' ? got : undefined;
    });
    expect(email).toMatchObject({ html, text, subject });

    const item = await storedItem(keys.email(organization.id, id));
    expect(item).toMatchObject({ bodies_apart: true, status: 'delivered', ses_message_id: expect.any(String) });
    expect(item).not.toHaveProperty('html_gz');
    const content = await storedItem(keys.emailContent(organization.id, id));
    const htmlGz = content?.html_gz;
    expect(htmlGz).toBeInstanceOf(Uint8Array);
    expect((htmlGz as Uint8Array).length).toBeGreaterThan(2048);
    // An update of the email item is billed by the email item alone, fewer units than with the bodies.
    const units = await writeUnitsOfAnUpdate(organization.id, id);
    const probed = await storedItem(keys.email(organization.id, id));
    expect(units).toBe(writeUnitsOf(itemSize(probed ?? {})));
    expect(units).toBeLessThan(writeUnitsOf(itemSize(probed ?? {}) + itemSize(content ?? {})));
  });

  it('keeps bodies on the email item when they add no write unit (no second item to write or read)', async () => {
    const { send, api, organization } = await createSender();
    // A long subject puts the email item well inside its second KB, where small bodies add no unit.
    const subject = `${uniqueSubject()} ${'s'.repeat(200)}`;
    const response = await send({ subject, html: '<p>Small</p>', text: 'Small' });
    expect(response.status, response.text).toBe(201);
    const id = response.body.data.message_id as string;
    await eventually(async () =>
      (await api.get(`/api/v1/emails/${id}`)).body.data.status === 'delivered' ? true : undefined,
    );
    const item = await storedItem(keys.email(organization.id, id));
    expect(item?.html_gz).toBeInstanceOf(Uint8Array);
    expect(item).not.toHaveProperty('bodies_apart');
    expect(await storedItem(keys.emailContent(organization.id, id))).toBeUndefined();
    expect((await sesMessages(subject))[0]?.body).toEqual({ html: '<p>Small</p>', text: 'Small' });
  });

  it('is sent whole from a batch, each recipient with their own rendering', async () => {
    const { api, domain, organization } = await createSender();
    const template = await api.post('/api/v1/templates', {
      name: 'Large',
      subject: 'Large {{name}}',
      html: `<p>{{name}}</p>${largeHtml(30, 'batch')}`,
    });
    expect(template.status, template.text).toBe(201);
    const names = ['Ann', 'Bob', 'Cy'];
    const response = await api.post('/api/v1/emails/batch', {
      template_id: template.body.data.id,
      from: { email: `shop@${domain}` },
      recipients: names.map((name) => ({ to: { email: `${name.toLowerCase()}@example.com` }, data: { name } })),
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data.accepted).toBe(3);
    for (const name of names) {
      const [message] = await eventually(async () => {
        const found = await sesMessages(`Large ${name}`);
        return found.length > 0 ? found : undefined;
      }, 20_000);
      expect(message?.body.html).toBe(`<p>${name}</p>${largeHtml(30, 'batch')}`);
    }
    const listed = (await api.get('/api/v1/emails?limit=10')).body.data as Array<{ id: string }>;
    expect(listed).toHaveLength(3);
    for (const { id } of listed) {
      expect(await storedItem(keys.email(organization.id, id))).toMatchObject({ bodies_apart: true });
      const units = await writeUnitsOfAnUpdate(organization.id, id);
      expect(units).toBe(writeUnitsOf(itemSize((await storedItem(keys.email(organization.id, id))) ?? {})));
    }
  });
});

describe('a delivery that finds the email but not yet its content item', () => {
  it('gives its claim back and claims the email once the content is written', async () => {
    const { organization } = await createTestOrganization();
    const email = emailRecord(organization.id, { html: largeHtml(20, 'race'), text: null });
    const items = newEmailItems(email);
    expect(items.content).toBeDefined();
    // The email item lands first (its accept writes both at once: either may be first).
    await db.send(new PutCommand({ TableName: tableName, Item: items.email }));

    expect((await claimForDelivery(organization.id, email.id, 60_000)).outcome).toBe('missing');
    const afterMiss = await storedItem(keys.email(organization.id, email.id));
    expect(afterMiss).not.toHaveProperty('lease_until');
    // Not `leased`: the claim was given back, so the next try (claimWhenWritten's waits) can claim it.
    expect((await claimForDelivery(organization.id, email.id, 60_000)).outcome).toBe('missing');

    await db.send(new PutCommand({ TableName: tableName, Item: items.content }));
    const claimed = await claimForDelivery(organization.id, email.id, 60_000);
    expect(claimed.outcome).toBe('claimed');
    expect(claimed.email?.html).toBe(email.html);
    expect(claimed.email?.text).toBeNull();
  });
});
