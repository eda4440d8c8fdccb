import { defineConfig } from 'vitest/config';

export default defineConfig({
  // In-repo importers of '@pm/sdk' (examples, the docs' code) run its TypeScript source, never a stale
  // build: its package.json exports the source under this condition. The others are Vite's defaults.
  resolve: { conditions: ['pm-sdk-source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['pm-sdk-source', 'module', 'node', 'development|production'] } },
  test: {
    include: [
      'src/**/*.test.ts',
      'test/**/*.test.ts',
      '../contract/src/**/*.test.ts',
      '../widget/src/**/*.test.ts',
      '../sdk/test/**/*.test.ts',
    ],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // CI also keeps the results as JSON (VITEST_RESULTS), to close its log with one summary line.
    ...(process.env.VITEST_RESULTS
      ? { reporters: ['default', 'json'], outputFile: { json: process.env.VITEST_RESULTS } }
      : {}),
  },
});
