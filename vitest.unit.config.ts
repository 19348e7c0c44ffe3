import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

// The unit tests alone: what `npm run mutation` runs against every mutant (the end-to-end tests spawn
// the bundle, which a mutant of src/ does not change). Not mergeConfig: it would add to `include`, not replace it.
export default defineConfig({ ...base, test: { ...base.test, include: ['test/unit/**/*.test.ts'] } })
