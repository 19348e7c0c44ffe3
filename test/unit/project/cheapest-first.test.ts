// How `npm run mutation` runs the tests: the order of test files under Stryker (test/support/cheapest-first.ts).
import { describe, expect, it } from 'vitest'
import type { TestSpecification, Vitest } from 'vitest/node'
import CheapestFirst from '../../support/cheapest-first.ts'

describe('CheapestFirst', () => {
  const spec = (moduleId: string): TestSpecification => ({ moduleId }) as TestSpecification
  // Vitest's own order runs first a file that failed last time: main.test.ts failed here.
  const sequencer = (durations: Record<string, number>, related?: string[]): CheapestFirst =>
    new CheapestFirst({
      config: { root: '/t', related },
      cache: {
        getTestSpecificationResult: (file: TestSpecification) =>
          file.moduleId in durations ? { duration: durations[file.moduleId], failed: file.moduleId === '/t/main.test.ts' } : undefined
      }
    } as unknown as Vitest)

  it('puts the file that took least time first, and one never timed last, whether or not it failed before', async () => {
    const files = ['/t/main.test.ts', '/t/new.test.ts', '/t/text.test.ts', '/t/urls.test.ts'].map(spec)
    const sorted = await sequencer({ '/t/main.test.ts': 9_000, '/t/text.test.ts': 40, '/t/urls.test.ts': 300 }).sort(files)
    expect(sorted.map((file) => file.moduleId)).toEqual(['/t/text.test.ts', '/t/urls.test.ts', '/t/main.test.ts', '/t/new.test.ts'])
  })
  it('orders files of the same time, or never timed, by path, whatever order they came in', async () => {
    const files = ['/t/c.test.ts', '/t/a.test.ts', '/t/d.test.ts', '/t/b.test.ts'].map(spec)
    const sorted = await sequencer({ '/t/c.test.ts': 5, '/t/a.test.ts': 5 }).sort(files)
    expect(sorted.map((file) => file.moduleId)).toEqual(['/t/a.test.ts', '/t/c.test.ts', '/t/b.test.ts', '/t/d.test.ts'])
  })
  it("runs the mutated module's own test files first, then the cheapest, as Stryker names the module in `related`", async () => {
    const files = [
      '/t/test/unit/main.test.ts',
      '/t/test/unit/http/errors.test.ts',
      '/t/test/unit/http/errors.values.test.ts',
      '/t/test/unit/http/errors-extra.test.ts',
      '/t/test/unit/errors.test.ts',
      '/t/test/unit/run/record.test.ts'
    ].map(spec)
    const durations = {
      '/t/test/unit/main.test.ts': 9_000,
      '/t/test/unit/http/errors.test.ts': 150,
      '/t/test/unit/http/errors.values.test.ts': 30,
      '/t/test/unit/http/errors-extra.test.ts': 20,
      '/t/test/unit/errors.test.ts': 5,
      '/t/test/unit/run/record.test.ts': 12
    }
    const sorted = await sequencer(durations, ['/t/src/http/errors.ts']).sort(files)
    expect(sorted.map((file) => file.moduleId)).toEqual([
      '/t/test/unit/http/errors.values.test.ts',
      '/t/test/unit/http/errors.test.ts',
      '/t/test/unit/errors.test.ts',
      '/t/test/unit/run/record.test.ts',
      '/t/test/unit/http/errors-extra.test.ts',
      '/t/test/unit/main.test.ts'
    ])
  })
  it('puts the own tests of every module named first, an index module with its index tests', async () => {
    const files = [
      '/t/test/unit/a.test.ts',
      '/t/test/unit/edge/index.property.test.ts',
      '/t/test/unit/text.test.ts',
      '/t/test/unit/edge/verify.test.ts'
    ].map(spec)
    const sorted = await sequencer({ '/t/test/unit/a.test.ts': 1 }, ['/t/src/text.ts', '/t/src/edge/index.ts']).sort(files)
    expect(sorted.map((file) => file.moduleId)).toEqual([
      '/t/test/unit/edge/index.property.test.ts',
      '/t/test/unit/text.test.ts',
      '/t/test/unit/a.test.ts',
      '/t/test/unit/edge/verify.test.ts'
    ])
  })
})
