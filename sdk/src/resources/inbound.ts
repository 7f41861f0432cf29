/**
 * `postbox.inbound`: the messages received at your receiving domains: list, read (with presigned
 * download URLs for attachments and the raw message) and delete. See sdk/README.md, "Receiving email".
 */
import type { RequestOptions } from '../options.js';
import { everyItem } from '../pagination.js';
import { segment, type Transport } from '../transport.js';
import type { InboundListItem, ListInboundQuery, ResponseBody, ResponseData } from '../types.js';

export class Inbound {
  readonly #http: Transport;
  constructor(http: Transport) {
    this.#http = http;
  }

  /** `GET /inbound`: one page, newest first, without bodies or headers. */
  list(query: ListInboundQuery = {}, options?: RequestOptions): Promise<ResponseBody<'listInbound'>> {
    return this.#http.request({ method: 'GET', path: '/inbound', query, options });
  }

  /** Every received message matching `query`, across pages (100 per request unless `query.limit` says otherwise). */
  listAll(query: ListInboundQuery = {}, options?: RequestOptions): AsyncGenerator<InboundListItem, void, undefined> {
    return everyItem((page) => this.list({ limit: 100, ...query, page }, options), query.page);
  }

  /** `GET /inbound/{id}`: the message with its bodies, headers and download URLs (valid 1 hour). */
  get(id: string, options?: RequestOptions): Promise<ResponseData<'getInbound'>> {
    return this.#http.data({ method: 'GET', path: `/inbound/${segment(id)}`, options });
  }

  /** `DELETE /inbound/{id}`: removes the message, its raw message and its attachments. */
  delete(id: string, options?: RequestOptions): Promise<ResponseData<'deleteInbound'>> {
    return this.#http.data({
      method: 'DELETE',
      path: `/inbound/${segment(id)}`,
      options,
    });
  }
}
