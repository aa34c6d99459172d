import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'apps/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.tsx',
      'apps/*/test/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'apps/web/e2e/**'],
    environment: 'node',
    // On CI the PostgreSQL run shares two cores with the browser tests (.ci/run): a test that takes 8 s alone has been
    // seen over 20 s there. Passing tests never wait for this; speed is measured by the benchmarks, not here.
    testTimeout: process.env.CI ? 60_000 : 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at once even on two cores (vitest's default there is one): much of a file's time is waiting, and the
    // suite took half the time (README "Tests").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Migrates one database per run that every test file copies; refuses an old Node, fails on console.error; hashes
    // each operator password once per worker (README "Tests").
    globalSetup: ['apps/server/test/global-setup.ts'],
    setupFiles: ['apps/server/test/setup.ts', 'apps/server/test/setup-passwords.ts'],
  },
});
