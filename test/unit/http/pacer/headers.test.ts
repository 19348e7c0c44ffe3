import { describe, expect, it } from 'vitest'
import { BUCKET_EVIDENCE_WEIGHT, RESET_MARGIN_MS, RESET_ROUNDING_MS, WINDOW_EVIDENCE } from '../../../../src/http/pacer/tunables.js'
import { HeaderModel, nextReset, refillOf } from '../../../../src/http/pacer/headers.js'

// The headers' model alone, its clock passed in: what the answers' rate-limit headers say the API will take.
// The pacer's use of it, rule by rule: index.test.ts.

describe('HeaderModel.read', () => {
  it('ignores an answer to a request sent before the one it last read, and says no new window for it', () => {
    const model = new HeaderModel()
    expect(model.read(2, 0, { remaining: 0, resetMs: 1000 }, 0)).toBe(false)
    // Older, and showing the whole quota back: still ignored.
    expect(model.read(1, 10, { remaining: 10, resetMs: 1000 }, 10)).toBe(false)
    expect(model.reading).toMatchObject({ sequence: 2, info: { remaining: 0 } })
  })

  it('says a new window when most of the quota came back with a reset, and not without one', () => {
    const withReset = new HeaderModel()
    withReset.read(0, 0, { remaining: 9, resetMs: 1000 }, 0)
    withReset.read(1, 10, { remaining: 0, resetMs: 1000 }, 10)
    expect(withReset.read(2, 20, { remaining: 9, resetMs: 1000 }, 20)).toBe(true)
    const without = new HeaderModel()
    without.read(0, 0, { remaining: 9 }, 0)
    without.read(1, 10, { remaining: 0 }, 10)
    expect(without.read(2, 20, { remaining: 9 }, 20)).toBe(false)
    expect(without.resetAt).toBeUndefined()
  })
})

describe('HeaderModel.read: requests sent together reach the API in any order', () => {
  const policy = { limit: 20, windowMs: 1000 }

  it('takes no rise on a request sent before the previous answer came for a new window, nor for a fixed window', () => {
    const model = new HeaderModel()
    // A first burst, all sent at 0: the API took request 6 first (4 left), request 1 last (0 left).
    model.read(1, 0, { remaining: 0, resetMs: 1000, ...policy }, 5)
    expect(model.read(6, 0, { remaining: 4, resetMs: 1000, ...policy }, 6)).toBe(false)
    expect(model.refills).toBe(true)
    // Its reading is still the latest: what remains is what it says.
    expect(model.reading).toMatchObject({ sequence: 6, info: { remaining: 4 } })
  })

  it('takes half the quota back at once for a new window, and less than half for none', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 9, resetMs: 1000 }, 0)
    model.read(1, 0, { remaining: 0, resetMs: 1000 }, 10)
    // The capacity is 10: a rise of 4 is no new window, one of 5 is.
    expect(model.read(2, 10, { remaining: 4, resetMs: 1000 }, 20)).toBe(false)
    model.read(3, 20, { remaining: 0, resetMs: 1000 }, 30)
    expect(model.read(4, 30, { remaining: 5, resetMs: 1000 }, 40)).toBe(true)
  })

  it('takes a rise on a request sent once the previous answer came, from that very moment', () => {
    const model = new HeaderModel()
    model.read(1, 0, { remaining: 0, resetMs: 1000, ...policy }, 5)
    model.read(2, 0, { remaining: 4, resetMs: 1000, ...policy }, 6)
    // Sent at 6, as the answer read last came: four back in no time is no refill of 20 a second.
    expect(model.read(3, 6, { remaining: 0, resetMs: 1000, ...policy }, 7)).toBe(false)
    expect(model.read(4, 7, { remaining: 4, resetMs: 1000, ...policy }, 8)).toBe(true)
    expect(model.refills).toBe(false)
  })
})

