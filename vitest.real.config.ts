import { tmpdir } from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'
import base from './vitest.config.js'

// The real-software suite (npm run test:real): the bundle against Varnish and Squid started by the tests.
// Not part of `npm test`, which needs nothing but Node and npm. A scenario waits for real seconds to pass
// (a copy must age before it can be stale; the action checks again every 5 s), hence the longer limits.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/real/**/*.test.ts'],
    exclude: configDefaults.exclude,
    // Not the run's own temporary folder (mode 0700) of vitest.config.ts: Varnish and Squid, started as root, drop to
    // users of their own that must reach their folders, which an AppArmor rule allows under the system's temporary folder.
    globalSetup: [],
    env: { RUNNER_TEMP: tmpdir() },
    testTimeout: 90_000,
    hookTimeout: 60_000,
    outputFile: { json: '.tmp/vitest-real-results.json' }
  }
})
