/**
 * `postbox.settings`: the organization's auto-validation, sending guard and tracking settings.
 * See docs/api.md.
 */
import type { RequestOptions } from '../options.js';
import type { Transport } from '../transport.js';
import type { AutoValidationThreshold, ResponseData, Schemas } from '../types.js';

export class Settings {
  readonly #http: Transport;
  constructor(http: Transport) {
    this.#http = http;
  }

  /** `GET /settings/auto-validation`. */
  getAutoValidation(options?: RequestOptions): Promise<ResponseData<'getAutoValidation'>> {
    return this.#http.data({
      method: 'GET',
      path: '/settings/auto-validation',
      options,
    });
  }

  /** `GET /settings/sending`: the sending guard's state (active or paused, 24-hour rates, thresholds). */
  getSending(options?: RequestOptions): Promise<ResponseData<'getSendingSettings'>> {
    return this.#http.data({ method: 'GET', path: '/settings/sending', options });
  }

  /** `PUT /settings/auto-validation`: which recipients a send refuses (`off`, `managed`, `medium`, `high`). */
  setAutoValidation(
    threshold: AutoValidationThreshold,
    options?: RequestOptions,
  ): Promise<ResponseData<'putAutoValidation'>> {
    const body: Schemas['PutAutoValidationRequest'] = { threshold };
    return this.#http.data({
      method: 'PUT',
      path: '/settings/auto-validation',
      body,
      options,
    });
  }

  /** `GET /settings/tracking`: whether sends track opens and clicks when their `tracking` does not say. */
  getTracking(options?: RequestOptions): Promise<ResponseData<'getTracking'>> {
    return this.#http.data({ method: 'GET', path: '/settings/tracking', options });
  }

  /** `PUT /settings/tracking`: the organization's tracking defaults (both switches). */
  setTracking(tracking: Schemas['TrackingSetting'], options?: RequestOptions): Promise<ResponseData<'putTracking'>> {
    return this.#http.data({ method: 'PUT', path: '/settings/tracking', body: tracking, options });
  }
}
