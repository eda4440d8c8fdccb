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
    // Test files share their worker's module cache: CI's two cores give one worker, which otherwise loaded
    // the whole service again for each of some 110 integration files, a third of the suite's time
    // (docs/testing.md, "Files share a process"). Each file still starts its own service, tenants and
    // browser, and stops them in afterAll; module state that one file leaves for the next is a bug.
    isolate: false,
    // CI also keeps the results as JSON (VITEST_RESULTS), to close its log with one summary line.
    ...(process.env.VITEST_RESULTS
      ? { reporters: ['default', 'json'], outputFile: { json: process.env.VITEST_RESULTS } }
      : {}),
  },
});