describe('HeaderModel.read: the reset of a new window', () => {
  it('takes no nearer reset from an answer to a request sent before the new window was seen: it may speak of the one before', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 0, resetMs: 2000 }, 0)
    // Sent at 10, after that answer, and more left: a new window, its reset 2 s on.
    expect(model.read(2, 10, { remaining: 14, resetMs: 2000 }, 20)).toBe(true)
    expect(model.resetAt).toBe(2020)
    // Request 3, sent at 15 before that answer came, answered late saying the reset is a second away: the one before.
    model.read(3, 15, { remaining: 0, resetMs: 1000 }, 30)
    expect(model.resetAt).toBe(2020)
    // Request 4, sent at 25 once the new window was seen: its nearer reset is this window's.
    model.read(4, 25, { remaining: 12, resetMs: 1000 }, 40)
    expect(model.resetAt).toBe(1040)
  })
})

describe('HeaderModel.tokens', () => {
  it('has no bucket estimate when the policy says no refill', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 3 }, 0)
    expect(model.tokens(500, 1)).toEqual({ window: 3, bucket: undefined })
  })

  it('without a reset said, counts what remains, never a window renewed', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 0 }, 0)
    expect(model.tokens(60_000, 1)).toEqual({ window: 0, bucket: undefined })
  })
})

describe('HeaderModel.delay', () => {
  it('waits for the refill when it comes before anything else, even past a probe', () => {
    // One request per 10 s, none left, no reset said: the next one in 10 s, not in the second a probe would take.
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 0, limit: 2, windowMs: 20_000 }, 0)
    expect(model.refills).toBe(true)
    expect(model.delay(0, 1, 0, 0, 0)).toEqual({ wait: 10_000, onRefillAlone: false })
  })

  it('with nothing to go by, sends one request a second after the last one', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 0 }, 0)
    expect(model.delay(200, 1, 100, 0, 0)).toEqual({ wait: 900, onRefillAlone: false })
  })

  it('waits the pace when the window has room', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 5 }, 0)
    expect(model.delay(0, 1, 0, 250, 0)).toEqual({ wait: 250, onRefillAlone: false })
  })

  it('after a stated reset, sends what the window took at once, then waits for an answer while one is to come', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 1, resetMs: 1000 }, 0)
    // Two taken at once (the one answered and one left), so two go once the reset and its margin have passed.
    expect(model.delay(999, 2, 0, 0, 1)).toEqual({ wait: 1 + RESET_MARGIN_MS, onRefillAlone: false })
    expect(model.delay(1000 + RESET_MARGIN_MS, 2, 0, 0, 1)).toEqual({ wait: 0, onRefillAlone: false })
    expect(model.delay(1000 + RESET_MARGIN_MS, 4, 1000, 0, 1)).toEqual({ wait: Number.POSITIVE_INFINITY, onRefillAlone: false })
    // No answer to come (they ended without one): one a second after the last finds out.
    expect(model.delay(1200, 4, 1000, 0, 0)).toEqual({ wait: 800, onRefillAlone: false })
  })
})

describe('HeaderModel.refills', () => {
  it('takes a policy for a fixed window once the API took its whole quota at once, and for a bucket while it took less', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 8, limit: 10, windowMs: 1000 }, 0)
    expect(model.refills).toBe(true)
    model.read(1, 0, { remaining: 9, limit: 10, windowMs: 1000 }, 0)
    expect(model.refills).toBe(false)
  })
})

describe('nextReset: a new window, anchored on the one before when the policy says its length', () => {
  it('is the reset said when there is no reset before it, or no window length', () => {
    expect(nextReset(2400, undefined, 1000, 1500)).toBe(2400)
    expect(nextReset(2400, 1000, undefined, 1500)).toBe(2400)
  })

  it('is the previous reset and a window, when that is still to come and not a second or more before the reset said', () => {
    // Anchored at 2000: said 2400 (rounded up to the second) is the same reset.
    expect(nextReset(2400, 1000, 1000, 1500)).toBe(2000)
    // Said earlier than the anchor: the earliest holds.
    expect(nextReset(1900, 1000, 1000, 1500)).toBe(1900)
    // A whole second after the anchor or more: another window than the one anchored.
    expect(nextReset(2999, 1000, 1000, 1500)).toBe(2000)
    expect(nextReset(3000, 1000, 1000, 1500)).toBe(3000)
  })

  it('is the reset said once the anchor is past', () => {
    expect(nextReset(2400, 1000, 1000, 1999)).toBe(2000)
    expect(nextReset(2400, 1000, 1000, 2000)).toBe(2400)
  })
})

