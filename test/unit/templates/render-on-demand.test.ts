import { describe, expect, it } from 'vitest';
import { ApiError } from '#core/errors.ts';
import {
  parseTemplateForRequest,
  renderForSend,
  renderForSingleSend,
  templateRenderer,
} from '#templates/render-on-demand.service.ts';
import type { TemplateRecord } from '#templates/template.store.ts';
import * as direct from '#templates/template-render.service.ts';

const template: TemplateRecord = {
  id: 'tmpl_render_on_demand',
  organization_id: 'org_1',
  name: 'Receipt',
  subject: 'Receipt {{order}}',
  html: '<p>Thanks {{name}}</p>',
  text: null,
  variables: ['name', 'order'],
  is_active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('the template renderer on demand', () => {
  it('is imported once per instance, the same functions as the render service', async () => {
    const renderer = templateRenderer();
    expect(templateRenderer()).toBe(renderer);
    expect((await renderer).renderForSend).toBe(direct.renderForSend);
    expect((await renderer).renderForSingleSend).toBe(direct.renderForSingleSend);
  });

  it('renders as the service does', async () => {
    const data = { name: 'Ann', order: 7 };
    expect(await renderForSingleSend(template, data, 'Order {{order}}')).toEqual(
      direct.renderForSingleSend(template, data, 'Order {{order}}'),
    );
    expect(await renderForSend(template, data)).toEqual(direct.renderForSend(template, data));
  });

  it('rejects a subject that does not compile with the 400 the service throws', async () => {
    const refused = await parseTemplateForRequest({ subject: 'Hi {{#if}}', html: null, text: null }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
