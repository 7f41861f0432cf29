/** The sending domains' routes: add (its DKIM key sealed with KMS), list, verify (SES identity), update. */
import { addDomain, listDomains, updateDomain, verifyDomain } from '#domains/domains.contract.ts';
import { apiRoute, type FeatureRoutes } from '#platform/routes.ts';

export const domainRoutes: FeatureRoutes = {
  api: [
    apiRoute(addDomain, 'functions/domains/create.ts', { table: ['read', 'write'], kms: ['encrypt'] }),
    apiRoute(listDomains, 'functions/domains/list.ts', { table: ['read'] }),
    apiRoute(verifyDomain, 'functions/domains/verify.ts', {
      table: ['read', 'write'],
      kms: ['decrypt'],
      ses: ['identities'],
    }),
    // No SES access: the next verify gives the SES identity the new MAIL FROM (verify's `identities`).
    apiRoute(updateDomain, 'functions/domains/update.ts', { table: ['read', 'write'] }),
  ],
};
