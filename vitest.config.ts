import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: forks keep native modules (node:sqlite, keyring) isolated per file.
    pool: 'forks',
    maxWorkers: 2,
  },
});
