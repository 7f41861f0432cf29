/**
 * Address validation: is an email address worth sending to? It combines address-heuristics.ts (pure
 * rules), mail-dns.store.ts (MX with the A/AAAA fallback, cached per domain), address-verdict.ts (the
 * result) and the organization's suppression list. A DNS failure never throws (the result is `risky`); a
 * failing suppression lookup does. Repeated addresses are judged once, each domain looked up once per
 * call. The rules: docs/api.md, "Address validation".
 */
import { isDisposableDomain, type ParsedAddress, parseAddress, suggestDomain } from '#validation/address-heuristics.ts';
import {
  type DomainFacts,
  invalidResult,
  judge,
  MAX_ADDRESSES_PER_VALIDATION,
  type ValidationResult,
} from '#validation/address-verdict.ts';
import { createDomainMailCache, type MailDnsResolver } from '#validation/mail-dns.store.ts';

export type FindSuppressed = (organizationId: string, addresses: readonly string[]) => Promise<string[]>;

export interface AddressValidatorDeps {
  /** Default: mailDnsResolverFromEnv() (DNS_SERVERS, DNS_TIMEOUT_MS), created on first use. */
  dns?: MailDnsResolver;
  /**
   * The given (normalised) addresses that are suppressed for the organization; called at most
   * once per validate/validateMany (auto-validation.service.ts passes findSuppressedAddresses).
   * Passed in rather than imported here, lazily or not: an `import()` makes esbuild wrap the
   * imported module graph and keep every export of it, which doubled the DynamoDB client code
   * in the bundles of the routes that validate addresses.
   */
  findSuppressed: FindSuppressed;
  /** How long a domain's DNS outcome is reused. Default 5 minutes. */
  cacheTtlMs?: number;
  /** Most domains kept; the oldest entry goes first. Default 10,000. */
  cacheMaxEntries?: number;
  /** Clock for the cache, in ms. Default Date.now. */
  now?: () => number;
}

export interface AddressValidator {
  validate(email: string, organizationId: string): Promise<ValidationResult>;
  /** One result per input, in input order; at most 1,000 inputs (RangeError above). */
  validateMany(emails: readonly string[], organizationId: string): Promise<ValidationResult[]>;
}

export function createAddressValidator(deps: AddressValidatorDeps): AddressValidator {
  const { findSuppressed } = deps;
  const domainStatus = createDomainMailCache({
    dns: deps.dns,
    ttlMs: deps.cacheTtlMs,
    maxEntries: deps.cacheMaxEntries,
    now: deps.now,
  });

  async function validateMany(emails: readonly string[], organizationId: string): Promise<ValidationResult[]> {
    if (!Array.isArray(emails)) throw new TypeError('emails must be an array');
    if (emails.length > MAX_ADDRESSES_PER_VALIDATION) {
      throw new RangeError(`At most ${MAX_ADDRESSES_PER_VALIDATION} addresses can be validated at once`);
    }
    const parsed = emails.map(parseAddress);
    const unique = new Map<string, ParsedAddress>();
    for (const entry of parsed) if (!unique.has(entry.key)) unique.set(entry.key, entry);
    const valid = [...unique.values()].filter((entry): entry is Extract<ParsedAddress, { ok: true }> => entry.ok);

    const domains = [...new Set(valid.map((entry) => entry.domain))];
    const [suppressedList, statuses] = await Promise.all([
      valid.length === 0
        ? Promise.resolve([] as string[])
        : findSuppressed(
            organizationId,
            valid.map((entry) => entry.address),
          ),
      Promise.all(domains.map(async (domain) => [domain, await domainStatus(domain)] as const)),
    ]);
    const suppressed = new Set(suppressedList);
    const factsByDomain = new Map<string, DomainFacts>(
      statuses.map(([domain, status]) => [
        domain,
        { status, disposable: isDisposableDomain(domain), suggestion: suggestDomain(domain) },
      ]),
    );

    const judged = new Map<string, Omit<ValidationResult, 'email'>>();
    for (const entry of valid) {
      const facts = factsByDomain.get(entry.domain) ?? { status: 'error', disposable: false, suggestion: null };
      judged.set(entry.key, judge(entry, facts, suppressed.has(entry.address)));
    }
    return parsed.map((entry, index) => {
      const email = emails[index] as string;
      const result = judged.get(entry.key);
      if (!entry.ok || result === undefined) return invalidResult(typeof email === 'string' ? email : String(email));
      return {
        email,
        ...result,
        reason: [...result.reason],
        checks: { ...result.checks },
      };
    });
  }

  return {
    validateMany,
    async validate(email, organizationId) {
      const [result] = await validateMany([email], organizationId);
      return result as ValidationResult;
    },
  };
}
