import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The real-software suite needs Varnish and Squid: it runs with `npm run test:real` (vitest.real.config.ts).
    exclude: [...configDefaults.exclude, 'test/real/**'],
    testTimeout: 30_000,
    // The run's own temporary folder, removed afterwards; the run fails if a test left anything in it. Unit tests keep
    // their files in it: it is also RUNNER_TEMP, one of the two places the action reads and writes files (src/files.ts),
    // also on a runner that sets its own RUNNER_TEMP.
    globalSetup: ['test/support/temp-folder.ts'],
    // Under CI a JSON report too, from which .ci/run prints its plain closing line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.tmp/vitest-results.json' }
  }
})
