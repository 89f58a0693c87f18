import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The e2e suites spawn the built bin: dist/ is rebuilt once per run when src/ is newer.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: forks keep native modules (node:sqlite, keyring) isolated per file.
    pool: 'forks',
    maxWorkers: 2,
  },
});
