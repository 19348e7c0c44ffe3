import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // Under CI a JSON report too, from which .ci/run prints its plain closing line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.tmp/vitest-results.json' }
  }
})
