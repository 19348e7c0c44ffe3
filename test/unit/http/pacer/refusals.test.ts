import { describe, expect, it } from 'vitest'
import { RefusalWindow } from '../../../../src/http/pacer/refusals.js'
import { CALM_WINDOWS, PROBE_EVERY_MS, RESET_MARGIN_MS } from '../../../../src/http/pacer/tunables.js'

// The fixed window found from 429s alone, driven by hand: requests are numbered in the order sent.

/** A window guess that saw `quota` requests (0..quota-1) get through, then request `quota` refused at `at`. */
function afterBurst(quota: number, at = 100, concurrency = 8): RefusalWindow {
  const window = new RefusalWindow(concurrency)
  for (let sequence = 0; sequence < quota; sequence++) window.succeeded(sequence, 0, false, quota + 1)
  window.refused(quota, false, at)
  return window
}

/** Request `from`, sent at `at`, finds a window open, and `took` requests get through in it. */
function trial(window: RefusalWindow, from: number, at: number, took = 20): void {
  window.succeeded(from, at, true, from + 1)
  for (let sequence = from + 1; sequence < from + took; sequence++) window.succeeded(sequence, at, true, from + took)
}

/**
 * A window found open at the spacing by request `from`, and `took` requests through in it, nothing refused. Sent long
 * after the first 429 (at `from` seconds): not one that was in flight beside it.
 */
function calmWindow(window: RefusalWindow, from: number, took: number): void {
  trial(window, from, from * 1000, took)
}

describe('RefusalWindow: telling a window from a bucket', () => {
  it('suspects nothing from the 429s of the first burst, only from a request refused after them', () => {
    const window = afterBurst(20)
    expect(window.guess).toBe('unknown')
    expect(window.active).toBe(false)
    window.refused(21, true, 150)
    expect(window.guess).toBe('testing')
    expect(window.active).toBe(true)
  })
  it('does not suspect a window of two requests (the one that finds the reset leaves one to test with)', () => {
    const window = afterBurst(2)
    window.refused(3, true, 150)
    expect(window.guess).toBe('unknown')
    const three = afterBurst(3)
    three.refused(4, true, 150)
    expect(three.guess).toBe('testing')
  })
  it('tests with a burst as large as the first, at most `concurrency`: all through is a window', () => {
    const window = afterBurst(20, 100, 8)
    window.refused(21, true, 150)
    // Shut: nothing goes but one probe at a time (once a second: no Retry-After said when).
    expect(window.delay(150, 22, 150)).toBe(1000)
    // The probe (request 22) gets through: the test burst is the next 8 requests.
    window.succeeded(22, 1000, true, 23)
    expect(window.delay(1001, 23, 1000)).toBe(0)
    expect(window.delay(1001, 30, 1000)).toBe(0)
    expect(window.delay(1001, 31, 1000)).toBeGreaterThan(0)
    for (let sequence = 23; sequence < 30; sequence++) window.succeeded(sequence, 1001, true, 31)
    expect(window.guess).toBe('testing')
    window.succeeded(30, 1001, true, 31)
    expect(window.guess).toBe('window')
  })
  it("sends nothing past the test burst before a Retry-After from the window's start has passed", () => {
    const window = afterBurst(20)
    window.refused(21, true, 150)
    window.retryAfter(1000)
    window.succeeded(22, 1000, true, 23)
    // The test burst (23..30) sent: the next goes a second after the window opened, not a probe's 100 ms on.
    expect(window.delay(1001, 31, 1001)).toBe(999)
  })
  it('takes one request of the test burst refused for a bucket, and then steps aside for good', () => {
    const window = afterBurst(5, 100, 8)
    window.refused(6, true, 150)
    window.succeeded(7, 300, true, 8)
    // The test burst is requests 8..12; the first of them refused.
    window.refused(8, false, 305)
    expect(window.guess).toBe('bucket')
    expect(window.active).toBe(false)
    window.refused(14, true, 400)
    expect(window.guess).toBe('bucket')
  })
  it('does not take probes sent before the test burst, refused, for refusals within a window', () => {
    const window = afterBurst(20)
    window.refused(21, true, 150)
    // Request 22 finds the reset; 23 and 24 went before its answer came, and the test burst is 25 on.
    window.succeeded(22, 1000, true, 25)
    window.refused(23, false, 1005)
    window.refused(24, false, 1006)
    expect(window.guess).toBe('testing')
  })
  it('counts a probe past the test burst that gets through as part of the test, not as a new window', () => {
    const window = afterBurst(20)
    window.refused(21, true, 150)
    window.succeeded(22, 1000, true, 23)
    // The test burst is 23..30; request 31 (a probe sent once it was all out) is answered first.
    window.succeeded(31, 1100, true, 32)
    for (let sequence = 23; sequence < 30; sequence++) window.succeeded(sequence, 1001, true, 32)
    expect(window.guess).toBe('window')
  })
  it('counts a refusal before the test burst (a probe) as no verdict', () => {
    const window = afterBurst(20)
    window.refused(21, true, 150)
    window.refused(22, true, 250)
    expect(window.guess).toBe('testing')
  })
})

