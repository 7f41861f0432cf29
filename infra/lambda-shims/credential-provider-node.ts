/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles only (the alias in
 * infra/bundling.ts); the local cloud, tests and the admin CLI keep the SDK's full chain.
 *
 * Lambda hands every function its role's credentials in AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY
 * and AWS_SESSION_TOKEN, and the SDK's default chain tries the environment first, so on Lambda
 * the rest of the chain (SSO, shared ini files, credential_process, web identity, ECS/IMDS) never
 * runs. Bundled, that rest is ~90 KB of every function (the nested STS, SSO and sign-in clients it
 * loads); this keeps only the first link. A function whose environment has no credentials fails
 * the same way the full chain would after trying everything: CredentialsProviderError.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

type FromEnvInit = Parameters<typeof fromEnv>[0];

export const defaultProvider = (init: FromEnvInit = {}) => fromEnv(init);

// The package's other exports, same definitions (clients import only defaultProvider).
export const credentialsWillNeedRefresh = (credentials?: { expiration?: Date }): boolean =>
  credentials?.expiration !== undefined;
export const credentialsTreatedAsExpired = (credentials?: { expiration?: Date }): boolean =>
  credentials?.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;
