/**
 * `postbox.templates`: create, list, read, update, deactivate and preview templates. See docs/api.md.
 */
import type { RequestOptions } from '../options.js';
import { everyItem } from '../pagination.js';
import { segment, type Transport } from '../transport.js';
import type {
  CreateTemplateRequest,
  ListTemplatesQuery,
  ResponseBody,
  ResponseData,
  Schemas,
  TemplateSummary,
  UpdateTemplateRequest,
} from '../types.js';

export class Templates {
  readonly #http: Transport;
  constructor(http: Transport) {
    this.#http = http;
  }

  /** `POST /templates`. Not retried after a network error or a 5xx (a retry could create it twice). */
  create(template: CreateTemplateRequest, options?: RequestOptions): Promise<ResponseData<'createTemplate'>> {
    return this.#http.data({
      method: 'POST',
      path: '/templates',
      body: template,
      options,
    });
  }

  /** `GET /templates`: one page, newest first, without bodies. */
  list(query: ListTemplatesQuery = {}, options?: RequestOptions): Promise<ResponseBody<'listTemplates'>> {
    return this.#http.request({ method: 'GET', path: '/templates', query, options });
  }

  /** Every template matching `query`, across pages. */
  listAll(query: ListTemplatesQuery = {}, options?: RequestOptions): AsyncGenerator<TemplateSummary, void, undefined> {
    return everyItem((page) => this.list({ limit: 100, ...query, page }, options), query.page);
  }

  /** `GET /templates/{id}`: the template with its bodies and usage. */
  get(id: string, options?: RequestOptions): Promise<ResponseData<'getTemplate'>> {
    return this.#http.data({ method: 'GET', path: `/templates/${segment(id)}`, options });
  }

  /** `PUT /templates/{id}`: only the fields given change. */
  update(
    id: string,
    changes: UpdateTemplateRequest,
    options?: RequestOptions,
  ): Promise<ResponseData<'updateTemplate'>> {
    return this.#http.data({
      method: 'PUT',
      path: `/templates/${segment(id)}`,
      body: changes,
      options,
    });
  }

  /** `DELETE /templates/{id}`: deactivates it (it can still be read and previewed). */
  delete(id: string, options?: RequestOptions): Promise<ResponseData<'deleteTemplate'>> {
    return this.#http.data({
      method: 'DELETE',
      path: `/templates/${segment(id)}`,
      options,
    });
  }

  /** `POST /templates/{id}/preview`: renders it with `data`; problems come back as `warnings`. */
  preview(
    id: string,
    data: NonNullable<Schemas['PreviewTemplateRequest']['data']> = {},
    options?: RequestOptions,
  ): Promise<ResponseData<'previewTemplate'>> {
    const body: Schemas['PreviewTemplateRequest'] = { data };
    return this.#http.data({
      method: 'POST',
      path: `/templates/${segment(id)}/preview`,
      body,
      options,
    });
  }
}