describe('RefusalWindow: bursting at each reset', () => {
  /** A window found: 20 a window, reset seen at 1000 (request 22), its test burst of 8 through. */
  const found = (): RefusalWindow => {
    const window = afterBurst(20)
    window.refused(21, true, 150)
    window.retryAfter(1000)
    window.succeeded(22, 1000, true, 23)
    for (let sequence = 23; sequence < 31; sequence++) window.succeeded(sequence, 1001, true, 31)
    return window
  }

  /** The same, its first window spent (request 42 refused at 1100), and the second found open by request 43 at 2000. */
  const secondWindow = (): RefusalWindow => {
    const window = found()
    window.refused(42, true, 1100)
    window.succeeded(43, 2000, true, 44)
    return window
  }

  /**
   * A window of 20 every 3 s, its length measured: resets found at 1000, 4000 and 7000, each right after a refusal. Shut
   * from 100 to 1000, it is looked for a second after one opens; the request there is refused (told 2 s: a penalty, for
   * all it can tell), and 2 s; the request there too (told a second), and 4 s, more than the 3 s measured meanwhile.
   */
  const threeSecondWindow = (): RefusalWindow => {
    const window = afterBurst(20)
    window.retryAfter(3000)
    window.refused(21, true, 150)
    let from = 22
    for (const [at, refusedAt, toldMs] of [
      [1000, 2025, 2000],
      [4000, 6025, 1000]
    ] as const) {
      trial(window, from, at)
      window.refused(from + 20, true, refusedAt)
      window.retryAfter(toldMs)
      from += 21
    }
    window.succeeded(from, 7000, true, from + 1)
    return window
  }

  it('sends a window its whole quota at once, counting from the request that found it open, and nothing past it', () => {
    const window = found()
    expect(window.guess).toBe('window')
    // Requests 22..41 are the window's 20: a 21st would be one past what it took.
    expect(window.delay(1010, 41, 1005)).toBe(0)
    expect(window.delay(1010, 42, 1005)).toBeGreaterThan(0)
  })
  it('sends a window more than its quota only after CALM_WINDOWS windows in a row refused nothing, twice as many each time it took them all', () => {
    const window = found()
    // Windows found open by a request at the spacing, each taking its 20: the first at 22, then from 42 on.
    let from = 42
    for (let opened = 1; opened < CALM_WINDOWS; opened++, from += 20) calmWindow(window, from, 20)
    expect(window.delay(0, from, 0)).toBeGreaterThan(0)
    // Calm enough: the next window may be sent one more; all 21 through, two more.
    calmWindow(window, from, 1)
    expect(window.delay(0, from + 20, 0)).toBe(0)
    expect(window.delay(0, from + 21, 0)).toBeGreaterThan(0)
    for (let sequence = from + 1; sequence < from + 21; sequence++) window.succeeded(sequence, from * 1000, false, from + 21)
    expect(window.delay(0, from + 21, 0)).toBe(0)
    expect(window.delay(0, from + 22, 0)).toBeGreaterThan(0)
    // Its quota is what got through: 21 a window of a second.
    expect(window.pace).toBe(21)
  })
  it('sends no more past the quota once a refusal of one said to wait longer than the windows come: a penalty', () => {
    /** Calm windows enough, and the next sent one past its quota: refused, its Retry-After `retryAfterMs`. */
    const pastQuota = (retryAfterMs: number): { window: RefusalWindow; from: number } => {
      const window = found()
      let from = 42
      for (let opened = 1; opened <= CALM_WINDOWS; opened++, from += 20) calmWindow(window, from, 20)
      window.refused(from - 20 + 20, false, 10)
      window.retryAfter(retryAfterMs)
      from += 1
      for (let opened = 1; opened <= CALM_WINDOWS; opened++, from += 20) calmWindow(window, from, 20)
      calmWindow(window, from, 1)
      return { window, from }
    }
    // Told to wait 2 s where the windows come every second: never again past its quota.
    const punished = pastQuota(2000)
    expect(punished.window.delay(0, punished.from + 19, 0)).toBe(0)
    expect(punished.window.delay(0, punished.from + 20, 0)).toBeGreaterThan(0)
    // Told no longer than the windows come: a plain window, which may be sent one past its quota again.
    const plain = pastQuota(1000)
    expect(plain.window.delay(0, plain.from + 20, 0)).toBe(0)
  })
  it('opens a new window when a request sent past its allowance (at the spacing) gets through', () => {
    const window = found()
    // The last of the 20 (request 41) is still unanswered when request 42, at the spacing, is sent and gets through.
    for (let sequence = 31; sequence < 41; sequence++) window.succeeded(sequence, 1002, true, 42)
    window.succeeded(42, 2000, true, 43)
    expect(window.delay(2001, 43, 2000)).toBe(0)
    expect(window.delay(2001, 42 + 19, 2000)).toBe(0)
    expect(window.delay(2001, 42 + 20, 2000)).toBeGreaterThan(0)
  })
  it('looks for the next window once the spacing has passed since the last began, and not before a Retry-After ends', () => {
    const window = found()
    // Quota sent, the window began at 1000 and the Retry-After said 1 s: the next is looked for at 2000 and the margin.
    expect(window.delay(1010, 42, 1005)).toBe(2000 + RESET_MARGIN_MS - 1010)
    // Refused past the quota: a Retry-After of 1 s (in whole seconds, rounded up) may come a second sooner.
    window.refused(42, true, 1100)
    expect(window.guess).toBe('window')
    expect(window.delay(1150, 43, 1100)).toBe(2000 + RESET_MARGIN_MS - 1150)
    // The next window, found by request 43 at 2025 right after a refusal, as the one before: its length is 1025 ms.
    window.succeeded(43, 2025, true, 44)
    expect(window.delay(2030, 63, 2026)).toBe(2025 + 1025 + RESET_MARGIN_MS - 2030)
    expect(window.pace).toBeCloseTo(20_000 / 1025, 6)
    // Then one request every PROBE_EVERY_MS looks for it.
    expect(window.delay(3100, 63, 3060)).toBe(3060 + PROBE_EVERY_MS - 3100)
  })
  it('sends nothing before a long Retry-After ends, while it tests for a window', () => {
    const window = afterBurst(20)
    window.refused(21, true, 150)
    window.retryAfter(30_000)
    expect(window.delay(150, 22, 120)).toBe(30_000)
  })
  it('keeps the last Retry-After when a 429 comes without one', () => {
    const window = afterBurst(20)
    window.refused(21, true, 150)
    window.retryAfter(30_000)
    window.refused(22, true, 200)
    window.retryAfter(0)
    // Nothing before the end the first said (at 30,150), not 30 s from the second.
    expect(window.delay(200, 23, 200)).toBe(29_950)
  })
  it('goes at the soonest end the Retry-Afters since it shut said: each is rounded up to a whole second', () => {
    const window = afterBurst(20)
    window.retryAfter(4000)
    window.refused(21, true, 900)
    window.retryAfter(4000)
    // A request sent before the first 429 was answered, answered now: it says nothing of when the limit is back.
    window.succeeded(22, 50, false, 23)
    // Told at 100 that the limit is back by 4,100; at 900, by 4,900: it is back by 4,100.
    expect(window.delay(900, 23, 900)).toBe(3200)
  })
  it('forgets what the Retry-Afters said once a request sent after them got through', () => {
    // Told at 150 that it is back by 1,150, and found open at 1,000.
    const window = found()
    // Request 42, at the spacing, refused at 2,100 and told a second: looked for from 2,100 (a second sooner, as it is
    // rounded up), and the margin; not from what was said before the window opened.
    window.refused(42, true, 2100)
    window.retryAfter(1000)
    expect(window.delay(2100, 43, 1500)).toBe(RESET_MARGIN_MS)
  })
  it('has no pace until a window is found', () => {
    const window = afterBurst(20)
    expect(window.pace).toBeUndefined()
    window.refused(21, true, 150)
    expect(window.pace).toBeUndefined()
  })
  it('does not count a late answer to a request sent before the window opened', () => {
    const window = found()
    // 15 answers to requests sent before it opened (after the first 429) come in late: they say nothing about this window's quota.
    for (let sequence = 0; sequence < 15; sequence++) window.succeeded(sequence, 500, false, 31)
    window.refused(31, false, 1010)
    window.succeeded(32, 2000, true, 33)
    expect(window.delay(2001, 32 + 19, 2000)).toBe(0)
    expect(window.delay(2001, 32 + 20, 2000)).toBeGreaterThan(0)
  })
  it('says the pace of the window found: its quota over the spacing (a third of the first shut), then over its measured length', () => {
    const window = afterBurst(20)
    window.retryAfter(6000)
    window.refused(21, true, 150)
    expect(window.pace).toBeUndefined()
    // Shut from 100 to 6,100: the next window is looked for 2 s after one opens.
    window.succeeded(22, 6100, true, 23)
    for (let sequence = 23; sequence < 31; sequence++) window.succeeded(sequence, 6101, true, 31)
    expect(window.pace).toBe(10)
    // The request at the spacing refused (the spacing doubles), and the next found right after it, 3 s after the last.
    window.refused(42, true, 8125)
    window.retryAfter(1000)
    window.succeeded(43, 9100, true, 44)
    expect(window.pace).toBeCloseTo(20 / 3, 9)
  })
  it('measures the window from resets found once it looks for them, not from successes before', () => {
    const window = afterBurst(20)
    window.retryAfter(1000)
    // Before anything looks like a window, a request after the 429 gets through (as under a bucket).
    window.succeeded(21, 500, true, 22)
    window.refused(22, false, 600)
    window.refused(23, true, 700)
    expect(window.guess).toBe('testing')
    window.succeeded(24, 1000, true, 25)
    for (let sequence = 25; sequence < 33; sequence++) window.succeeded(sequence, 1001, true, 33)
    expect(window.guess).toBe('window')
    window.refused(33, true, 1100)
    window.succeeded(34, 2000, true, 35)
    expect(window.delay(2010, 55, 2005)).toBe(3000 + RESET_MARGIN_MS - 2010)
  })
  it('does not count a late answer from before the test burst as part of it', () => {
    const window = afterBurst(20)
    window.refused(21, true, 150)
    window.succeeded(22, 1000, true, 23)
    // Requests 10..19 answered late (sent after the first 429, before the window opened), then 7 of the 8 test requests.
    for (let sequence = 10; sequence < 20; sequence++) window.succeeded(sequence, 500, false, 31)
    for (let sequence = 23; sequence < 30; sequence++) window.succeeded(sequence, 1001, true, 31)
    expect(window.guess).toBe('testing')
  })
  it('does not count probes still in flight when the reset was found as part of the test burst', () => {
    const window = afterBurst(20)
    window.refused(21, true, 150)
    // Request 22 finds the reset; 23 and 24 were sent before its answer came, so the test burst is 25..32.
    window.succeeded(22, 1000, true, 25)
    window.succeeded(23, 1001, true, 25)
    window.succeeded(24, 1002, true, 25)
    for (let sequence = 25; sequence < 32; sequence++) window.succeeded(sequence, 1010, true, 33)
    expect(window.guess).toBe('testing')
    window.succeeded(32, 1010, true, 33)
    expect(window.guess).toBe('window')
  })
  it('has no pace for a window found without a Retry-After until it has seen two resets', () => {
    const window = afterBurst(20)
    window.refused(21, true, 150)
    window.succeeded(22, 1000, true, 23)
    for (let sequence = 23; sequence < 31; sequence++) window.succeeded(sequence, 1001, true, 31)
    expect(window.guess).toBe('window')
    expect(window.pace).toBeUndefined()
  })
  it('tests with the quota less one: the request that found the reset took one of it', () => {
    const window = afterBurst(5, 100, 8)
    window.refused(6, true, 150)
    window.succeeded(7, 1000, true, 8)
    // Requests 8..11 are the test: 4 of the window's 5 are left.
    expect(window.delay(1001, 11, 1000)).toBe(0)
    expect(window.delay(1001, 12, 1000)).toBeGreaterThan(0)
  })
  it('goes back to pacing when two requests within the quota a window took before are refused', () => {
    const window = secondWindow()
    // One refused within the quota (requests 43..62): still a window; one beyond it does not count.
    window.refused(50, false, 2010)
    expect(window.guess).toBe('window')
    window.refused(63, false, 2011)
    expect(window.guess).toBe('window')
    window.refused(51, false, 2012)
    expect(window.guess).toBe('bucket')
    expect(window.active).toBe(false)
  })
  it('forgets a refusal within the quota once a window has taken its whole quota', () => {
    const window = secondWindow()
    window.refused(50, false, 2010)
    // The next window takes all 20 it was sent within the quota (64..83), then one beyond is refused.
    window.succeeded(64, 3000, true, 65)
    for (let sequence = 65; sequence < 84; sequence++) window.succeeded(sequence, 3001, false, 85)
    window.refused(84, false, 3010)
    window.succeeded(85, 4000, true, 86)
    window.refused(90, false, 4010)
    expect(window.guess).toBe('window')
  })
  it("forgets the window's length when a Retry-After says the reset comes sooner (the window got shorter)", () => {
    const window = threeSecondWindow()
    // Length 3000: quota sent, the next window is looked for from 10,000 and the margin.
    expect(window.delay(7010, 84, 7005)).toBe(10_000 + RESET_MARGIN_MS - 7010)
    // A 429 in the window says the reset is 1 s away: the length is forgotten, the next looked for when it says.
    window.retryAfter(1000)
    window.refused(84, false, 7100)
    expect(window.delay(7110, 85, 7105)).toBe(8100 + RESET_MARGIN_MS - 7110)
  })
  /**
   * The 3 s window's length forgotten (a 429 at 7.1 s said its reset is a second away: a spacing of 1.1 s), then after a
   * pause (no length measured across it) a window opens at 14 s and takes its 20.
   */
  const soonerAfterPause = (): RefusalWindow => {
    const window = threeSecondWindow()
    window.retryAfter(1000)
    window.refused(84, false, 7100)
    window.succeeded(85, 14_000, true, 86)
    for (let sequence = 86; sequence < 105; sequence++) window.succeeded(sequence, 14_001, true, 105)
    return window
  }

  it('looks for the next window again at the spacing a sooner reset said, and keeps it once a window found there takes its quota', () => {
    const window = soonerAfterPause()
    // The next is looked for 1.1 s after it began (the reset the 429 said, from the window's start), where one is
    // found that takes its 20.
    expect(window.delay(14_010, 105, 14_005)).toBe(1100 + RESET_MARGIN_MS - 10)
    trial(window, 105, 15_125)
    expect(window.delay(15_135, 125, 15_130)).toBe(1100 + RESET_MARGIN_MS - 10)
  })
  it('doubles a spacing a sooner reset said once, when the window found open there refuses a request within its quota', () => {
    const window = soonerAfterPause()
    // The next found open 1.1 s after it began, where request 110 of its quota is refused.
    window.succeeded(105, 15_125, true, 106)
    window.refused(110, false, 15_130)
    window.retryAfter(1000)
    // Twice 1.1 s from the window's start: 2.2 s (not twice that again, nor the longest Retry-After).
    expect(window.delay(15_200, 125, 15_200)).toBe(15_125 + 2200 + RESET_MARGIN_MS - 15_200)
  })
  it('keeps a length it measured when a Retry-After agrees with it', () => {
    const window = threeSecondWindow()
    // The reset is due at 10,000; a 429 at 7,100 saying 2,700 ms (rounded up) agrees with it.
    window.retryAfter(2700)
    window.refused(84, false, 7100)
    expect(window.delay(7110, 85, 7105)).toBe(10_000 + RESET_MARGIN_MS - 7110)
  })
  it('measures a length from resets exactly twice the longest Retry-After apart', () => {
    const window = found()
    window.refused(42, true, 1100)
    // Resets found at 1000 and 3000, the longest Retry-After 1000: a window of 2 s, 20 in it.
    window.succeeded(43, 3000, true, 44)
    expect(window.pace).toBe(10)
  })
  it('does not measure a length across a pause: resets further apart than twice the longest Retry-After', () => {
    const window = found()
    window.refused(42, true, 1100)
    // The next reset found 10 s later (a pause): no length; once its quota is sent, the next reset is looked
    // for by the Retry-After (from the window's start), not 10 s on.
    window.succeeded(43, 11_000, true, 44)
    expect(window.pace).toBe(20)
    expect(window.delay(11_010, 64, 11_005)).toBe(12_000 + RESET_MARGIN_MS - 11_010)
    window.refused(64, true, 11_100)
    window.succeeded(65, 12_000, true, 66)
    expect(window.pace).toBe(20)
    expect(window.delay(12_010, 86, 12_005)).toBe(13_000 + RESET_MARGIN_MS - 12_010)
  })
  it('does not measure a length from a reset found by a probe past the allowance, without a refusal', () => {
    const window = found()
    for (let sequence = 31; sequence < 42; sequence++) window.succeeded(sequence, 1002, true, 43)
    // Request 43, past the allowance, gets through at 1500 (the window was not seen shut): no length from it.
    window.succeeded(43, 1500, true, 44)
    window.refused(64, true, 1600)
    window.succeeded(65, 2500, true, 66)
    expect(window.pace).toBe(20)
    expect(window.delay(2510, 86, 2505)).toBe(3500 + RESET_MARGIN_MS - 2510)
  })
  it('counts refusals within the quota across windows until one takes its whole quota', () => {
    const window = secondWindow()
    // One refused within the quota here (the window took 10), one in the next: back to pacing.
    for (let sequence = 44; sequence < 53; sequence++) window.succeeded(sequence, 2001, false, 54)
    window.refused(53, false, 2010)
    window.succeeded(64, 3000, true, 65)
    expect(window.guess).toBe('window')
    window.refused(70, false, 3010)
    expect(window.guess).toBe('bucket')
  })
  it('does not count a late refusal of a request sent before the window opened', () => {
    const window = secondWindow()
    window.refused(30, false, 2010)
    window.refused(31, false, 2011)
    expect(window.guess).toBe('window')
  })
})

