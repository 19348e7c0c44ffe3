import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as EdgeModule from '../../../src/edge/index.js'
import type * as FetchModule from '../../../src/edge/fetch.js'
import { getInputs } from '../../../src/inputs/index.js'
import { checkEdge } from '../../../src/phases/check-edge.js'
import type { WorkAssignment } from '../../../src/purge/routing.js'
import { sleep } from '../../../src/sleep.js'
import { testCancel } from '../../support/clock.js'
import { source } from '../../support/inputs.js'

// The edge's code is loaded only by a step that checks or warms: each check it makes is recorded here, with the io
// it was given (the run's signal, the sleep).
const checks = vi.hoisted((): string[] => [])
const ios = vi.hoisted((): FetchModule.EdgeIo[] => [])
vi.mock('../../../src/edge/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof EdgeModule>()
  return {
    ...actual,
    verifyAndWarm: (...args: Parameters<typeof actual.verifyAndWarm>) => {
      checks.push(`verify ${args[2].verify}, warm ${args[2].warm}`)
      ios.push(args[3])
      return actual.verifyAndWarm(...args)
    }
  }
})
beforeEach(() => {
  checks.length = 0
  ios.length = 0
})

const minimal = { 'api-key': 'phases-edge-test-key', 'api-url': 'https://api.example.net/v1', zone: 'example.com', files: '/a' }
const work: WorkAssignment = {
  zones: [],
  requested: { everything: false, files: [], tags: [] },
  changedUrls: [],
  everythingInstead: undefined,
  probes: new Map()
}

describe('checkEdge', () => {
  it('checks nothing at the edge when neither verify nor warm is on', async () => {
    const given = await getInputs(source({ ...minimal, verify: 'false', warm: 'false' }))
    expect(given.verify).toBe(0)
    expect(await checkEdge(given, work, undefined, [], () => undefined)).toBeUndefined()
    expect(checks).toEqual([])
  })

  it('checks when verify or warm is on, with nothing stale when there is nothing to fetch', async () => {
    for (const inputs of [{ verify: 'true' }, { warm: 'true' }]) {
      const given = await getInputs(source({ ...minimal, ...inputs }))
      const found = await checkEdge(given, work, undefined, [], () => undefined)
      expect(found?.failure).toBeUndefined()
      expect(found?.checked).toBeDefined()
    }
    expect(checks).toEqual(['verify 20, warm false', 'verify 0, warm true'])
    expect(ios.map((io) => io.signal)).toEqual([undefined, undefined])
  })

  it("gives the run's signal to the edge checks, with the sleep that honours it", async () => {
    const run = testCancel()
    const given = await getInputs(source({ ...minimal, verify: 'true' }))
    await checkEdge(given, work, undefined, [], () => undefined, run.signal)
    expect(ios).toHaveLength(1)
    expect(ios[0]?.signal).toBe(run.signal)
    expect(ios[0]?.sleep).toBe(sleep)
  })
})
