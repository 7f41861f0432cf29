/** The address validation routes' contract (shared/platform/api-operation.ts): one address, many. */
import * as z from 'zod';
import { defineOperation } from '#platform/api-operation.ts';
import {
  CHECK_STATES,
  MAX_ADDRESSES_PER_VALIDATION,
  VALIDATION_REASONS,
  VERDICTS,
} from '#validation/address-verdict.ts';

const checkState = z.enum(CHECK_STATES);

export const validationResult = z
  .strictObject({
    email: z.string().meta({ description: 'As sent' }),
    verdict: z.enum(VERDICTS),
    score: z.number().min(0).max(1),
    reason: z.array(z.enum(VALIDATION_REASONS)),
    did_you_mean: z
      .string()
      .nullable()
      .meta({ description: 'A likely intended address when the domain looks mistyped' }),
    checks: z.strictObject({
      syntax: checkState,
      mx: checkState,
      disposable: checkState,
      role: checkState,
      suppressed: checkState,
    }),
  })
  .meta({ id: 'ValidationResult' });

const address = z.string().max(1024, 'Must be at most 1024 characters');

export const validateBody = z.strictObject({ email: address }).meta({ id: 'ValidateRequest' });

export const validateBatchBody = z
  .strictObject({
    emails: z
      .array(address)
      .min(1, 'At least one address is required')
      .max(MAX_ADDRESSES_PER_VALIDATION, `At most ${MAX_ADDRESSES_PER_VALIDATION} addresses`),
  })
  .meta({ id: 'ValidateBatchRequest' });

export const validateAddress = defineOperation({
  endpoint: 'POST /emails/validate',
  permission: 'full_access',
  operationId: 'validateAddress',
  summary: 'Validate an address',
  description:
    'Syntax, the domain’s mail servers, disposable and role addresses, typos and suppressions; nothing is sent.',
  tag: 'Validation',
  body: validateBody,
  status: 200,
  response: validationResult,
  examples: {
    request: { email: 'jane@gmial.com' },
    response: {
      email: 'jane@gmial.com',
      verdict: 'risky',
      score: 0.5,
      reason: ['possible_typo'],
      did_you_mean: 'jane@gmail.com',
      checks: { syntax: 'pass', mx: 'pass', disposable: 'pass', role: 'pass', suppressed: 'pass' },
    },
  },
});

export const validateAddresses = defineOperation({
  endpoint: 'POST /emails/validate/batch',
  permission: 'full_access',
  operationId: 'validateAddresses',
  summary: 'Validate up to 1,000 addresses',
  description: 'One result per address, in the order sent.',
  tag: 'Validation',
  body: validateBatchBody,
  status: 200,
  response: z.array(validationResult),
});
