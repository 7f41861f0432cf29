/**
 * What each auto-validation threshold refuses, and how a refusal reads: the rules apart from the
 * validator (auto-validation.service.ts), so a send can tell that nothing needs validating, and
 * word a refusal, without loading the validator (validate-on-demand.service.ts).
 */
import type { AutoValidationThreshold } from '#accounts/organization.ts';
import type { ValidationResult, Verdict } from '#validation/address-verdict.ts';

/** Verdicts each threshold refuses: `managed` is the recommended level, today equal to `medium`. */
export const REFUSED: Record<AutoValidationThreshold, ReadonlySet<Verdict>> = {
  off: new Set(),
  managed: new Set(['undeliverable']),
  medium: new Set(['undeliverable']),
  high: new Set(['undeliverable', 'risky']),
};

/** A readable sentence for a refused recipient: `undeliverable (no_mx_record)`. */
export const refusalReason = (result: ValidationResult) =>
  `Failed auto-validation: ${result.verdict}${result.reason.length > 0 ? ` (${result.reason.join(', ')})` : ''}${
    result.did_you_mean ? `; did you mean ${result.did_you_mean}?` : ''
  }`;
