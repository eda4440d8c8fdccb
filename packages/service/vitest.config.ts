import { defineConfig } from 'vitest/config';

export default defineConfig({
  // In-repo importers of '@pm/sdk' (examples, the docs' code) and of '@pm/contract' run their TypeScript
  // source, never a stale build: their package.json exports the source under these conditions. The
  // others are Vite's defaults.
  resolve: { conditions: ['pm-sdk-source', 'pm-source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['pm-sdk-source', 'pm-source', 'module', 'node', 'development|production'] } },
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