describe('refillOf', () => {
  it('is the quota over the window, and undefined without either', () => {
    expect(refillOf({ remaining: 0, limit: 10, windowMs: 1000 })).toBe(0.01)
    expect(refillOf({ remaining: 0, limit: 10 })).toBeUndefined()
    expect(refillOf({ remaining: 0, windowMs: 1000 })).toBeUndefined()
  })
})

describe('HeaderModel.refused: a reset that came later than said', () => {
  /** A window of 2 used up, its reset at 1000, and the pacer told it reopens at 1000 and the margin. */
  function shut(): HeaderModel {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 0, resetMs: 1000 }, 0)
    expect(model.delay(500, 1, 0, 0, 0)).toEqual({ wait: 500 + RESET_MARGIN_MS, onRefillAlone: false })
    return model
  }

  it('leaves a whole second more after each reset once a request sent at the reopening was refused', () => {
    const model = shut()
    model.refused(1000 + RESET_MARGIN_MS)
    expect(model.delay(1000 + RESET_MARGIN_MS, 1, 0, 0, 0)).toEqual({ wait: RESET_ROUNDING_MS, onRefillAlone: false })
  })

  it('keeps the margin for a refusal of a request sent before the reopening', () => {
    const model = shut()
    model.refused(1000 + RESET_MARGIN_MS - 1)
    expect(model.delay(1000 + RESET_MARGIN_MS, 1, 0, 0, 0)).toEqual({ wait: 0, onRefillAlone: false })
  })

  it('keeps the margin for a refusal before any reopening was worked out', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 0, resetMs: 1000 }, 0)
    model.refused(5000)
    expect(model.delay(1000 + RESET_MARGIN_MS, 1, 0, 0, 0)).toEqual({ wait: 0, onRefillAlone: false })
  })
})

describe('HeaderModel.evidence: what requests sent on the refill alone found', () => {
  /** A policy of 10 a second whose API took 5 at once: a bucket, until the answers say otherwise. */
  function bucket(): HeaderModel {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 4, limit: 10, windowMs: 1000 }, 0)
    expect(model.refills).toBe(true)
    return model
  }

  it(`takes ${WINDOW_EVIDENCE} refusals for a fixed window, and one fewer for none`, () => {
    const model = bucket()
    for (let i = 1; i < WINDOW_EVIDENCE; i++) model.evidence(429)
    expect(model.refills).toBe(true)
    model.evidence(429)
    expect(model.refills).toBe(false)
  })

  it(`keeps a bucket while one success weighs ${BUCKET_EVIDENCE_WEIGHT} refusals`, () => {
    const model = bucket()
    model.evidence(200)
    for (let i = 0; i < BUCKET_EVIDENCE_WEIGHT; i++) model.evidence(429)
    // Fewer than WINDOW_EVIDENCE refusals in any case: still a bucket.
    expect(model.refills).toBe(true)
    for (let i = BUCKET_EVIDENCE_WEIGHT; i < WINDOW_EVIDENCE; i++) model.evidence(429)
    // 8 refusals against one success (weighing 4): a window.
    expect(model.refills).toBe(false)
    model.evidence(399)
    // Two successes weigh 8: a bucket again.
    expect(model.refills).toBe(true)
  })

  it('counts an answer of 400 or more other than 429 as neither', () => {
    const model = bucket()
    for (let i = 0; i < WINDOW_EVIDENCE; i++) model.evidence(429)
    model.evidence(400)
    model.evidence(500)
    expect(model.refills).toBe(false)
  })
})

