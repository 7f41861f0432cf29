/**
 * `postbox.emails`: send (one or a batch, each with its own Idempotency-Key), read, list, cancel,
 * validate addresses, and wait for an email in a test. See sdk/README.md and docs/api.md for each
 * endpoint's rules.
 */

import type { RequestOptions, SendOptions } from '../options.js';
import { everyItem } from '../pagination.js';
import { newIdempotencyKey, segment, type Transport } from '../transport.js';
import type {
  BatchSendRequest,
  EmailListItem,
  ListEmailsQuery,
  ResponseBody,
  ResponseData,
  Schemas,
  SendEmailRequest,
} from '../types.js';
import { type EmailWithLinks, type WaitForEmailOptions, waitForEmail } from '../wait-for-email.js';

export class Emails {
  readonly #http: Transport;
  constructor(http: Transport) {
    this.#http = http;
  }

  /** `POST /emails/send`: queues one email (inline or from a template). Retried safely: one Idempotency-Key per call. */
  send(email: SendEmailRequest, options: SendOptions = {}): Promise<ResponseData<'sendEmail'>> {
    const { idempotencyKey = newIdempotencyKey(), ...rest } = options;
    return this.#http.data({
      method: 'POST',
      path: '/emails/send',
      body: email,
      idempotencyKey,
      options: rest,
    });
  }

  /** `POST /emails/batch`: one template to up to 1,000 recipients, each with its own data. */
  batch(batch: BatchSendRequest, options: SendOptions = {}): Promise<ResponseData<'sendBatch'>> {
    const { idempotencyKey = newIdempotencyKey(), ...rest } = options;
    return this.#http.data({
      method: 'POST',
      path: '/emails/batch',
      body: batch,
      idempotencyKey,
      options: rest,
    });
  }

  /** `GET /emails/{id}`: the email with its bodies and events. */
  get(id: string, options?: RequestOptions): Promise<ResponseData<'getEmail'>> {
    return this.#http.data({ method: 'GET', path: `/emails/${segment(id)}`, options });
  }

  /** `GET /emails`: one page, newest first. */
  list(query: ListEmailsQuery = {}, options?: RequestOptions): Promise<ResponseBody<'listEmails'>> {
    return this.#http.request({ method: 'GET', path: '/emails', query, options });
  }

  /** Every email matching `query`, across pages (100 per request unless `query.limit` says otherwise). */
  listAll(query: ListEmailsQuery = {}, options?: RequestOptions): AsyncGenerator<EmailListItem, void, undefined> {
    return everyItem((page) => this.list({ limit: 100, ...query, page }, options), query.page);
  }

  /** `POST /emails/{id}/cancel`: cancels an email Postbox still holds (a scheduled one). */
  cancel(id: string, options?: RequestOptions): Promise<ResponseData<'cancelEmail'>> {
    return this.#http.data({
      method: 'POST',
      path: `/emails/${segment(id)}/cancel`,
      options,
    });
  }

  /**
   * For tests: polls `GET /emails` until an email to `to` (with `subject`, accepted since `since`)
   * exists, then answers it as `get` does plus its `links`; throws a WaitForTimeoutError saying what
   * did arrive otherwise. See sdk/README.md, "Testing your application".
   */
  waitFor(options: WaitForEmailOptions): Promise<EmailWithLinks> {
    return waitForEmail(this, options);
  }

  /** `POST /emails/validate`: syntax, MX, disposable, role, typo and suppression checks of one address. */
  validate(email: string, options?: RequestOptions): Promise<ResponseData<'validateAddress'>> {
    const body: Schemas['ValidateRequest'] = { email };
    return this.#http.data({
      method: 'POST',
      path: '/emails/validate',
      body,
      options,
    });
  }

  /** `POST /emails/validate/batch`: up to 1,000 addresses, one result each, in order. */
  validateBatch(emails: string[], options?: RequestOptions): Promise<ResponseData<'validateAddresses'>> {
    const body: Schemas['ValidateBatchRequest'] = { emails };
    return this.#http.data({
      method: 'POST',
      path: '/emails/validate/batch',
      body,
      options,
    });
  }
}
