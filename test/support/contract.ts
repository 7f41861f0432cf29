/**
 * Contract checking: every API response an integration test receives is validated against the
 * OpenAPI document (generated fresh from the code: shared/http/openapi.ts) — the schema of its route
 * and status, with ajv (JSON Schema draft 2020-12). A status the route does not document, a field the
 * schema does not have, a wrong type or a missing X-Request-Id fails the request's test at once.
 * Responses to paths no route matches (404/405 from the `$default` route) are checked against the
 * generic error envelope; dashboard pages (HTML) are not part of the contract.
 *
 * Each checked response is appended to a log (one line per response: route and status), which the
 * integration global setup sums up at the end of the run.
 */
import { appendFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import * as path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '#app/openapi-document.ts';
import { matchRoute } from '#app/route-matching.ts';
import { ALIAS_PREFIX, API_PREFIX, isDashboardPath } from '#platform/routes.ts';

export const CONTRACT_LOG_ENV = 'POSTBOX_CONTRACT_LOG';
const DOCUMENT_ID = 'https://postbox.local/openapi.json';

export interface CheckedResponse {
  method: string;
  /** The request path (query string allowed). */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or undefined. */
  body: unknown;
  text: string;
}

/** One compiled validator per (schema pointer). */
let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function validatorFor(pointer: string): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats.default(ajv);
    ajv.addSchema({ ...openApiDocument(), $id: DOCUMENT_ID });
  }
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** The route key (`GET /emails/{id}`) and document path of an API request, or why there is none. */
function operationOf(
  method: string,
  pathname: string,
): { key: string; documentPath: string } | 'unmatched' | 'not-api' {
  if (isDashboardPath(pathname)) return 'not-api';
  const resolution = matchRoute(method, pathname);
  if (!('match' in resolution)) return 'unmatched';
  const routePath = resolution.match.route.path;
  if (!routePath.startsWith(`${API_PREFIX}/`)) return 'not-api';
  const documentPath = routePath.slice(API_PREFIX.length);
  return { key: `${method.toUpperCase()} ${documentPath}`, documentPath };
}

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

/**
 * Checks one response against the document; throws a ContractViolation saying what differs.
 * Returns the (route, status) key it was checked as, or undefined when it is not part of the contract.
 */
export function checkResponse(response: CheckedResponse): string | undefined {
  const pathname = new URL(response.url, 'http://postbox.local').pathname;
  if (!pathname.startsWith(`${API_PREFIX}/`) && !pathname.startsWith(`${ALIAS_PREFIX}/`)) return undefined;
  const operation = operationOf(response.method, pathname);
  if (operation === 'not-api') return undefined;
  const where = `${response.method} ${pathname} → ${response.status}`;
  const isGatewayError =
    (response.status === 413 || response.status === 500) && response.headers['x-request-id'] === undefined;
  if (!isGatewayError && typeof response.headers['x-request-id'] !== 'string') {
    throw new ContractViolation(`${where}: no X-Request-Id header`);
  }
  let pointer: string;
  let key: string;
  if (operation === 'unmatched') {
    pointer = '/components/schemas/Error';
    key = `(no route) ${response.status}`;
  } else {
    const documented = openApiDocument().paths[operation.documentPath]?.[response.method.toLowerCase()];
    if (!documented) throw new ContractViolation(`${where}: ${operation.key} is not in the document`);
    const byStatus = documented.responses[String(response.status)];
    if (!byStatus) {
      throw new ContractViolation(
        `${where}: status ${response.status} is not documented for ${operation.key} (documented: ${Object.keys(documented.responses).join(', ')}); body ${response.text.slice(0, 500)}`,
      );
    }
    pointer = `/paths/${escapePointer(operation.documentPath)}/${response.method.toLowerCase()}/responses/${response.status}/content/application~1json/schema`;
    key = `${operation.key} ${response.status}`;
  }
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json') || response.body === undefined) {
    throw new ContractViolation(`${where}: the body is not JSON (${response.headers['content-type']})`);
  }
  const validate = validatorFor(pointer);
  if (!validate(response.body)) {
    const problems = (validate.errors ?? [])
      .slice(0, 5)
      .map(
        (error) =>
          `${error.instancePath || '(root)'} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`,
      )
      .join('; ');
    throw new ContractViolation(
      `${where}: the body does not match the document (${key}): ${problems}; body ${response.text.slice(0, 500)}`,
    );
  }
  return key;
}

/** Checks a response the integration tests received and logs it for the run's summary. */
export function checkAndRecord(response: CheckedResponse): void {
  const key = checkResponse(response);
  const log = process.env[CONTRACT_LOG_ENV];
  if (key && log) appendFileSync(path.join(log, `${process.pid}.log`), `${key}\n`);
}