describe('HeaderModel.tokens: what the API may count yet', () => {
  it('takes from what remains the requests sent since the answer and those pending when it came, or those in flight if more', () => {
    const model = new HeaderModel()
    model.read(3, 0, { remaining: 10 }, 0, 2)
    // Requests 4 and 5 sent since (6 sent: 0 to 5), and 2 pending: 4 the API may count yet.
    expect(model.tokens(0, 6)).toEqual({ window: 6, bucket: undefined })
    expect(model.tokens(0, 6, 3)).toEqual({ window: 6, bucket: undefined })
    expect(model.tokens(0, 6, 5)).toEqual({ window: 5, bucket: undefined })
  })

  it('takes the whole capacity back once the reset and its margin have passed, for an answer read before them', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 2, resetMs: 1000 }, 0)
    expect(model.tokens(1000 + RESET_MARGIN_MS - 1, 1)).toEqual({ window: 2, bucket: undefined })
    expect(model.tokens(1000 + RESET_MARGIN_MS, 1)).toEqual({ window: 3, bucket: undefined })
    expect(model.tokens(1000 + RESET_MARGIN_MS, 3)).toEqual({ window: 1, bucket: undefined })
  })

  it('refills a bucket by the policy from the answer on, up to what the API took at once', () => {
    const model = new HeaderModel()
    model.read(0, 100, { remaining: 2, limit: 10, windowMs: 1000 }, 100)
    // 3 taken at once; 0.01 a millisecond.
    expect(model.tokens(100, 1)).toEqual({ window: 2, bucket: 2 })
    expect(model.tokens(150, 1)).toEqual({ window: 2, bucket: 2.5 })
    expect(model.tokens(1100, 1)).toEqual({ window: 2, bucket: 3 })
    expect(model.tokens(150, 2)).toEqual({ window: 1, bucket: 1.5 })
  })
})

describe('HeaderModel.delay on a bucket', () => {
  /** A policy of 10 a second (one every 100 ms) whose API took 3 at once, none left at 0. */
  function empty(resetMs?: number): HeaderModel {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 2, limit: 10, windowMs: 1000 }, 0)
    model.read(1, 0, { remaining: 1, limit: 10, windowMs: 1000 }, 0)
    model.read(2, 0, { remaining: 0, limit: 10, windowMs: 1000, ...(resetMs === undefined ? {} : { resetMs }) }, 0)
    expect(model.refills).toBe(true)
    return model
  }

  it('lets a request go on the refill alone once it has refilled one', () => {
    expect(empty().delay(100, 3, 0, 0, 0)).toEqual({ wait: 0, onRefillAlone: true })
    expect(empty().delay(100, 3, 0, 40, 0)).toEqual({ wait: 40, onRefillAlone: true })
  })

  it('waits for the refill, or for the reset said if it comes first, and never less than the pace', () => {
    expect(empty().delay(40, 3, 0, 0, 0)).toEqual({ wait: 60, onRefillAlone: false })
    expect(empty(30).delay(10, 3, 0, 0, 0)).toEqual({ wait: 20, onRefillAlone: false })
    expect(empty(30).delay(40, 3, 0, 0, 0)).toEqual({ wait: 0, onRefillAlone: false })
    expect(empty().delay(40, 3, 0, 80, 0)).toEqual({ wait: 80, onRefillAlone: false })
  })
})

