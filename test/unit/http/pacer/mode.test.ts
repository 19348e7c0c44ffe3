import { describe, expect, it } from 'vitest'
import { Pacer, type Ticket } from '../../../../src/http/pacer/index.js'
import { byRefusals, type Mode, type ModeInputs, modeLine, modeOf } from '../../../../src/http/pacer/mode.js'
import { fixedWindow, seeded, step, tokenBucket, VirtualClock, type Limiter } from '../../../support/pacer-sim.js'
import { WINDOW_EVIDENCE } from '../../../../src/http/pacer/tunables.js'

// The pacer's mode: which model decides when requests go (docs/rate-limits.md). Worked out by modeOf
// alone, and told to onMode, for the debug log, each time it changes.

const none: ModeInputs = { headers: false, refills: false, refusals: 'unknown', paced: false }

describe('modeOf', () => {
  it('is unlimited before any header or 429, and learning once a pace is learnt', () => {
    expect(modeOf(none)).toBe('unlimited')
    expect(modeOf({ ...none, paced: true })).toBe('learning')
    // 429s that showed a bucket, not a window, leave the pace learnt from them in charge.
    expect(modeOf({ ...none, paced: true, refusals: 'bucket' })).toBe('learning')
  })

  it('follows a window found from 429s while it is tested and once it is found', () => {
    expect(modeOf({ ...none, paced: true, refusals: 'testing' })).toBe('refusal-test')
    expect(modeOf({ ...none, paced: true, refusals: 'window' })).toBe('refusal-window')
  })

  it('follows the headers once an answer had them, whatever the 429s and the pace said', () => {
    expect(modeOf({ ...none, headers: true, refills: true })).toBe('header-bucket')
    expect(modeOf({ ...none, headers: true })).toBe('header-window')
    expect(modeOf({ headers: true, refills: true, refusals: 'window', paced: true })).toBe('header-bucket')
    expect(modeOf({ headers: true, refills: false, refusals: 'testing', paced: true })).toBe('header-window')
  })
})

describe('modeLine', () => {
  it('names the mode, says what it means and what it was', () => {
    expect(modeLine('learning', 'unlimited')).toBe('Rate-limit mode: learning (a pace learnt from 429s); was unlimited.')
    expect(modeLine('header-window', 'header-bucket')).toBe(
      'Rate-limit mode: header-window (a fixed window, by the rate-limit headers); was header-bucket.'
    )
  })

  it.each<[Mode, string]>([
    ['unlimited', 'no limit seen, no pacing'],
    ['learning', 'a pace learnt from 429s'],
    ['header-bucket', 'a token bucket, by the rate-limit headers'],
    ['header-window', 'a fixed window, by the rate-limit headers'],
    ['refusal-test', 'testing whether the 429s come from a fixed window'],
    ['refusal-window', 'a fixed window found from 429s, a burst at each reset']
  ])('says what %s means', (mode, says) => {
    expect(modeLine(mode, 'learning')).toBe(`Rate-limit mode: ${mode} (${says}); was learning.`)
  })
})

describe('byRefusals', () => {
  it('is true only in the modes a window found from 429s decides', () => {
    const modes: Mode[] = ['unlimited', 'learning', 'header-bucket', 'header-window', 'refusal-test', 'refusal-window']
    expect(modes.filter(byRefusals)).toEqual(['refusal-test', 'refusal-window'])
  })
})

/** A pacer on a virtual clock whose mode changes are recorded, with requests sent and answered by hand. */
function setup() {
  const clock = new VirtualClock()
  const changes: [Mode, Mode][] = []
  const pacer = new Pacer({
    concurrency: 100,
    maxWaitMs: 600_000,
    now: () => clock.now,
    sleep: clock.sleep,
    onMode: (mode, previous) => changes.push([mode, previous])
  })
  /** Sends a request once the pacer lets it go (running the clock till then), and answers it at once. */
  const answer = async (status: number, headers: Record<string, string> = {}): Promise<Ticket> => {
    let sent: Ticket | undefined
    void pacer.acquire().then((ticket) => (sent = ticket))
    await clock.run(() => sent !== undefined)
    const ticket = sent as Ticket
    pacer.observe(ticket, status, headers)
    ticket.done()
    return ticket
  }
  /** Runs the clock (and every timer due) up to `ms`. */
  const until = async (ms: number): Promise<void> => {
    let reached = false
    void clock.sleep(ms - clock.now).then(() => (reached = true))
    await clock.run(() => reached)
  }
  return { clock, pacer, changes, answer, until }
}

const ietf = (r: number, t = 1): Record<string, string> => ({ ratelimit: `"d";r=${r};t=${t}`, 'ratelimit-policy': '"d";q=10;w=1' })