describe('RefusalWindow: looking for the next window at its spacing', () => {
  /**
   * 20 through, then refused for a penalty: a Retry-After of `retryAfterMs`, the request past the limit sent at
   * `sentAt` and refused at 100. The window is found by request 22 at `retryAfterMs + 100`, and requests 23..41 take
   * the rest of its 20 (its test burst among them).
   */
  const penalised = (retryAfterMs: number, sentAt = 100): { window: RefusalWindow; opened: number } => {
    const window = new RefusalWindow(8)
    for (let sequence = 0; sequence < 20; sequence++) window.succeeded(sequence, 0, false, 21)
    window.refused(20, false, 100, sentAt)
    window.retryAfter(retryAfterMs)
    window.refused(21, true, 150)
    window.retryAfter(retryAfterMs)
    const opened = 100 + retryAfterMs
    window.succeeded(22, opened, true, 23)
    for (let sequence = 23; sequence < 42; sequence++) window.succeeded(sequence, opened + 1, true, 42)
    expect(window.guess).toBe('window')
    return { window, opened }
  }
  /** A refusal of request `sequence` at `at`, told to wait a second (as at the end of a window). */
  const refusedAt = (window: RefusalWindow, sequence: number, at: number, retryAfterMs = 1000): void => {
    window.refused(sequence, true, at)
    window.retryAfter(retryAfterMs)
  }

  /**
   * The spacing doubled to 4 s: the next window, found at `at` by request `from` after the refusal, then one found
   * open at the spacing that takes its whole quota, and the spacing is still 4 s.
   */
  const staysDoubled = (window: RefusalWindow, from: number, at: number): void => {
    trial(window, from, at)
    trial(window, from + 20, at + 4000 + RESET_MARGIN_MS)
    expect(window.delay(at + 4035, from + 40, at + 4030)).toBe(4000 + RESET_MARGIN_MS - 10)
  }

  it('looks for the next window a third of the first shut after one began, never sooner, and keeps to it', () => {
    // Shut for 6 s: a penalty of 3 windows of 2 s or more, or of fewer, longer windows.
    const { window, opened } = penalised(6000)
    expect(window.delay(opened + 10, 42, opened + 5)).toBe(2000 + RESET_MARGIN_MS - 10)
    expect(window.pace).toBe(10)
    // Request 42, sent there, finds a window open that takes its whole quota: the spacing stays.
    const at = opened + 2000 + RESET_MARGIN_MS
    trial(window, 42, at)
    expect(window.delay(at + 10, 62, at + 5)).toBe(2000 + RESET_MARGIN_MS - 10)
  })

  it('measures the first shut from the sending of the request past the limit to the first through after it, at most the longest Retry-After', () => {
    /** Sent at `sentAt`, refused at 100 and told 7 s, then found open at `openedAt`: the spacing then. */
    const spacing = (sentAt: number, openedAt: number): number => {
      const window = new RefusalWindow(8)
      for (let sequence = 0; sequence < 20; sequence++) window.succeeded(sequence, 0, false, 21)
      window.refused(20, false, 100, sentAt)
      window.retryAfter(7000)
      window.refused(21, true, 150)
      window.retryAfter(7000)
      trial(window, 22, openedAt)
      return window.delay(openedAt + 10, 42, openedAt + 5) + 10 - RESET_MARGIN_MS
    }
    // Shut from 0 to 6,000: a third is 2 s.
    expect(spacing(0, 6000)).toBe(2000)
    // From 90 (not 100, when its 429 was answered) to 6,000.
    expect(spacing(90, 6000)).toBeCloseTo(5910 / 3, 9)
    // Found at 9,100, long after the 7 s said (a pause): the shut is taken for the 7 s.
    expect(spacing(100, 9100)).toBeCloseTo(7000 / 3, 9)
  })

  it('counts in the quota the requests in flight beside the first 429 that got through, answered after it', () => {
    const window = new RefusalWindow(8)
    for (let sequence = 0; sequence < 18; sequence++) window.succeeded(sequence, 0, false, 21)
    window.refused(18, false, 100, 40)
    // Sent before that 429 was answered, and through: 20 got through in that window.
    window.succeeded(19, 50, false, 21)
    window.succeeded(20, 60, false, 21)
    // Sent as it was answered (the pacer sends only once it has read an answer), and through (a bucket, for all it
    // can tell yet): not of that window.
    window.succeeded(21, 100, true, 22)
    window.refused(22, true, 150)
    // A window, tested and found: 10 through, then one within its quota refused, and the next window found open.
    trial(window, 23, 1000, 10)
    window.refused(33, true, 1100)
    window.succeeded(34, 2000, true, 35)
    expect(window.delay(2001, 34 + 19, 2000)).toBe(0)
    expect(window.delay(2001, 34 + 20, 2000)).toBeGreaterThan(0)
  })

  it('looks for the next window no sooner than a second after one began', () => {
    const { window, opened } = penalised(2400)
    expect(window.delay(opened + 10, 42, opened + 5)).toBe(1000 + RESET_MARGIN_MS - 10)
  })

  it('doubles the spacing when the request sent at it is refused', () => {
    const { window, opened } = penalised(6000)
    // Request 42, at the spacing of 2 s, refused: the window is longer than that.
    const at = opened + 2000 + RESET_MARGIN_MS
    refusedAt(window, 42, at)
    expect(window.delay(at + 100, 43, at + 100)).toBe(opened + 4000 + RESET_MARGIN_MS - at - 100)
    // Request 43, which looked for the reset while shut, refused: no sign of the spacing, which stays.
    refusedAt(window, 43, at + 1000)
    expect(window.delay(at + 1100, 44, at + 1100)).toBe(opened + 4000 + RESET_MARGIN_MS - at - 1100)
    staysDoubled(window, 44, opened + 4000 + RESET_MARGIN_MS)
  })

  it('doubles the spacing when the window found open there refuses a request within its quota', () => {
    const { window, opened } = penalised(6000)
    const at = opened + 2000 + RESET_MARGIN_MS
    // Found open at the spacing; request 50, within its quota, refused: what it found was what the window before had left.
    window.succeeded(42, at, true, 62)
    refusedAt(window, 50, at + 10)
    expect(window.guess).toBe('window')
    expect(window.delay(at + 100, 62, at + 100)).toBe(4000 + RESET_MARGIN_MS - 100)
    staysDoubled(window, 62, at + 4000 + RESET_MARGIN_MS)
  })

  it('counts a refusal within the quota of a window whose trial is over as a refusal within a window, not of the spacing', () => {
    // Shut for a second: no penalty, whatever the windows.
    const { window, opened } = penalised(1000)
    const at = opened + 1000 + RESET_MARGIN_MS
    trial(window, 42, at)
    // The trial is over: a late refusal within this window's quota is one of the two that make a bucket, and not
    // the spacing's (which would double it): its Retry-After of 2 s, longer than the spacing, is no penalty (which
    // would leave no second early). Looked for at 1,020 from the window's start: after the spacing.
    refusedAt(window, 55, at + 20, 2000)
    expect(window.guess).toBe('window')
    expect(window.delay(at + 100, 62, at + 100)).toBe(20 + 2000 - 1000 + RESET_MARGIN_MS - 100)
  })
})

