import { tmpdir } from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The real-software suite needs Varnish and Squid: it runs with `npm run test:real` (vitest.real.config.ts).
    exclude: [...configDefaults.exclude, 'test/real/**'],
    testTimeout: 30_000,
    // Unit tests keep their files in the system's temporary folder: it stands for RUNNER_TEMP, one of the two
    // places the action reads and writes files (src/files.ts), also on a runner that sets its own RUNNER_TEMP.
    env: { RUNNER_TEMP: tmpdir() },
    // Under CI a JSON report too, from which .ci/run prints its plain closing line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.tmp/vitest-results.json' }
  }
})
