import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The real-software suite needs Varnish and Squid: it runs with `npm run test:real` (vitest.real.config.ts).
    exclude: [...configDefaults.exclude, 'test/real/**'],
    testTimeout: 30_000,
    // Under CI a JSON report too, from which .ci/run prints its plain closing line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.tmp/vitest-results.json' }
  }
})
