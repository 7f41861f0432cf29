/** Templates through the HTTP API on the local stack: CRUD, soft delete, search, preview, isolation. */
import { describe, expect, it } from 'vitest';
import { createTestOrganization } from '../support/factories.ts';
import { expectError } from '../support/http.ts';

type Api = Awaited<ReturnType<typeof createTestOrganization>>['api'];

const welcome = {
  name: 'Welcome',
  subject: 'Welcome, {{user.first_name}}',
  html: '<h1>Hi {{user.first_name}}</h1>{{#each items}}<li>{{this.name}}</li>{{/each}}{{#if promo}}{{promo}}{{/if}}',
  text: 'Hi {{user.first_name}}',
  variable_schema: [
    { name: 'user', type: 'object', required: true },
    { name: 'items', type: 'array', required: false, default_value: [] },
  ],
};

async function create(api: Api, body: Record<string, unknown> = welcome) {
  const response = await api.post('/api/v1/templates', body);
  expect(response.status, response.text).toBe(201);
  return response.body.data as Record<string, unknown> & { id: string; updated_at: string };
}

describe('templates', () => {
  it('creates a template with its detected variables and reads it back with usage', async () => {
    const { api } = await createTestOrganization();
    const template = await create(api);
    expect(template).toEqual({
      id: expect.stringMatching(/^tmpl_[0-9A-Za-z]+$/),
      name: 'Welcome',
      subject: welcome.subject,
      html_body: welcome.html,
      text_body: welcome.text,
      variables: ['user', 'items', 'promo'],
      variable_schema: welcome.variable_schema,
      is_active: true,
      created_at: expect.any(String),
      updated_at: template.created_at,
    });
    const got = await api.get(`/api/v1/templates/${template.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual({ ...template, usage: { sends_last_30_days: 0, last_sent_at: null } });
  });

  it('refuses a template that does not compile, naming the field, line and column', async () => {
    const { api } = await createTestOrganization();
    const response = await api.post('/api/v1/templates', {
      name: 'Bad',
      subject: 'ok',
      html: '<p>\n  {{#if x}}\n</p>{{/each}}',
    });
    expectError(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.details).toEqual([
      {
        field: 'html',
        message: expect.stringMatching(/^Template does not compile at line 2, column \d+: if doesn't match each$/),
      },
    ]);
    const helper = await api.post('/api/v1/templates', { name: 'Bad', subject: '{{shout name}}', text: 'x' });
    expectError(helper, 400, 'VALIDATION_ERROR');
    expect(helper.body.error.details[0]).toMatchObject({
      field: 'subject',
      message: expect.stringContaining('line 1, column 1'),
    });
  });

  it('refuses bad bodies: missing fields, no body at all, a bad schema, unknown fields', async () => {
    const { api } = await createTestOrganization();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ subject: 's', html: 'x' }, 'name'],
      [{ name: 'n', html: 'x' }, 'subject'],
      [{ name: 'n', subject: 's' }, 'html'],
      [{ name: 'n', subject: 'line\nbreak', html: 'x' }, 'subject'],
      [
        { name: 'n', subject: 's', html: 'x', variable_schema: [{ name: 'a', type: 'date' }] },
        'variable_schema[0].type',
      ],
      [
        { name: 'n', subject: 's', html: 'x', variable_schema: [{ name: 'a', type: 'number', default_value: 'x' }] },
        'variable_schema[0].default_value',
      ],
      [{ name: 'n', subject: 's', html: 'x', colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const response = await api.post('/api/v1/templates', body);
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
  });

  it('updates only the given fields, re-detects variables and moves updated_at', async () => {
    const { api } = await createTestOrganization();
    const template = await create(api);
    const response = await api.put(`/api/v1/templates/${template.id}`, {
      text: 'Bye {{nickname}}',
      variable_schema: [],
    });
    expect(response.status, response.text).toBe(200);
    const updated = response.body.data;
    expect(updated.name).toBe('Welcome');
    expect(updated.html_body).toBe(welcome.html);
    expect(updated.text_body).toBe('Bye {{nickname}}');
    expect(updated.variables).toEqual(['user', 'items', 'promo', 'nickname']);
    expect(updated.variable_schema).toBeUndefined();
    expect(updated.updated_at > template.updated_at).toBe(true);
    expect((await api.get(`/api/v1/templates/${template.id}`)).body.data.text_body).toBe('Bye {{nickname}}');

    expectError(await api.put(`/api/v1/templates/${template.id}`, {}), 400, 'VALIDATION_ERROR');
    expectError(await api.put(`/api/v1/templates/${template.id}`, { html: '{{#if}}' }), 400, 'VALIDATION_ERROR');
    expectError(await api.put('/api/v1/templates/tmpl_doesNotExist0000', { name: 'x' }), 404, 'NOT_FOUND');
  });

  it('soft-deletes: still readable and listed as inactive, no longer updatable', async () => {
    const { api } = await createTestOrganization();
    const template = await create(api);
    const deleted = await api.delete(`/api/v1/templates/${template.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id: template.id, deleted: true });
    const got = (await api.get(`/api/v1/templates/${template.id}`)).body.data;
    expect(got.is_active).toBe(false);
    expectError(await api.put(`/api/v1/templates/${template.id}`, { name: 'again' }), 404, 'NOT_FOUND');
    expect((await api.delete(`/api/v1/templates/${template.id}`)).status).toBe(200);
    const inactive = await api.get('/api/v1/templates?is_active=false');
    expect(inactive.body.data.map((entry: { id: string }) => entry.id)).toEqual([template.id]);
    expect((await api.get('/api/v1/templates?is_active=true')).body.data).toEqual([]);
    expectError(await api.delete('/api/v1/templates/tmpl_doesNotExist0000'), 404, 'NOT_FOUND');
  });

  it('lists newest first with pagination, is_active and a case-insensitive search of name or subject', async () => {
    const { api } = await createTestOrganization();
    const names = ['Receipt', 'Password reset', 'Weekly digest', 'Invoice'];
    const made: string[] = [];
    for (const name of names) made.push((await create(api, { name, subject: `${name} for {{who}}`, text: 'x' })).id);
    const page1 = await api.get('/api/v1/templates?limit=3');
    expect(page1.body.data.map((entry: { name: string }) => entry.name)).toEqual([
      'Invoice',
      'Weekly digest',
      'Password reset',
    ]);
    expect(page1.body.pagination).toEqual({ page: 1, limit: 3, total_count: 4, total_pages: 2 });
    expect(page1.body.data[0].html_body).toBeUndefined();
    const page2 = await api.get('/api/v1/templates?limit=3&page=2');
    expect(page2.body.data.map((entry: { name: string }) => entry.name)).toEqual(['Receipt']);
    const search = await api.get('/api/v1/templates?search=RESET');
    expect(search.body.data.map((entry: { id: string }) => entry.id)).toEqual([made[1]]);
    const bySubject = await api.get(`/api/v1/templates?search=${encodeURIComponent('digest for {{')}`);
    expect(bySubject.body.pagination.total_count).toBe(1);
    expectError(await api.get('/api/v1/templates?is_active=yes'), 400, 'VALIDATION_ERROR');
    expectError(await api.get('/api/v1/templates?sort=name'), 400, 'VALIDATION_ERROR');
  });

  it('previews with data: escaping in html only, warnings for missing values and schema problems', async () => {
    const { api } = await createTestOrganization();
    const template = await create(api);
    const response = await api.post(`/api/v1/templates/${template.id}/preview`, {
      data: { user: { first_name: 'Tom & <Jerry>' }, items: [{ name: 'a' }, {}] },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({
      subject: 'Welcome, Tom & <Jerry>',
      html: '<h1>Hi Tom &amp; &lt;Jerry&gt;</h1><li>a</li><li></li>',
      text: 'Hi Tom & <Jerry>',
      variables: ['user', 'items', 'promo'],
      warnings: [{ variable: 'items[1].name', message: 'No value: rendered as empty' }],
    });
    const empty = await api.post(`/api/v1/templates/${template.id}/preview`, { data: { items: 'nope' } });
    expect(empty.status).toBe(200);
    expect(empty.body.data.warnings).toEqual([
      { variable: 'user', message: 'is required' },
      { variable: 'items', message: 'must be an array' },
      { variable: 'user.first_name', message: 'No value: rendered as empty' },
    ]);
    expect(empty.body.data.subject).toBe('Welcome, ');
  });

  it('renders nothing for prototype lookups in a preview', async () => {
    const { api } = await createTestOrganization();
    const template = await create(api, {
      name: 'proto',
      subject: '[{{constructor.name}}]',
      text: '[{{__proto__}}][{{user.constructor}}][{{#each list}}{{this.constructor.name}}{{/each}}]',
    });
    const response = await api.post(`/api/v1/templates/${template.id}/preview`, { data: { user: {}, list: [{}] } });
    expect(response.body.data.subject).toBe('[]');
    expect(response.body.data.text).toBe('[][][]');
  });

  it('stores a default value of any JSON, whatever its keys (constructor, toString, hasOwnProperty)', async () => {
    const { api } = await createTestOrganization();
    const defaults: unknown[] = [
      { constructor: 'x' },
      { a: { constructor: { name: 'String' }, toString: 'y', hasOwnProperty: 'z', valueOf: 1 } },
      [{ constructor: 'x' }, { constructor: { name: 'Set' } }, [{ constructor: { name: 'Buffer' } }]],
    ];
    const variable_schema = defaults.map((default_value, index) => ({
      name: `v${index}`,
      type: Array.isArray(default_value) ? 'array' : 'object',
      default_value,
    }));
    const template = await create(api, { name: 'keys', subject: 's', text: 'x', variable_schema });
    expect(template.variable_schema).toEqual(variable_schema.map((variable) => ({ ...variable, required: false })));
    const read = await api.get(`/api/v1/templates/${template.id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.data.variable_schema).toEqual(template.variable_schema);
    const updated = await api.put(`/api/v1/templates/${template.id}`, {
      variable_schema: [{ name: 'w', type: 'object', default_value: { constructor: 'x', toString: 'y' } }],
    });
    expect(updated.status, updated.text).toBe(200);
    expect((await api.get(`/api/v1/templates/${template.id}`)).body.data.variable_schema).toEqual([
      { name: 'w', type: 'object', required: false, default_value: { constructor: 'x', toString: 'y' } },
    ]);
  });

  it('refuses a default value DynamoDB cannot store as given (numbers, nesting) with a 400', async () => {
    const { api } = await createTestOrganization();
    let deep: unknown = 1;
    for (let level = 0; level < 20; level += 1) deep = [deep];
    const cases: Array<[string, unknown]> = [
      ['number', 1e300],
      ['number', 2 ** 60],
      ['number', 1e-200],
      ['object', { n: -1e200 }],
      ['array', deep],
    ];
    for (const [type, default_value] of cases) {
      const response = await api.post('/api/v1/templates', {
        name: 'n',
        subject: 's',
        text: 'x',
        variable_schema: [{ name: 'v', type, default_value }],
      });
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.details.map((detail: { field: string }) => detail.field)).toEqual([
        'variable_schema[0].default_value',
      ]);
    }
    for (const value of [0, -0.5, 1.5e-100, 9007199254740991, -123456.789]) {
      const response = await api.post('/api/v1/templates', {
        name: 'n',
        subject: 's',
        text: 'x',
        variable_schema: [{ name: 'v', type: 'number', default_value: value }],
      });
      expect(response.status, `${value}: ${response.text}`).toBe(201);
      const read = await api.get(`/api/v1/templates/${response.body.data.id}`);
      expect(read.body.data.variable_schema[0].default_value).toBe(value);
    }
  });

  it('keeps each organization to its own templates', async () => {
    const owner = await createTestOrganization();
    const other = await createTestOrganization();
    const template = await create(owner.api);
    expectError(await other.api.get(`/api/v1/templates/${template.id}`), 404, 'NOT_FOUND');
    expectError(await other.api.put(`/api/v1/templates/${template.id}`, { name: 'x' }), 404, 'NOT_FOUND');
    expectError(await other.api.delete(`/api/v1/templates/${template.id}`), 404, 'NOT_FOUND');
    expectError(await other.api.post(`/api/v1/templates/${template.id}/preview`, { data: {} }), 404, 'NOT_FOUND');
    expect((await other.api.get('/api/v1/templates')).body.pagination.total_count).toBe(0);
    expect((await owner.api.get(`/api/v1/templates/${template.id}`)).body.data.is_active).toBe(true);
  });
});
