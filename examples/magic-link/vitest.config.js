import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One Postbox for the run (test/postbox-setup.js); each test makes its own app and addresses.
    globalSetup: ['test/postbox-setup.js'],
    testTimeout: 30_000,
  },
});
