/**
 * What deploys is what is tested: the main paths through the bundles `cdk synth` wrote (the local
 * cloud loads each function from its asset in cdk.out, not from the TypeScript sources). Run by
 * `npm run test:bundles` after `npm run synth` (.ci/run does both).
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { dashboardMember } from '../support/dashboard.ts';
import { createSender } from '../support/factories.ts';
import { acceptedId, call } from '../support/http.ts';
import { eventually } from '../support/ses-store.ts';

type Api = Awaited<ReturnType<typeof createSender>>['api'];

const statusOf = async (api: Api, id: string, status: string) =>
  eventually(async () => {
    const email = (await api.get(`/api/v1/emails/${id}`)).body.data;
    return email?.status === status ? email : undefined;
  }, 30_000);

describe('the deployed bundles', () => {
  it('send → delivered', async () => {
    const { api, send } = await createSender();
    const id = acceptedId(await send({ to: [{ email: 'delivered@example.com' }] }));
    expect(await statusOf(api, id, 'delivered')).toMatchObject({ id, status: 'delivered' });
  });

  it('a template send, rendered and delivered', async () => {
    const { api, domain } = await createSender();
    const template = await api.post('/api/v1/templates', {
      name: 'Receipt',
      subject: 'Receipt {{order}}',
      html: '<p>Thanks {{name}}</p>',
      variable_schema: [
        { name: 'name', type: 'string', required: true },
        { name: 'order', type: 'number', required: true },
      ],
    });
    expect(template.status, template.text).toBe(201);
    const sent = await api.post('/api/v1/emails/send', {
      from: { email: `shop@${domain}` },
      to: [{ email: 'ann@example.com' }],
      subject: 'Receipt {{order}}',
      template_id: template.body.data.id,
      template_data: { name: 'Ann', order: 7 },
    });
    const email = await statusOf(api, acceptedId(sent), 'delivered');
    expect(email).toMatchObject({ subject: 'Receipt 7', html: '<p>Thanks Ann</p>' });
  });

  it('a send with an attachment (its storing a chunk loaded on first use), delivered with it', async () => {
    const { api, send } = await createSender();
    const bytes = Buffer.from('%PDF-1.7 postbox smoke');
    const id = acceptedId(
      await send({
        to: [{ email: 'delivered@example.com' }],
        attachments: [{ filename: 'a.pdf', content: bytes.toString('base64') }],
      }),
    );
    const email = await statusOf(api, id, 'delivered');
    expect(email.attachments).toMatchObject([
      { filename: 'a.pdf', content_type: 'application/pdf', size: bytes.length },
    ]);
  });

  it('a batch, every email delivered', async () => {
    const { api, domain } = await createSender();
    const template = await api.post('/api/v1/templates', { name: 'Hi', subject: 'Hi {{name}}', text: 'Hi {{name}}' });
    const result = await api.post('/api/v1/emails/batch', {
      from: { email: `news@${domain}` },
      template_id: template.body.data.id,
      recipients: ['a', 'b', 'c'].map((name) => ({ to: { email: `${name}@example.com` }, data: { name } })),
    });
    expect(result.status, result.text).toBe(201);
    expect(result.body.data).toMatchObject({ total: 3, accepted: 3 });
    await eventually(async () => {
      const delivered = (await api.get('/api/v1/emails?status=delivered')).body.pagination.total_count;
      return delivered === 3 ? true : undefined;
    }, 30_000);
  });

  it('the API reference: its page, its script (copied into the bundle) and the OpenAPI document', async () => {
    const page = await call('GET', '/docs');
    expect(page.status, page.text).toBe(200);
    const src = /<script src="([^"]+)"><\/script>/.exec(page.text)?.[1] ?? '';
    const script = await call('GET', src, { headers: { 'accept-encoding': 'gzip' } });
    expect(script.status, script.text.slice(0, 200)).toBe(200);
    expect(gunzipSync(script.raw).length).toBeGreaterThan(1_000_000);
    const document = await call('GET', '/api/v1/openapi.json');
    expect(document.status).toBe(200);
    expect(document.body.openapi).toBe('3.1.0');
  });

  it('a dashboard sign-in, then a signed-in page', async () => {
    const { browser } = await dashboardMember();
    const page = await browser.get('/dashboard/emails');
    expect(page.status, page.text.slice(0, 300)).toBe(200);
    expect(page.text).toContain('Sign out');
  });
});
