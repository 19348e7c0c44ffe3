import { describe, expect, it } from 'vitest'
import { Cancelled } from '../../../src/cancel.js'
import { notNew, pollOrigin, type PollOptions } from '../../../src/origin/poll.js'
import type { OriginJudgement, OriginTarget } from '../../../src/origin/readiness.js'
import type { OriginVerdict } from '../../../src/origin/verdicts.js'
import { FakeClock, testCancel } from '../../support/clock.js'

const target = (path: string): OriginTarget => ({
  url: `http://example.com${path}`,
  fetchUrl: `http://example.com${path}`,
  viaEdge: true,
  expected: { kind: 'file', sha256: 'a'.repeat(64) }
})
const judged = (verdict: OriginVerdict, reason: string = verdict): OriginJudgement => ({
  verdict,
  status: verdict === 'error' ? undefined : 200,
  reason
})

/** Each URL's verdict by the clock: `newFrom` ms (Infinity: never), old before; each fetch takes `fetchMs`. */
function origin(clock: FakeClock, newFrom: Record<string, number>, fetchMs = 0, before: OriginVerdict = 'old') {
  const fetched: { path: string; at: number }[] = []
  let inFlight = 0
  let maxInFlight = 0
  const check = async (checked: OriginTarget): Promise<OriginJudgement> => {
    const path = new URL(checked.url).pathname
    fetched.push({ path, at: clock.now })
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    await new Promise((resolve) => setImmediate(resolve))
    inFlight--
    clock.now += fetchMs
    return clock.now >= (newFrom[path] ?? 0) ? judged('new') : judged(before, `${before}: ${path}`)
  }
  return { check, fetched, maxInFlight: () => maxInFlight }
}

function options(clock: FakeClock, check: PollOptions['check'], fields: Partial<PollOptions> = {}): PollOptions & { logs: string[] } {
  const logs: string[] = []
  return {
    check,
    concurrency: 4,
    waitMs: 120_000,
    now: () => clock.now,
    sleep: clock.sleep,
    log: (line) => logs.push(line),
    logs,
    ...fields
  }
}

describe('pollOrigin', () => {
  it('checks every URL at once and ends ready without sleeping when all are new', async () => {
    const clock = new FakeClock()
    const fake = origin(clock, {})
    const given = options(clock, fake.check)
    const wait = await pollOrigin([target('/a'), target('/b')], given)
    expect(wait).toMatchObject({ ready: true, waitedMs: 0, checks: 1, cacheBlind: false })
    expect(wait.urls.map((url) => [url.verdict, url.fetches, url.newAfterMs])).toEqual([
      ['new', 1, 0],
      ['new', 1, 0]
    ])
    expect(clock.sleeps).toEqual([])
    expect(given.logs).toEqual(['Origin: all 2 checked URLs serve the new build, found after 0.0 s.'])
  })

  it('checks every second for the first 30 s, then every 5 s, and re-fetches only the URLs not new yet', async () => {
    const clock = new FakeClock()
    const fake = origin(clock, { '/a': 3_000, '/b': 42_000 })
    const wait = await pollOrigin([target('/a'), target('/b'), target('/c')], options(clock, fake.check))
    expect(wait.ready).toBe(true)
    const starts = [...new Set(fake.fetched.map((fetch) => fetch.at))]
    expect(starts).toEqual([...Array.from({ length: 31 }, (_, i) => i * 1000), 35_000, 40_000, 45_000])
    expect(fake.fetched.filter((fetch) => fetch.path === '/c')).toHaveLength(1)
    expect(fake.fetched.filter((fetch) => fetch.path === '/a')).toHaveLength(4)
    expect(wait.urls.map((url) => [url.fetches, url.newAfterMs])).toEqual([
      [4, 3_000],
      [34, 45_000],
      [1, 0]
    ])
    expect(wait.waitedMs).toBe(45_000)
    expect(wait.checks).toBe(34)
  })

  it('starts the next check on the schedule from the start of the last, and at once after a slow one', async () => {
    const clock = new FakeClock()
    const fake = origin(clock, { '/a': 5_000 }, 400)
    await pollOrigin([target('/a')], options(clock, fake.check))
    expect(clock.sleeps.slice(0, 2)).toEqual([600, 600])
    const slow = new FakeClock()
    const slowFake = origin(slow, { '/a': 5_000 }, 1_500)
    await pollOrigin([target('/a')], options(slow, slowFake.check))
    expect(slow.sleeps.every((ms) => ms === 0)).toBe(true)
  })

  it('fetches at most `concurrency` at a time', async () => {
    const clock = new FakeClock()
    const fake = origin(clock, {})
    await pollOrigin(
      Array.from({ length: 10 }, (_, i) => target(`/${i}`)),
      options(clock, fake.check, { concurrency: 3 })
    )
    expect(fake.maxInFlight()).toBe(3)
    expect(fake.fetched).toHaveLength(10)
  })

  it('ends not ready when the time is spent, with a last check at its very end', async () => {
    const clock = new FakeClock()
    const fake = origin(clock, { '/a': Number.POSITIVE_INFINITY, '/b': 0 })
    const given = options(clock, fake.check, { waitMs: 2_500 })
    const wait = await pollOrigin([target('/a'), target('/b')], given)
    expect(wait).toMatchObject({ ready: false, cacheBlind: false, waitedMs: 2_500, checks: 4 })
    expect(fake.fetched.filter((fetch) => fetch.path === '/a').map((fetch) => fetch.at)).toEqual([0, 1000, 2000, 2500])
    expect(notNew(wait.urls).map((url) => url.reason)).toEqual(['old: /a'])
    expect(given.logs.at(-1)).toBe('Origin: 1 of 2 checked URLs still serves another version after 3 s; waited 2.5 s.')
  })

  it('says how far it is after the first check and then at most every 10 s', async () => {
    const clock = new FakeClock()
    const fake = origin(clock, { '/a': 25_000 })
    const given = options(clock, fake.check, { waitMs: 120_000 })
    await pollOrigin([target('/a'), target('/b')], given)
    expect(given.logs).toEqual([
      'Origin: 1 of 2 checked URLs serve the new build (0 s of 120).',
      'Origin: 1 of 2 checked URLs serve the new build (10 s of 120).',
      'Origin: 1 of 2 checked URLs serve the new build (20 s of 120).',
      'Origin: all 2 checked URLs serve the new build, found after 25.0 s.'
    ])
  })

  it('ends at once when every answer of a check came from the cache and no URL was new', async () => {
    const clock = new FakeClock()
    const fake = origin(clock, { '/a': Number.POSITIVE_INFINITY, '/b': Number.POSITIVE_INFINITY }, 0, 'from-cache')
    const given = options(clock, fake.check)
    const wait = await pollOrigin([target('/a'), target('/b')], given)
    expect(wait).toMatchObject({ ready: false, cacheBlind: true, checks: 1 })
    expect(given.logs).toEqual([
      "Origin: every answer came from the edge's cache despite the cache-busting parameter (after 0.0 s): the edge ignores the query string."
    ])
  })

  it('keeps waiting when only some answers came from the cache, or when others were new before', async () => {
    const clock = new FakeClock()
    let call = 0
    const mixed = (): Promise<OriginJudgement> => Promise.resolve(judged(call++ % 2 === 0 ? 'from-cache' : 'old'))
    const wait = await pollOrigin([target('/a'), target('/b')], options(clock, mixed, { waitMs: 3_000 }))
    expect(wait).toMatchObject({ ready: false, cacheBlind: false })
    const later = new FakeClock()
    const partly = origin(later, { '/a': 0, '/b': Number.POSITIVE_INFINITY }, 0, 'from-cache')
    const after = await pollOrigin([target('/a'), target('/b')], options(later, partly.check, { waitMs: 3_000 }))
    expect(after).toMatchObject({ ready: false, cacheBlind: false, waitedMs: 3_000 })
  })
})

