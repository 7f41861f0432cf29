/**
 * What a validation result says, and the pure mapping from what the checks found (the domain's mail
 * status from mail-dns.store.ts, the heuristics of address-heuristics.ts, the suppression list) to
 * checks, reasons in a fixed order, a verdict and a score; address-validation.service.ts does the
 * lookups. The checks, reason codes, verdict and score: docs/api.md, "Address validation".
 */
import { isRoleLocalPart, type ParsedAddress } from '#validation/address-heuristics.ts';

/** At most this many addresses per validateMany (POST /emails/validate/batch). */
export const MAX_ADDRESSES_PER_VALIDATION = 1000;

export const VERDICTS = ['deliverable', 'risky', 'undeliverable'] as const;
export type Verdict = (typeof VERDICTS)[number];
export const CHECK_STATES = ['pass', 'fail', 'unknown'] as const;
export type CheckState = (typeof CHECK_STATES)[number];
export const VALIDATION_REASONS = [
  'invalid_syntax',
  'domain_not_found',
  'no_mx_record',
  'dns_error',
  'dns_timeout',
  'suppressed',
  'disposable_domain',
  'role_address',
  'possible_typo',
] as const;
export type ValidationReason = (typeof VALIDATION_REASONS)[number];

export interface ValidationResult {
  email: string;
  verdict: Verdict;
  score: number;
  reason: ValidationReason[];
  did_you_mean: string | null;
  checks: {
    syntax: CheckState;
    mx: CheckState;
    disposable: CheckState;
    role: CheckState;
    suppressed: CheckState;
  };
}

/** What DNS says about a domain as a mail destination (mail-dns.store.ts finds it out). */
export type DomainMailStatus = 'mx' | 'implicit_mx' | 'null_mx' | 'no_mail_host' | 'not_found' | 'error' | 'timeout';

/** What depends on the domain alone, worked out once per domain and call. */
export interface DomainFacts {
  status: DomainMailStatus;
  disposable: boolean;
  suggestion: string | null;
}

/** Reasons are reported in the order of the list (syntax first). */
const REASON_ORDER: readonly ValidationReason[] = VALIDATION_REASONS;
const UNDELIVERABLE: ReadonlySet<ValidationReason> = new Set([
  'invalid_syntax',
  'domain_not_found',
  'no_mx_record',
  'suppressed',
]);
const RISKY_SCORES: Partial<Record<ValidationReason, number>> = {
  role_address: 0.6,
  dns_error: 0.5,
  dns_timeout: 0.5,
  possible_typo: 0.4,
  disposable_domain: 0.3,
};
const SCORE_MX = 1;
const SCORE_IMPLICIT_MX = 0.95;

/** The result of an input that fails the syntax check: `email` is the input as given. */
export function invalidResult(email: string): ValidationResult {
  return {
    email,
    verdict: 'undeliverable',
    score: 0,
    reason: ['invalid_syntax'],
    did_you_mean: null,
    checks: { syntax: 'fail', mx: 'unknown', disposable: 'unknown', role: 'unknown', suppressed: 'unknown' },
  };
}

/** The result of a valid address (all but `email`, which the caller adds). */
export function judge(
  parsed: Extract<ParsedAddress, { ok: true }>,
  { status, disposable, suggestion }: DomainFacts,
  suppressed: boolean,
): Omit<ValidationResult, 'email'> {
  const reasons = new Set<ValidationReason>();
  let mx: CheckState = 'pass';
  if (status === 'not_found') reasons.add('domain_not_found');
  if (status === 'no_mail_host' || status === 'null_mx') reasons.add('no_mx_record');
  if (status === 'error') reasons.add('dns_error');
  if (status === 'timeout') reasons.add('dns_timeout');
  if (status === 'not_found' || status === 'no_mail_host' || status === 'null_mx') mx = 'fail';
  if (status === 'error' || status === 'timeout') mx = 'unknown';
  if (suppressed) reasons.add('suppressed');
  if (disposable) reasons.add('disposable_domain');
  const role = isRoleLocalPart(parsed.local);
  if (role) reasons.add('role_address');
  if (suggestion !== null) reasons.add('possible_typo');

  const reason = REASON_ORDER.filter((code) => reasons.has(code));
  let verdict: Verdict;
  let score: number;
  if (reason.some((code) => UNDELIVERABLE.has(code))) {
    verdict = 'undeliverable';
    score = 0;
  } else if (reason.length > 0) {
    verdict = 'risky';
    score = Math.min(...reason.map((code) => RISKY_SCORES[code] ?? 0.5));
  } else {
    verdict = 'deliverable';
    score = status === 'mx' ? SCORE_MX : SCORE_IMPLICIT_MX;
  }
  return {
    verdict,
    score,
    reason,
    did_you_mean: suggestion === null ? null : `${parsed.local}@${suggestion}`,
    checks: {
      syntax: 'pass',
      mx,
      disposable: disposable ? 'fail' : 'pass',
      role: role ? 'fail' : 'pass',
      suppressed: suppressed ? 'fail' : 'pass',
    },
  };
}
