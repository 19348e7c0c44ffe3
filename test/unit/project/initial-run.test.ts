// Stryker's initial test run under `npm run mutation`: the ten slowest tests printed (scripts/slowest-tests.ts), and a
// test failed there when it takes more than a fifth of its limit (test/support/initial-run-check.ts).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderSlowest, slowest, strykerPlugins, type TimedTest } from '../../../scripts/slowest-tests.ts'
import { SlowTestError, slowTest } from '../../support/initial-run-check.js'
import { checkout, LIMIT_SHARE, MUTATION_TEST_LIMIT_MS } from '../../support/mutation.js'

const root = '/work/repo'
const timed = (name: string, timeSpentMs: number, file = 'test/unit/a.test.ts'): TimedTest => ({
  name,
  fileName: join(root, file),
  timeSpentMs
})

describe('slowTest', () => {
  it('passes a test within a fifth of its limit, the fifth itself included', () => {
    expect(LIMIT_SHARE).toBe(5)
    expect(slowTest(0, 15_000)).toBeUndefined()
    expect(slowTest(3_000, 15_000)).toBeUndefined()
    expect(slowTest(1_000, 5_000)).toBeUndefined()
  })
  it('fails one past it, by its own limit, naming its time, the limit and the fifth', () => {
    const error = slowTest(3_001, 15_000)
    expect(error).toBeInstanceOf(SlowTestError)
    expect(error?.name).toBe('SlowTestError')
    expect(error?.message).toBe(
      "took 3.00 s in Stryker's initial run, more than a fifth of its 15 s limit (3 s): on a slower machine it would come near " +
        'the limit and stop the run. Size it down under mutation (INSTRUMENTED, test/support/mutation.ts).'
    )
    expect(slowTest(1_234.5, 5_000)?.message).toMatch(/^took 1\.23 s in Stryker's initial run, more than a fifth of its 5 s limit \(1 s\)/)
  })
})

describe('slowest', () => {
  it('gives the slowest first, ties by file and name, at most the count asked for', () => {
    const tests = [timed('b', 5), timed('a', 5), timed('c', 900), timed('d', 1, 'test/unit/b.test.ts'), timed('e', 1)]
    expect(slowest(tests, 4).map((test) => test.name)).toEqual(['c', 'a', 'b', 'e'])
    expect(slowest(tests).map((test) => test.name)).toEqual(['c', 'a', 'b', 'e', 'd'])
    expect(slowest(Array.from({ length: 12 }, (_, i) => timed(`t${i}`, i)))).toHaveLength(10)
    expect(tests.map((test) => test.name)).toEqual(['b', 'a', 'c', 'd', 'e'])
  })
})

describe('renderSlowest', () => {
  it('says how many of how many, the limit and its fifth, then each test: its time and its file and name', () => {
    const tests = [
      timed('x > fast', 12),
      timed('y > slow', 2_345.6, 'test/unit/inputs/index.test.ts'),
      { name: 'no file', timeSpentMs: 40 }
    ]
    expect(renderSlowest(tests, root, 2)).toBe(
      [
        'The 2 slowest of the 3 tests of the initial run (a test fails that run past a fifth of its limit: 3 s of the usual 15 s):',
        '    2.35 s  test/unit/inputs/index.test.ts > y > slow',
        '    0.04 s  no file'
      ].join('\n')
    )
    expect(MUTATION_TEST_LIMIT_MS).toBe(15_000)
  })
})

describe('the reporter, as Stryker loads it', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })
  it('is a reporter that stryker.config.json loads and names, and prints the ten slowest once the initial run passed', () => {
    const config = JSON.parse(readFileSync(join(checkout, 'stryker.config.json'), 'utf8')) as { plugins: string[]; reporters: string[] }
    const [plugin] = strykerPlugins
    if (plugin === undefined) throw new Error('scripts/slowest-tests.ts declares no plugin')
    expect(strykerPlugins).toHaveLength(1)
    expect(plugin.kind).toBe('Reporter')
    expect(config.plugins).toContain('./scripts/slowest-tests.ts')
    expect(config.plugins).toContain('@stryker-mutator/vitest-runner')
    expect(config.reporters).toContain(plugin.name)
    const printed: unknown[] = []
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void printed.push(line))
    const tests = Array.from({ length: 11 }, (_, i) => ({ id: `${i}`, name: `t${i}`, timeSpentMs: i * 100, status: 0 }))
    type Event = Parameters<InstanceType<typeof plugin.injectableClass>['onDryRunCompleted']>[0]
    const event = { result: { status: 'complete', tests }, timing: { net: 0, overhead: 0 }, capabilities: { reloadEnvironment: true } }
    new plugin.injectableClass().onDryRunCompleted(event as unknown as Event)
    expect(printed).toEqual([renderSlowest(tests, process.cwd())])
    expect(String(printed[0]).split('\n')).toHaveLength(11)
  })
})
