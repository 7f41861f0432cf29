/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles only (the alias in
 * infra/bundling.ts). Lambda gives every function its role's credentials in the environment, which the
 * SDK's chain tries first, so there the rest of the chain (SSO, ini files, web identity, ECS/IMDS: ~90 KB
 * of every bundle) never runs; this keeps only that first link. Without credentials it fails as the
 * full chain would (CredentialsProviderError). See docs/decisions.md, "Libraries we chose" (Bundles).
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

type FromEnvInit = Parameters<typeof fromEnv>[0];

export const defaultProvider = (init: FromEnvInit = {}) => fromEnv(init);

// The package's other exports, same definitions (clients import only defaultProvider).
export const credentialsWillNeedRefresh = (credentials?: { expiration?: Date }): boolean =>
  credentials?.expiration !== undefined;
export const credentialsTreatedAsExpired = (credentials?: { expiration?: Date }): boolean =>
  credentials?.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;
