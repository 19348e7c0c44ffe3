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

/** A window found open at the spacing by request `from`, and `took` requests through in it, nothing refused. */
function calmWindow(window: RefusalWindow, from: number, took: number): void {
  window.succeeded(from, 0, false, from + 1)
  for (let sequence = from + 1; sequence < from + took; sequence++) window.succeeded(sequence, 0, false, from + took)
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

  /** A window of 20 every 3 s, its length measured: resets found at 1000 and 4000, each right after a refusal. */
  const threeSecondWindow = (): RefusalWindow => {
    const window = afterBurst(20)
    window.retryAfter(3000)
    window.refused(21, true, 150)
    window.succeeded(22, 1000, true, 23)
    for (let sequence = 23; sequence < 31; sequence++) window.succeeded(sequence, 1001, true, 31)
    window.refused(42, true, 1100)
    window.succeeded(43, 4000, true, 44)
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
    for (let sequence = from + 1; sequence < from + 21; sequence++) window.succeeded(sequence, 0, false, from + 21)
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
    window.retryAfter(30_000)
    window.refused(21, true, 150)
    expect(window.delay(150, 22, 120)).toBe(30_000)
  })
  it('keeps the last Retry-After when a 429 comes without one', () => {
    const window = afterBurst(20)
    window.retryAfter(30_000)
    window.retryAfter(0)
    window.refused(21, true, 150)
    expect(window.delay(150, 22, 120)).toBe(30_000)
  })
  it('has no pace until a window is found', () => {
    const window = afterBurst(20)
    expect(window.pace).toBeUndefined()
    window.refused(21, true, 150)
    expect(window.pace).toBeUndefined()
  })
  it('does not count a late answer to a request sent before the window opened', () => {
    const window = found()
    // 15 answers to requests sent long before come in late: they say nothing about this window's quota.
    for (let sequence = 0; sequence < 15; sequence++) window.succeeded(sequence, 0, false, 31)
    window.refused(31, false, 1010)
    window.succeeded(32, 2000, true, 33)
    expect(window.delay(2001, 32 + 19, 2000)).toBe(0)
    expect(window.delay(2001, 32 + 20, 2000)).toBeGreaterThan(0)
  })
  it('says the pace of the window found: its quota over the Retry-After, then over its measured length', () => {
    const window = afterBurst(20)
    window.retryAfter(2000)
    window.refused(21, true, 150)
    expect(window.pace).toBeUndefined()
    window.succeeded(22, 1000, true, 23)
    for (let sequence = 23; sequence < 31; sequence++) window.succeeded(sequence, 1001, true, 31)
    expect(window.pace).toBe(10)
    window.refused(31, true, 1100)
    window.succeeded(32, 2000, true, 33)
    expect(window.pace).toBe(20)
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
    // Requests 10..19 answered late (sent before the window opened), then 7 of the 8 test requests.
    for (let sequence = 10; sequence < 20; sequence++) window.succeeded(sequence, 0, false, 31)
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
    // Length 3000: quota sent, the next window is looked for from 7000 and the margin.
    expect(window.delay(4010, 64, 4005)).toBe(7000 + RESET_MARGIN_MS - 4010)
    // A 429 in the window says the reset is 1 s away: the length is forgotten, the next looked for when it says.
    window.retryAfter(1000)
    window.refused(64, false, 4100)
    expect(window.delay(4110, 65, 4105)).toBe(5100 + RESET_MARGIN_MS - 4110)
  })
  /**
   * The 3 s window's length forgotten (a 429 at 4.1 s said its reset is a second away: a spacing of 1.1 s), then after a
   * pause (no length measured across it) a window opens at 11 s and takes its 20.
   */
  const soonerAfterPause = (): RefusalWindow => {
    const window = threeSecondWindow()
    window.retryAfter(1000)
    window.refused(64, false, 4100)
    window.succeeded(65, 11_000, true, 66)
    for (let sequence = 66; sequence < 85; sequence++) window.succeeded(sequence, 11_001, true, 85)
    return window
  }

  it('looks for the next window again at the spacing a sooner reset said, and halves it as a new one', () => {
    const window = soonerAfterPause()
    // The next is looked for 1.1 s after it began (the reset the 429 said, from the window's start), where one is
    // found that takes its 20.
    expect(window.delay(11_010, 85, 11_005)).toBe(1100 + RESET_MARGIN_MS - 10)
    window.succeeded(85, 12_125, true, 86)
    for (let sequence = 86; sequence < 105; sequence++) window.succeeded(sequence, 12_126, true, 105)
    // Not found yet, so halved, but not below half the longest Retry-After (3 s): 1.5 s.
    expect(window.delay(12_135, 105, 12_130)).toBe(1500 + RESET_MARGIN_MS - 10)
  })
  it('doubles a spacing a sooner reset said once, when the window found open there refuses a request within its quota', () => {
    const window = soonerAfterPause()
    // The next found open 1.1 s after it began, where request 90 of its quota is refused.
    window.succeeded(85, 12_125, true, 86)
    window.refused(90, false, 12_130)
    window.retryAfter(1000)
    // Twice 1.1 s from the window's start: 2.2 s (not twice that again, nor the longest Retry-After).
    expect(window.delay(12_200, 105, 12_200)).toBe(12_125 + 2200 + RESET_MARGIN_MS - 12_200)
  })
  it('keeps a length it measured when a Retry-After agrees with it', () => {
    const window = threeSecondWindow()
    // The reset is due at 7000; a 429 at 4100 saying 2,700 ms (rounded up) agrees with it.
    window.retryAfter(2700)
    window.refused(64, false, 4100)
    expect(window.delay(4110, 65, 4105)).toBe(7000 + RESET_MARGIN_MS - 4110)
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
   * 20 through, then refused for a penalty: a Retry-After of `retryAfterMs`. The window is found by request 22 at
   * `retryAfterMs + 150`, and requests 23..41 take the rest of its 20 (its test burst among them).
   */
  const penalised = (retryAfterMs: number): { window: RefusalWindow; opened: number } => {
    const window = afterBurst(20)
    window.retryAfter(retryAfterMs)
    window.refused(21, true, 150)
    const opened = 150 + retryAfterMs
    window.succeeded(22, opened, true, 23)
    for (let sequence = 23; sequence < 42; sequence++) window.succeeded(sequence, opened + 1, true, 42)
    expect(window.guess).toBe('window')
    return { window, opened }
  }
  /** Request `from`, sent at `at` past the allowance, finds a window open, and `took` requests get through in it. */
  const trial = (window: RefusalWindow, from: number, at: number, took = 20): void => {
    window.succeeded(from, at, true, from + 1)
    for (let sequence = from + 1; sequence < from + took; sequence++) window.succeeded(sequence, at, true, from + took)
  }
  /** A refusal of request `sequence` at `at`, told to wait a second (as at the end of a window). */
  const refusedAt = (window: RefusalWindow, sequence: number, at: number, retryAfterMs = 1000): void => {
    window.refused(sequence, true, at)
    window.retryAfter(retryAfterMs)
  }

  /**
   * The spacing doubled back to 8 s for good: the next window, found at `at` by request `from` after the refusal, then
   * one found open at the spacing that takes its whole quota, and the spacing is still 8 s (not halved again).
   */
  const staysFound = (window: RefusalWindow, from: number, at: number): void => {
    trial(window, from, at)
    trial(window, from + 20, at + 8000 + RESET_MARGIN_MS)
    expect(window.delay(at + 8035, from + 40, at + 8030)).toBe(8000 + RESET_MARGIN_MS - 10)
  }

  it('looks for the next window the longest Retry-After after one began, then at half of it, and never sooner', () => {
    const { window, opened } = penalised(4000)
    expect(window.delay(opened + 10, 42, opened + 5)).toBe(4000 + RESET_MARGIN_MS - 10)
    // Request 42, sent there, finds a window open that takes its whole quota: the spacing is halved.
    const at = opened + 4000 + RESET_MARGIN_MS
    trial(window, 42, at)
    expect(window.delay(at + 10, 62, at + 5)).toBe(2000 + RESET_MARGIN_MS - 10)
    // Found open there too, and full: not below half the longest Retry-After (one penalty of one window looks like one of several).
    trial(window, 62, at + 2000 + RESET_MARGIN_MS)
    expect(window.delay(at + 2035, 82, at + 2030)).toBe(2000 + RESET_MARGIN_MS - 10)
  })

  it('halves the spacing only once the window found open there took its whole quota', () => {
    const { window, opened } = penalised(4000)
    const at = opened + 4000 + RESET_MARGIN_MS
    trial(window, 42, at, 19)
    expect(window.delay(at + 10, 62, at + 5)).toBe(4000 + RESET_MARGIN_MS - 10)
  })

  it('doubles the spacing back, for good, when the request sent at it is refused', () => {
    const { window, opened } = penalised(8000)
    const at = opened + 8000 + RESET_MARGIN_MS
    trial(window, 42, at)
    expect(window.delay(at + 10, 62, at + 5)).toBe(4000 + RESET_MARGIN_MS - 10)
    // Request 62, at the spacing of 4 s, refused: the window is longer than that.
    refusedAt(window, 62, at + 4000 + RESET_MARGIN_MS)
    expect(window.delay(at + 4100, 63, at + 4100)).toBe(8000 + RESET_MARGIN_MS - 4100)
    staysFound(window, 63, at + 8000 + RESET_MARGIN_MS)
  })

  it('doubles the spacing back, for good, when the window found open there refuses a request within its quota', () => {
    const { window, opened } = penalised(8000)
    const at = opened + 8000 + RESET_MARGIN_MS
    // Found open at the spacing; request 50, within its quota, refused: what it found was what the window before had left.
    window.succeeded(42, at, true, 62)
    refusedAt(window, 50, at + 10)
    expect(window.guess).toBe('window')
    expect(window.delay(at + 100, 62, at + 100)).toBe(8000 + RESET_MARGIN_MS - 100)
    staysFound(window, 62, at + 8000 + RESET_MARGIN_MS)
  })

  it('counts a refusal within the quota of a window whose trial is over as a refusal within a window, not of the spacing', () => {
    const { window, opened } = penalised(4000)
    const at = opened + 4000 + RESET_MARGIN_MS
    trial(window, 42, at)
    // The trial is over (halved to 2 s): a late refusal within this window's quota is one of the two that make a bucket,
    // and no extra's: its Retry-After of 3 s, longer than the spacing, is no penalty (which would leave no second early).
    refusedAt(window, 55, at + 20, 3000)
    expect(window.guess).toBe('window')
    expect(window.delay(at + 100, 62, at + 100)).toBe(20 + 3000 - 1000 + RESET_MARGIN_MS - 100)
  })

  it('sends no extra until the spacing is down to half the longest Retry-After', () => {
    /** Penalised, then windows in a row with nothing refused, each opened past the allowance, each taking `took`. */
    const calm = (took: number): { window: RefusalWindow; from: number } => {
      const { window } = penalised(4000)
      let from = 42
      for (let opened = 1; opened < CALM_WINDOWS; opened++, from += 20) calmWindow(window, from, took)
      calmWindow(window, from, 1)
      return { window, from }
    }
    // Full windows: the first halved the spacing to 2 s, half the longest Retry-After: one extra.
    const full = calm(20)
    expect(full.window.delay(0, full.from + 20, 0)).toBe(0)
    // Windows that took 19 of 20: the spacing is still 4 s, the window's length not found: no extra.
    const short = calm(19)
    expect(short.window.delay(0, short.from + 19, 0)).toBe(0)
    expect(short.window.delay(0, short.from + 20, 0)).toBeGreaterThan(0)
  })
})

