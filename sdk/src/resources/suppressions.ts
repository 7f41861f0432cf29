/**
 * `postbox.suppressions`: the addresses Postbox will not send to. See docs/api.md.
 */
import type { RequestOptions } from '../options.js';
import { everyItem } from '../pagination.js';
import { segment, type Transport } from '../transport.js';
import type {
  AddSuppressionRequest,
  ListSuppressionsQuery,
  ResponseBody,
  ResponseData,
  Suppression,
} from '../types.js';

export class Suppressions {
  readonly #http: Transport;
  constructor(http: Transport) {
    this.#http = http;
  }

  /** `GET /suppressions`: one page, newest first. */
  list(query: ListSuppressionsQuery = {}, options?: RequestOptions): Promise<ResponseBody<'listSuppressions'>> {
    return this.#http.request({ method: 'GET', path: '/suppressions', query, options });
  }

  /** Every suppression, across pages. */
  listAll(query: ListSuppressionsQuery = {}, options?: RequestOptions): AsyncGenerator<Suppression, void, undefined> {
    return everyItem((page) => this.list({ limit: 100, ...query, page }, options), query.page);
  }

  /** `POST /suppressions`: suppresses an address (an existing entry takes the new reason). */
  add(suppression: AddSuppressionRequest, options?: RequestOptions): Promise<ResponseData<'addSuppression'>> {
    return this.#http.data({
      method: 'POST',
      path: '/suppressions',
      body: suppression,
      options,
    });
  }

  /** `DELETE /suppressions/{id}`: the address can receive email again. */
  remove(id: string, options?: RequestOptions): Promise<ResponseData<'removeSuppression'>> {
    return this.#http.data({
      method: 'DELETE',
      path: `/suppressions/${segment(id)}`,
      options,
    });
  }
}
