/**
 * `postbox.metrics`: counts and bounce/complaint rates over a range. See docs/api.md.
 */
import type { RequestOptions } from '../options.js';
import type { Transport } from '../transport.js';
import type { MetricsQuery, ResponseData } from '../types.js';

export class MetricsResource {
  readonly #http: Transport;
  constructor(http: Transport) {
    this.#http = http;
  }

  /**
   * `GET /metrics`: counts per recipient and bounce/complaint rates over a range, by day (≤ 90) or hour
   * (≤ 168 buckets); default the last 30 days by day, in the key's environment.
   */
  get(query: MetricsQuery = {}, options?: RequestOptions): Promise<ResponseData<'getMetrics'>> {
    return this.#http.data({ method: 'GET', path: '/metrics', query, options });
  }
}