describe('HeaderModel.read: the least said in a window', () => {
  it('takes as much left as the least said before a request was sent for a new window (no refill explains it)', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 5, resetMs: 1000 }, 10)
    // Sent at 20, after 5 were said left at 10, and 5 left: nothing of the window was taken since, so it is new.
    expect(model.read(1, 20, { remaining: 5, resetMs: 1000 }, 30)).toBe(true)
    expect(model.resetAt).toBe(1030)
  })

  it('does not count an answer said at the moment a request was sent as said before it', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 5, resetMs: 1000 }, 10)
    expect(model.read(1, 10, { remaining: 5, resetMs: 1000 }, 30)).toBe(false)
  })

  it('takes less left than the least said for no new window', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 5, resetMs: 1000 }, 10)
    expect(model.read(1, 20, { remaining: 4, resetMs: 1000 }, 30)).toBe(false)
  })

  it('counts the least an older answer said among those before a later request', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 5, resetMs: 1000 }, 10)
    model.read(3, 0, { remaining: 4, resetMs: 1000 }, 20)
    // Request 1, sent with the others and answered late, was counted last: 2 left.
    expect(model.read(1, 0, { remaining: 2, resetMs: 1000 }, 30)).toBe(false)
    expect(model.reading).toMatchObject({ sequence: 3, info: { remaining: 2 } })
    // Sent at 40, after 2 were said left: 3 left is a new window, though more than the 4 said earlier is not needed.
    expect(model.read(4, 40, { remaining: 3, resetMs: 1000 }, 50)).toBe(true)
  })

  it('lowers what is left by an older answer only within the window: not past its reset', () => {
    const model = new HeaderModel()
    model.read(1, 0, { remaining: 5, resetMs: 100 }, 10)
    model.read(0, 0, { remaining: 2, resetMs: 100 }, 110)
    expect(model.reading).toMatchObject({ sequence: 1, info: { remaining: 5 } })
    const before = new HeaderModel()
    before.read(1, 0, { remaining: 5, resetMs: 100 }, 10)
    before.read(0, 0, { remaining: 2, resetMs: 100 }, 109)
    expect(before.reading).toMatchObject({ sequence: 1, info: { remaining: 2 } })
  })

  it('lowers what is left by an older answer with no reset said', () => {
    const model = new HeaderModel()
    model.read(1, 0, { remaining: 5 }, 10)
    model.read(0, 0, { remaining: 2 }, 5000)
    expect(model.reading).toMatchObject({ sequence: 1, info: { remaining: 2 } })
  })

  it('lowers it by an answer to a request sent when the window was seen, not by one sent before', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 0, resetMs: 2000 }, 0)
    // A new window seen at 20 (the answer before it came at 0): answers to requests sent from 0 on may speak of it.
    expect(model.read(2, 10, { remaining: 14, resetMs: 2000 }, 20)).toBe(true)
    model.read(1, 0, { remaining: 12, resetMs: 2000 }, 30)
    expect(model.reading).toMatchObject({ sequence: 2, info: { remaining: 12 } })
    const late = new HeaderModel()
    late.read(0, 5, { remaining: 0, resetMs: 2000 }, 5)
    late.read(2, 10, { remaining: 14, resetMs: 2000 }, 20)
    late.read(1, 4, { remaining: 12, resetMs: 2000 }, 30)
    expect(late.reading).toMatchObject({ sequence: 2, info: { remaining: 14 } })
  })

  it('lowers nothing by an older answer under a bucket, whose rise is its refill', () => {
    const model = new HeaderModel()
    model.read(1, 0, { remaining: 5, limit: 10, windowMs: 1000 }, 10)
    expect(model.refills).toBe(true)
    model.read(0, 0, { remaining: 2, limit: 10, windowMs: 1000 }, 20)
    expect(model.reading).toMatchObject({ sequence: 1, info: { remaining: 5 } })
  })
})

describe('HeaderModel.read: an older answer and the requests pending when the latest came', () => {
  /** Request 5 answered first, with 3 left and 2 requests sent before it unanswered; its reset at 110. */
  function latest(pending: number): HeaderModel {
    const model = new HeaderModel()
    model.read(5, 0, { remaining: 3, resetMs: 100 }, 10, pending)
    return model
  }

  it('takes one off the pending for an answer the window holds (within it, whatever it says)', () => {
    const model = latest(2)
    model.read(4, 0, { remaining: 6, resetMs: 100 }, 50)
    expect(model.reading?.pending).toBe(1)
  })

  it('past the window, takes one off only for an answer that left more, or that was refused', () => {
    const more = latest(2)
    more.read(4, 0, { remaining: 4, resetMs: 100 }, 200)
    expect(more.reading?.pending).toBe(1)
    const same = latest(2)
    same.read(4, 0, { remaining: 3, resetMs: 100 }, 200)
    expect(same.reading?.pending).toBe(2)
    const less = latest(2)
    less.read(4, 0, { remaining: 2, resetMs: 100 }, 200)
    expect(less.reading?.pending).toBe(2)
    const refused = latest(2)
    refused.read(4, 0, { remaining: 2, resetMs: 100 }, 200, 0, true)
    expect(refused.reading?.pending).toBe(1)
  })

  it('never takes the pending below none', () => {
    const model = latest(0)
    model.read(4, 0, { remaining: 6, resetMs: 100 }, 50)
    model.read(3, 0, { remaining: 6, resetMs: 100 }, 200, 0, true)
    expect(model.reading?.pending).toBe(0)
  })
})

