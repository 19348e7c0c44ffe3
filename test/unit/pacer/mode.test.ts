import { describe, expect, it } from 'vitest'
import { Pacer, type Mode, type Ticket } from '../../../src/http/pacer/index.js'
import { modeLine, modeOf, type ModeInputs } from '../../../src/http/pacer/mode.js'
import { fixedWindow, seeded, step, tokenBucket, VirtualClock, type Limiter } from '../fixtures/pacer-sim.js'

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

  it('says something different for each mode', () => {
    const modes: Mode[] = ['unlimited', 'learning', 'header-bucket', 'header-window', 'refusal-test', 'refusal-window']
    const lines = new Set(modes.map((mode) => modeLine(mode, 'unlimited').replace(mode, '')))
    expect(lines.size).toBe(modes.length)
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
  return { clock, pacer, changes, answer }
}

const ietf = (r: number): Record<string, string> => ({ ratelimit: `"d";r=${r};t=1`, 'ratelimit-policy': '"d";q=10;w=1' })

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

  it('turns from a bucket to a window when two requests on the refill alone are refused', async () => {
    const { clock, pacer, changes } = setup()
    // Nothing left by the headers: the next requests go on the refill alone, one each 100 ms.
    const first = await pacer.acquire()
    pacer.observe(first, 200, ietf(0))
    first.done()
    for (let i = 0; i < 2; i++) {
      const promise = pacer.acquire()
      await clock.run(() => clock.now >= 100 * (i + 1))
      const ticket = await promise
      expect(ticket.onRefillAlone).toBe(true)
      pacer.observe(ticket, 429, ietf(0))
      ticket.done()
    }
    expect(changes).toEqual([
      ['header-bucket', 'unlimited'],
      ['header-window', 'header-bucket']
    ])
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
