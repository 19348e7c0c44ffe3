import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config.js'

// The unit tests alone: what `npm run mutation` runs against every mutant (the end-to-end tests spawn
// the bundle, which a mutant of src/ does not change).
export default mergeConfig(base, defineConfig({ test: { include: ['test/unit/**/*.test.ts'] } }))