describe('Pacer: its mode', () => {
  it('starts unlimited and tells nothing while nothing limits it', async () => {
    const { pacer, changes, answer } = setup()
    expect(pacer.mode).toBe('unlimited')
    await answer(200)
    await answer(500)
    expect(pacer.mode).toBe('unlimited')
    expect(changes).toEqual([])
  })

  it('learns a pace on the first 429 without headers, and tells it once', async () => {
    const { pacer, changes, answer } = setup()
    await answer(200)
    await answer(429)
    await answer(429)
    expect(pacer.mode).toBe('learning')
    expect(changes).toEqual([['learning', 'unlimited']])
  })

  it('learns a pace on a 503 with a Retry-After, not on one without', async () => {
    const { pacer, changes, answer } = setup()
    await answer(503)
    expect(pacer.mode).toBe('unlimited')
    await answer(503, { 'retry-after': '1' })
    expect(changes).toEqual([['learning', 'unlimited']])
  })

  it('goes by the headers from the first answer that has them: a bucket when the policy refills', async () => {
    const { pacer, changes, answer } = setup()
    await answer(200, ietf(5))
    expect(pacer.mode).toBe('header-bucket')
    expect(changes).toEqual([['header-bucket', 'unlimited']])
  })

  it('goes by the headers as a window when they say no refill', async () => {
    const { changes, answer } = setup()
    await answer(429)
    await answer(200, { 'x-ratelimit-remaining': '3' })
    expect(changes).toEqual([
      ['learning', 'unlimited'],
      ['header-window', 'learning']
    ])
  })

  it('turns from a bucket to a window when WINDOW_EVIDENCE requests on the refill alone are refused', async () => {
    const { clock, pacer, changes } = setup()
    // Nothing left by the headers, and the reset 10 s away: the next requests go on the refill alone (paced once refused).
    const first = await pacer.acquire()
    pacer.observe(first, 200, ietf(0, 10))
    first.done()
    for (let i = 0; i < WINDOW_EVIDENCE; i++) {
      let given: Ticket | undefined
      void pacer.acquire().then((ticket) => (given = ticket))
      await clock.run(() => given !== undefined)
      const ticket = given as Ticket
      expect(ticket.onRefillAlone).toBe(true)
      pacer.observe(ticket, 429, ietf(0, 10))
      ticket.done()
    }
    expect(changes).toEqual([
      ['header-bucket', 'unlimited'],
      ['header-window', 'header-bucket']
    ])
  })
})

describe('Pacer: its mode at the edges', () => {
  /**
   * Three requests through and one refused at 0, then one sent at `sentAt` and refused at 1000, when nothing
   * got through in the last second (an interval of 1000 ms).
   */
  const refusedAgain = async (sentAt: number): Promise<Mode> => (await refusedAgainOn(sentAt)).pacer.mode
  const refusedAgainOn = async (sentAt: number): Promise<ReturnType<typeof setup>> => {
    const set = setup()
    const { pacer, until } = set
    const first = await Promise.all([0, 1, 2, 3].map(() => pacer.acquire()))
    first.forEach((ticket, index) => {
      pacer.observe(ticket, index < 3 ? 200 : 429, {})
      ticket.done()
    })
    await until(sentAt)
    const again = await pacer.acquire()
    expect(again.sentAt).toBe(sentAt)
    await until(1000)
    pacer.observe(again, 429, {})
    return set
  }

  it('tests for a window when a request sent 0.8 of an interval after a 429, or later, is refused too', async () => {
    expect(await refusedAgain(800)).toBe('refusal-test')
    expect(await refusedAgain(900)).toBe('refusal-test')
  })

  it('keeps learning when the refused request went sooner: a bucket may not have refilled yet', async () => {
    expect(await refusedAgain(799)).toBe('learning')
  })

  it("sends no request on the refill alone once 429s decide: that is the headers' estimate", async () => {
    const { pacer, answer } = await refusedAgainOn(800)
    expect(pacer.mode).toBe('refusal-test')
    expect((await answer(200)).onRefillAlone).toBe(false)
  })

  it('turns to a window when the headers show the quota back at once, faster than the refill, with no pace before a 429', async () => {
    const { pacer, changes } = setup()
    const tickets = await Promise.all([0, 1, 2].map(() => pacer.acquire()))
    // Nine at once of a quota of ten: a bucket may hold less than its quota, a window would not.
    for (const [index, remaining] of [8, 0, 8].entries()) pacer.observe(tickets[index] as Ticket, 200, ietf(remaining))
    expect(changes).toEqual([
      ['header-bucket', 'unlimited'],
      ['header-window', 'header-bucket']
    ])
    expect(pacer.pace).toBeUndefined()
    const refused = await pacer.acquire()
    pacer.observe(refused, 429, ietf(0))
    // Limited now: its pace is the policy's, 10 a second.
    expect(pacer.pace).toBe(10)
  })
})

describe('Pacer: its mode through whole runs', () => {
  const modes = async (limiter: Limiter): Promise<Mode[]> => {
    const clock = new VirtualClock()
    const seen: Mode[] = []
    const pacer = new Pacer({
      concurrency: 8,
      maxWaitMs: 600_000,
      now: () => clock.now,
      sleep: clock.sleep,
      onMode: (mode, previous) => {
        // Each change is told from the mode it left, and only when it is a change.
        expect(previous).toBe(seen.at(-1) ?? 'unlimited')
        expect(mode).not.toBe(previous)
        seen.push(mode)
      }
    })
    const one = step(clock, limiter, { requests: 100, concurrency: 8, latencyMs: 20, jitter: seeded(7), pacer })
    await clock.run(one.done)
    expect(one.result().lost).toBe(0)
    return seen
  }

  it('finds a fixed window from 429s alone: a pace, then the test, then the window', async () => {
    expect(await modes(fixedWindow(20, 1000, 'none'))).toEqual(['learning', 'refusal-test', 'refusal-window'])
  })

  it('learns a pace for a token bucket from 429s alone', async () => {
    expect(await modes(tokenBucket(20, 5, 'none'))).toEqual(['learning'])
  })

  it('goes by the headers of a token bucket', async () => {
    expect(await modes(tokenBucket(20, 5, 'ietf'))).toEqual(['header-bucket'])
  })

  it('goes by the headers of a fixed window', async () => {
    expect(await modes(fixedWindow(20, 1000, 'x-ratelimit'))).toEqual(['header-window'])
  })
})