describe('RefusalWindow: a penalty, told by a shut longer than the windows come', () => {
  /** `penalised` windows in a row with nothing refused after the first, each opened past the allowance, each taking `took`. */
  const calm = (retryAfterMs: number, took = 20): { window: RefusalWindow; from: number } => {
    const window = afterBurst(20)
    window.retryAfter(retryAfterMs)
    window.refused(21, true, 150)
    trial(window, 22, 100 + retryAfterMs)
    let from = 42
    for (let opened = 1; opened < CALM_WINDOWS; opened++, from += 20) calmWindow(window, from, took)
    calmWindow(window, from, 1)
    return { window, from }
  }

  it('sends no extra once a window found open at the spacing took its whole quota, the first shut being longer', () => {
    // Shut for a second, the windows a second apart: no penalty, and an extra once calm enough.
    const plain = calm(1000)
    expect(plain.window.delay(0, plain.from + 20, 0)).toBe(0)
    // Shut for 6 s, the windows 2 s apart: a penalty, and no extra.
    const punished = calm(6000)
    expect(punished.window.delay(0, punished.from + 19, 0)).toBe(0)
    expect(punished.window.delay(0, punished.from + 20, 0)).toBeGreaterThan(0)
    // Shut for 6 s, but no window at the spacing took its whole quota: the windows may be as long, no penalty seen.
    const unproven = calm(6000, 19)
    expect(unproven.window.delay(0, unproven.from + 20, 0)).toBe(0)
  })

  it('takes no first Retry-After, however long, for a penalty before a window shows the windows come sooner', () => {
    const window = afterBurst(20)
    window.retryAfter(2000)
    window.refused(21, true, 150)
    window.retryAfter(2000)
    trial(window, 22, 2100)
    // The request at the spacing (1 s: the first shut was 2 s), refused and told a second: no penalty yet, so its end
    // may come a second sooner; the spacing, doubled, is later still.
    window.refused(42, true, 3125)
    window.retryAfter(1000)
    expect(window.delay(3130, 43, 3125)).toBe(2100 + 2000 + RESET_MARGIN_MS - 3130)
  })

  it('does not double the spacing when an extra, not the request at the spacing, is refused', () => {
    const window = afterBurst(20)
    window.retryAfter(1000)
    window.refused(21, true, 150)
    // The first window refuses one within its quota, told 3 s: no penalty, but a window may be as long as that.
    trial(window, 22, 1100, 10)
    window.refused(32, false, 1130)
    window.retryAfter(3000)
    // Calm again, CALM_WINDOWS windows and one: the last, opened at 202 s, is sent one past its quota, refused.
    for (let from = 42; from <= 202; from += 20) calmWindow(window, from, 20)
    window.refused(222, false, 202_010)
    window.retryAfter(1000)
    // Looked for a second from the window's start (the spacing), not two.
    expect(window.delay(202_020, 223, 202_010)).toBe(1000 + RESET_MARGIN_MS - 20)
  })

  it("forgets an extra's refusal once its Retry-After is read: a later long one is no penalty", () => {
    const { window, from: last } = calm(1000)
    // An extra (one past the quota) refused, told 1 s: no longer than the windows come, no penalty.
    window.refused(last + 20, false, 100_000)
    window.retryAfter(1000)
    // Then the next window found, and a request within its quota refused, told 3 s: not an extra's, no penalty either.
    window.succeeded(last + 21, 101_000, true, last + 22)
    window.refused(last + 25, false, 101_010)
    window.retryAfter(3000)
    let from = last + 41
    for (let opened = 1; opened <= CALM_WINDOWS; opened++, from += 20) calmWindow(window, from, 20)
    calmWindow(window, from, 1)
    expect(window.delay(0, from + 20, 0)).toBe(0)
  })

  it('takes a request at the spacing refused and told to wait longer than the spacing for a penalty', () => {
    /** Shut for a second (spacing 1 s), a window at it, then the request at the spacing refused, told `toldMs`. */
    const told = (toldMs: number): number => {
      const window = afterBurst(20)
      window.retryAfter(1000)
      window.refused(21, true, 150)
      trial(window, 22, 1100)
      window.refused(42, true, 2125)
      window.retryAfter(toldMs)
      return window.delay(2125, 43, 2000)
    }
    // Told 2 s where the spacing was 1 s: nothing before the 2 s end.
    expect(told(2000)).toBe(2000 + RESET_MARGIN_MS)
    // Told 1 s: a plain window, whose end may come a second sooner: looked for at once (the spacing, a second from
    // the window's start, has passed), and the margin.
    expect(told(1000)).toBe(RESET_MARGIN_MS)
  })
})

describe('RefusalWindow: its pace and its probes', () => {
  it('has the pace of its measured length once two resets were found, without any Retry-After', () => {
    const window = afterBurst(20)
    window.refused(21, true, 150)
    window.succeeded(22, 1000, true, 23)
    for (let sequence = 23; sequence < 31; sequence++) window.succeeded(sequence, 1001, true, 31)
    window.refused(42, true, 1100)
    window.succeeded(43, 2000, true, 44)
    expect(window.pace).toBe(20)
  })

  it('looks for a reset no Retry-After said once a second, and for one said every PROBE_EVERY_MS', () => {
    const unsaid = afterBurst(20)
    unsaid.refused(21, true, 150)
    expect(unsaid.delay(1200, 23, 1150)).toBe(950)
    const said = afterBurst(20)
    said.retryAfter(1000)
    said.refused(21, true, 150)
    expect(said.delay(1200, 23, 1150)).toBe(PROBE_EVERY_MS - 50)
  })
})