describe('pollOrigin on a clock that does not start at 0', () => {
  it('times the wait and each URL from the start of the wait', async () => {
    const clock = new FakeClock()
    clock.now = 1_700_000_000_000
    const fake = origin(clock, { '/a': clock.now + 2_000 })
    const wait = await pollOrigin([target('/a'), target('/b')], options(clock, fake.check))
    expect(wait.waitedMs).toBe(2_000)
    expect(wait.urls.map((url) => url.newAfterMs)).toEqual([2_000, 0])
  })

  it('says "serve" for more than one URL left at the end', async () => {
    const clock = new FakeClock()
    const never = Number.POSITIVE_INFINITY
    const given = options(clock, origin(clock, { '/a': never, '/b': never }).check, { waitMs: 1_000 })
    await pollOrigin([target('/a'), target('/b')], given)
    expect(given.logs.at(-1)).toBe('Origin: 2 of 2 checked URLs still serve another version after 1 s; waited 1.0 s.')
  })
})

describe('pollOrigin when the run is cancelled', () => {
  it('ends the wait between checks at once, rejecting with the cancel, and checks nothing more', async () => {
    const clock = new FakeClock()
    const run = testCancel()
    const fake = origin(clock, { '/a': Number.POSITIVE_INFINITY })
    // The cancel comes while the wait before the second check is held: only the signal can end it.
    const sleep = clock.cancelling(() => run.cancel())
    const wait = pollOrigin([target('/a')], options(clock, fake.check, { sleep, signal: run.signal }))
    await expect(wait).rejects.toBe(run.reason)
    await expect(wait).rejects.toBeInstanceOf(Cancelled)
    expect(clock.sleeps).toEqual([1_000])
    expect(clock.now).toBe(0)
    expect(fake.fetched).toHaveLength(1)
  })

  it('starts no check once cancelled', async () => {
    const clock = new FakeClock()
    const run = testCancel()
    let checks = 0
    const check = (): Promise<OriginJudgement> => {
      checks++
      run.cancel()
      return Promise.resolve(judged('old'))
    }
    const wait = pollOrigin([target('/a'), target('/b'), target('/c')], options(clock, check, { concurrency: 1, signal: run.signal }))
    await expect(wait).rejects.toBe(run.reason)
    expect(checks).toBe(1)
    expect(clock.sleeps).toEqual([])
  })

  it('gives no verdict from a check that answered after the cancel', async () => {
    const clock = new FakeClock()
    const run = testCancel()
    const check = (): Promise<OriginJudgement> => {
      run.cancel()
      return Promise.resolve(judged('new'))
    }
    const wait = pollOrigin([target('/a')], options(clock, check, { signal: run.signal }))
    await expect(wait).rejects.toBe(run.reason)
    await expect(wait).rejects.toBeInstanceOf(Cancelled)
  })

  it('checks nothing when the run was cancelled before', async () => {
    const clock = new FakeClock()
    const run = testCancel()
    run.cancel()
    const fake = origin(clock, {})
    await expect(pollOrigin([target('/a')], options(clock, fake.check, { signal: run.signal }))).rejects.toBe(run.reason)
    expect(fake.fetched).toEqual([])
  })
})