describe('HeaderModel.read: a request sent before the reset and answered after it', () => {
  /** Two left at 0, the window's reset at 1000. */
  function window(): HeaderModel {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 2, resetMs: 1000 }, 0)
    return model
  }

  it('speaks of the window before: its reset holds, and what it says held when it was sent', () => {
    const model = window()
    expect(model.read(1, 900, { remaining: 1, resetMs: 100 }, 1100)).toBe(false)
    expect(model.resetAt).toBe(1000)
    expect(model.reading).toMatchObject({ sequence: 1, at: 900 })
    // Read as said at 900, before the reset: past the reset and its margin the window is back whole.
    expect(model.tokens(1100, 2)).toEqual({ window: 3, bucket: undefined })
  })

  it('counts an answer that came at the very reset the same way', () => {
    const model = window()
    model.read(1, 900, { remaining: 1, resetMs: 100 }, 1000)
    expect(model.resetAt).toBe(1000)
    expect(model.reading?.at).toBe(900)
  })

  it('moves the reset later when it says nothing is left until then, and only then', () => {
    const none = window()
    none.read(1, 900, { remaining: 0, resetMs: 500 }, 1100)
    expect(none.resetAt).toBe(1600)
    const noneNoReset = window()
    noneNoReset.read(1, 900, { remaining: 0 }, 1100)
    expect(noneNoReset.resetAt).toBe(1000)
    const some = window()
    some.read(1, 900, { remaining: 1, resetMs: 500 }, 1100)
    expect(some.resetAt).toBe(1000)
  })

  it('takes a request sent at the reset, or after it, for one of the next window', () => {
    const atReset = window()
    atReset.read(1, 1000, { remaining: 1, resetMs: 1000 }, 1100)
    expect(atReset.resetAt).toBe(2100)
    expect(atReset.reading?.at).toBe(1100)
    const after = window()
    after.read(1, 1050, { remaining: 1, resetMs: 1000 }, 1200)
    expect(after.resetAt).toBe(2200)
  })
})

describe('HeaderModel.read: the earliest reset said for the current window', () => {
  it('takes a nearer reset said within the window, and a later one said at or after its reset for the next', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 5, resetMs: 1000 }, 0)
    model.read(1, 10, { remaining: 4, resetMs: 800 }, 100)
    expect(model.resetAt).toBe(900)
    model.read(2, 100, { remaining: 3, resetMs: 1000 }, 150)
    expect(model.resetAt).toBe(900)
    const atReset = new HeaderModel()
    atReset.read(0, 0, { remaining: 5, resetMs: 1000 }, 0)
    atReset.read(1, 1000, { remaining: 4, resetMs: 1000 }, 1000)
    expect(atReset.resetAt).toBe(2000)
  })

  it('takes a nearer reset from a request sent at the very moment the new window was seen', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 0, resetMs: 2000 }, 0)
    expect(model.read(2, 10, { remaining: 14, resetMs: 2000 }, 20)).toBe(true)
    model.read(3, 20, { remaining: 12, resetMs: 1000 }, 40)
    expect(model.resetAt).toBe(1040)
  })
})

describe('HeaderModel.read: a fixed window behind a policy that says a refill', () => {
  it('takes a rise that the refill since the previous answer does not explain for a fixed window', () => {
    const model = new HeaderModel()
    const policy = { limit: 10, windowMs: 1000 }
    model.read(0, 400, { remaining: 4, ...policy }, 500)
    model.read(1, 500, { remaining: 0, ...policy }, 510)
    expect(model.refills).toBe(true)
    // 5 back 90 ms after the answer that said none: the refill (one a 100 ms) explains one, and two to spare.
    model.read(2, 520, { remaining: 5, ...policy }, 600)
    expect(model.refills).toBe(false)
  })

  it('takes the whole quota back, from a request sent before the reset and answered after it, for the new window', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 0, resetMs: 1000 }, 0)
    expect(model.read(1, 900, { remaining: 9, resetMs: 1000 }, 1100)).toBe(true)
    expect(model.resetAt).toBe(2100)
  })
})

describe('HeaderModel.read: only a fall is the least said', () => {
  it('keeps what an answer past the reset said, when more, out of the least said before later requests', () => {
    const model = new HeaderModel()
    model.read(0, 0, { remaining: 5, resetMs: 100 }, 10)
    // Sent before the answer at 10, answered past the reset: 8 left is no fall.
    model.read(1, 0, { remaining: 8, resetMs: 100 }, 200)
    // Sent at 210: 6 left is more than the least said before it, 5: a new window.
    expect(model.read(2, 210, { remaining: 6, resetMs: 100 }, 220)).toBe(true)
  })
})