describe('RefusalWindow: a penalty, told by a Retry-After longer than the windows come', () => {
  it('takes the first Retry-After, however long, for no penalty: nothing was sent past a quota yet', () => {
    const window = afterBurst(20)
    window.retryAfter(2000)
    window.refused(21, true, 150)
    window.succeeded(22, 2150, true, 23)
    for (let sequence = 23; sequence < 42; sequence++) window.succeeded(sequence, 2151, true, 42)
    // A later refusal in the window, told 2 s: its end may come a second sooner (no penalty seen).
    window.refused(42, true, 3500)
    window.retryAfter(2000)
    expect(window.delay(3510, 43, 3505)).toBe(4500 + RESET_MARGIN_MS - 3510)
  })

  it("forgets an extra's refusal once its Retry-After is read: a later long one is no penalty", () => {
    const window = afterBurst(20)
    window.retryAfter(1000)
    window.refused(21, true, 150)
    window.succeeded(22, 1000, true, 23)
    for (let sequence = 23; sequence < 42; sequence++) window.succeeded(sequence, 1001, true, 42)
    let from = 42
    for (let opened = 1; opened <= CALM_WINDOWS; opened++, from += 20) calmWindow(window, from, 20)
    // An extra (one past the quota) refused, told 1 s: no longer than the windows come, no penalty.
    window.refused(from, false, 10)
    window.retryAfter(1000)
    // Then a request at the spacing refused, told 3 s: not an extra's, no penalty either.
    window.succeeded(from + 1, 20, true, from + 2)
    window.refused(from + 21, false, 30)
    window.retryAfter(3000)
    from += 22
    for (let opened = 1; opened <= CALM_WINDOWS; opened++, from += 20) calmWindow(window, from, 20)
    calmWindow(window, from, 1)
    expect(window.delay(0, from + 20, 0)).toBe(0)
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
