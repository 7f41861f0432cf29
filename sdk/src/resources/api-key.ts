/**
 * `postbox.apiKey`: what the client's own key is and may do (its permission and domains). See docs/api.md.
 */
import type { RequestOptions } from '../options.js';
import type { Transport } from '../transport.js';
import type { ResponseData } from '../types.js';

export class ApiKeyResource {
  readonly #http: Transport;
  constructor(http: Transport) {
    this.#http = http;
  }

  /**
   * `GET /api-key`: the calling key's id, name, prefix, environment, `permission` (`full_access` or
   * `sending_access`) and `domain_ids` (null when not limited to domains). Never the secret.
   */
  get(options?: RequestOptions): Promise<ResponseData<'getApiKey'>> {
    return this.#http.data({ method: 'GET', path: '/api-key', options });
  }
}
