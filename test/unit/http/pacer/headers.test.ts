import { describe, expect, it } from 'vitest'
import { HeaderModel } from '../../../../src/http/pacer/headers.js'

// The headers' model alone, its clock passed in: what the answers' rate-limit headers say the API will take.
// The pacer's use of it, rule by rule: index.test.ts.

describe('HeaderModel.read', () => {
  it('ignores an answer to a request sent before the one it last read, and says no new window for it', () => {
    const model = new HeaderModel()
    expect(model.read(2, { remaining: 0, resetMs: 1000 }, 0)).toBe(false)
    // Older, and showing the whole quota back: still ignored.
    expect(model.read(1, { remaining: 10, resetMs: 1000 }, 10)).toBe(false)
    expect(model.reading).toMatchObject({ sequence: 2, info: { remaining: 0 } })
  })

  it('says a new window when most of the quota came back with a reset, and not without one', () => {
    const withReset = new HeaderModel()
    withReset.read(0, { remaining: 9, resetMs: 1000 }, 0)
    withReset.read(1, { remaining: 0, resetMs: 1000 }, 10)
    expect(withReset.read(2, { remaining: 9, resetMs: 1000 }, 20)).toBe(true)
    const without = new HeaderModel()
    without.read(0, { remaining: 9 }, 0)
    without.read(1, { remaining: 0 }, 10)
    expect(without.read(2, { remaining: 9 }, 20)).toBe(false)
    expect(without.resetAt).toBeUndefined()
  })
})

describe('HeaderModel.tokens', () => {
  it('has no bucket estimate when the policy says no refill', () => {
    const model = new HeaderModel()
    model.read(0, { remaining: 3 }, 0)
    expect(model.tokens(500, 1)).toEqual({ window: 3, bucket: undefined })
  })

  it('without a reset said, counts what remains, never a window renewed', () => {
    const model = new HeaderModel()
    model.read(0, { remaining: 0 }, 0)
    expect(model.tokens(60_000, 1)).toEqual({ window: 0, bucket: undefined })
  })
})

describe('HeaderModel.delay', () => {
  it('waits for the refill when it comes before anything else, even past a probe', () => {
    // One request per 10 s, none left, no reset said: the next one in 10 s, not in the second a probe would take.
    const model = new HeaderModel()
    model.read(0, { remaining: 0, limit: 1, windowMs: 10_000 }, 0)
    expect(model.delay(0, 1, 0, 0)).toEqual({ wait: 10_000, onRefillAlone: false })
  })

  it('with nothing to go by, sends one request a second after the last one', () => {
    const model = new HeaderModel()
    model.read(0, { remaining: 0 }, 0)
    expect(model.delay(200, 1, 100, 0)).toEqual({ wait: 900, onRefillAlone: false })
  })

  it('waits the pace when the window has room', () => {
    const model = new HeaderModel()
    model.read(0, { remaining: 5 }, 0)
    expect(model.delay(0, 1, 0, 250)).toEqual({ wait: 250, onRefillAlone: false })
  })
})
