import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The order of test files under `npm run mutation` (vitest.unit.config.ts): the cheapest first, by the time each
 * took when it last ran whole (Vitest's results cache; a run of a few of its tests keeps that time), and a file
 * never timed last. Stryker runs a mutant's covering tests and stops at the first that fails, in one worker: with
 * Vitest's own order (failed last time first, then the longest) the file that drives a whole run
 * (test/unit/main.test.ts, which covers about two mutants in three) ran first for almost every mutant, and the unit
 * test that kills it in milliseconds only after. A mutant that survives runs every file either way.
 */
export default class CheapestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cost = (spec: TestSpecification): number => this.ctx.cache.getTestSpecificationResult(spec)?.duration ?? Number.POSITIVE_INFINITY
    const order = (a: TestSpecification, b: TestSpecification): number =>
      cost(a) - cost(b) || (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0)
    return Promise.resolve([...files].sort(order))
  }
}
