/**
 * `postbox.domains`: sending domains, their DNS records and verification. See docs/api.md.
 */
import type { RequestOptions } from '../options.js';
import { segment, type Transport } from '../transport.js';
import type { ResponseData, Schemas, UpdateDomainRequest } from '../types.js';

export class Domains {
  readonly #http: Transport;
  constructor(http: Transport) {
    this.#http = http;
  }

  /** `POST /domains`: adds a sending domain and answers the DNS records to publish. */
  add(domain: string, options?: RequestOptions): Promise<ResponseData<'addDomain'>> {
    const body: Schemas['AddDomainRequest'] = { domain };
    return this.#http.data({ method: 'POST', path: '/domains', body, options });
  }

  /** `GET /domains`: every domain, oldest first (not paginated). */
  list(options?: RequestOptions): Promise<ResponseData<'listDomains'>> {
    return this.#http.data({ method: 'GET', path: '/domains', options });
  }

  /** `GET /domains/{id}/verify`: checks the DNS records now. */
  verify(id: string, options?: RequestOptions): Promise<ResponseData<'verifyDomain'>> {
    return this.#http.data({
      method: 'GET',
      path: `/domains/${segment(id)}/verify`,
      options,
    });
  }

  /**
   * `PATCH /domains/{id}`: sets the custom MAIL FROM subdomain (`{ mail_from_subdomain: 'bounce' }`)
   * or removes it (`null`), and/or turns receiving on or off (`{ receiving: true }`: the `receiving_mx`
   * record joins `dns_records`; verify reports `receiving_verified`).
   */
  update(id: string, changes: UpdateDomainRequest, options?: RequestOptions): Promise<ResponseData<'updateDomain'>> {
    return this.#http.data({ method: 'PATCH', path: `/domains/${segment(id)}`, body: changes, options });
  }
}
