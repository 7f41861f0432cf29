import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (no emulators; test/local/* start only the in-process emulator they
 * need), `integration` (one local cloud for the whole run, started by the global setup, called
 * over HTTP) and `smoke` (the same on the deployed bundles: `npm run test:bundles`, not part of
 * `npm test`).
 */
// The SDK warns on Node 20 about its future Node 22 requirement; CI runs Node 20 on purpose.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'test/unit/**/*.test.ts',
            'test/infra/**/*.test.ts',
            'test/local/**/*.test.ts',
            'sdk/test/unit/**/*.test.ts',
          ],
          // Explicit, because the workers inherit the environment the integration project's local cloud
          // sets in this process (SES pacing and the configuration set are off for unit tests).
          env: {
            TABLE_NAME: 'postbox-unit',
            ATTACHMENTS_BUCKET: 'postbox-unit-attachments',
            POWERTOOLS_LOG_LEVEL: 'SILENT',
            POWERTOOLS_METRICS_DISABLED: 'true',
            SES_MAX_SEND_RATE: '',
            SES_CONFIGURATION_SET: '',
            PUBLIC_BASE_URL: 'https://postbox.test',
          },
          testTimeout: 60_000,
        },
      },
      {
        // The main paths on the bundles `cdk synth` wrote (npm run test:bundles, after a synth).
        test: {
          name: 'smoke',
          include: ['test/smoke/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/integration-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'sdk/test/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/integration-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
