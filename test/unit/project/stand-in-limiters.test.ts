// The stand-in's punishing window (test/stand-in/limiters.ts) is the oracle of the tests and the bench rows for an
// API that punishes overshoot: it must refuse exactly what such an API refuses, for exactly as long, and say so
// in the headers and in Retry-After the way the API does.
import { describe, expect, it } from 'vitest'
import { fixedWindow, punishingWindow, type Answer, type HeaderStyle, type Limiter } from '../../stand-in/limiters.js'

/** The answers to requests at each of `times` (milliseconds), in order. */
const answers = (limiter: Limiter, times: readonly number[]): Answer[] => times.map((now) => limiter.take(now))
const statuses = (limiter: Limiter, times: readonly number[]): number[] => answers(limiter, times).map((answer) => answer.status)

describe('punishingWindow', () => {
  it.each<HeaderStyle>(['ietf', 'x-ratelimit', 'none'])(
    'answers as the fixed window does while no request passes the limit (%s)',
    (style) => {
      // Three requests per window of 2 s, in windows 2, 3 and 5 (4 left out), at most three in each.
      const times = [4100, 4200, 4900, 6000, 7999, 10_500, 11_000, 11_999]
      expect(answers(punishingWindow(3, 2000, 2, style), times)).toEqual(answers(fixedWindow(3, 2000, style), times))
      expect(statuses(punishingWindow(3, 2000, 2, style), times).every((status) => status === 200)).toBe(true)
    }
  )

  it('refuses the first request over the limit and every one after it to the end of its window and `penaltyWindows` more', () => {
    // Windows of 1 s; the fourth request of window 5 (5.2 s) passes the limit: refused to 8 s, window 6 and 7 too.
    const limiter = punishingWindow(3, 1000, 2, 'none')
    expect(statuses(limiter, [5000, 5100, 5150])).toEqual([200, 200, 200])
    expect(limiter.take(5200)).toEqual({ status: 429, headers: {}, retryAfterMs: 3000 })
    expect(statuses(limiter, [5999, 6000, 6500, 7000, 7999])).toEqual([429, 429, 429, 429, 429])
    // From the penalty's end, a whole window again: `limit` and no more.
    expect(statuses(limiter, [8000, 8001, 8002, 8003])).toEqual([200, 200, 200, 429])
  })

  it('gives Retry-After to the penalty end in whole seconds, rounded up, counting down as the penalty runs', () => {
    const limiter = punishingWindow(1, 1000, 1, 'none')
    expect(limiter.take(3000).status).toBe(200)
    // Overshoot at 3.4 s: the penalty ends at 5 s, 1.6 s away: 2 s.
    expect(answers(limiter, [3400, 3999, 4000, 4001, 4999]).map((answer) => answer.retryAfterMs)).toEqual([2000, 2000, 1000, 1000, 1000])
    // A window that is no whole number of seconds: an overshoot at 0.1 s of a 1.5 s window, penalty of 3 windows, ends at 6 s.
    const uneven = punishingWindow(1, 1500, 3, 'none')
    expect(uneven.take(0).status).toBe(200)
    expect(uneven.take(100).retryAfterMs).toBe(6000)
    expect(uneven.take(5001).retryAfterMs).toBe(1000)
    expect(uneven.take(6000).status).toBe(200)
  })

  it('says in the headers, in the penalty, that nothing is left and the limit resets at its end (IETF and X-RateLimit-*)', () => {
    const ietf = punishingWindow(2, 5000, 1, 'ietf')
    expect(ietf.take(10_000).headers).toEqual({ ratelimit: '"default";r=1;t=5', 'ratelimit-policy': '"default";q=2;w=5' })
    expect(ietf.take(11_000).headers).toEqual({ ratelimit: '"default";r=0;t=4', 'ratelimit-policy': '"default";q=2;w=5' })
    // Over the limit at 12.5 s: the penalty ends at 20 s, 7.5 s away.
    expect(ietf.take(12_500)).toEqual({
      status: 429,
      headers: { ratelimit: '"default";r=0;t=8', 'ratelimit-policy': '"default";q=2;w=5' },
      retryAfterMs: 8000
    })
    // In the next window, still in the penalty: the headers count down to its end, not to the window's.
    expect(ietf.take(15_000).headers).toEqual({ ratelimit: '"default";r=0;t=5', 'ratelimit-policy': '"default";q=2;w=5' })

    const x = punishingWindow(2, 5000, 1, 'x-ratelimit')
    expect(statuses(x, [10_000, 11_000])).toEqual([200, 200])
    expect(x.take(12_500)).toEqual({
      status: 429,
      headers: { 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '8' },
      retryAfterMs: 8000
    })
    expect(x.take(19_100).headers).toEqual({ 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' })
    // After the penalty, the headers of a fresh window.
    expect(x.take(20_000)).toEqual({
      status: 200,
      headers: { 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': '5' }
    })
  })

  it('is not lengthened by the requests it refuses; with `extend`, each refused request restarts it from its own window', () => {
    const times = [0, 100, 1500, 2500, 2999, 3000]
    // Refused at 0.1 s: the penalty (one window more) ends at 2 s; 1.5 s is refused, 2.5 s goes, 2.999 s passes the
    // limit of the window of 2 s and starts a penalty of its own, to 4 s.
    expect(statuses(punishingWindow(1, 1000, 1, 'none'), times)).toEqual([200, 429, 429, 200, 429, 429])
    // With `extend`: 1.5 s is refused and moves the end to 3 s, so 2.5 s is refused too and moves it to 4 s, where 2.999 s leaves it.
    const extending = punishingWindow(1, 1000, 1, 'none', { extend: true })
    expect(answers(extending, times.slice(0, 5)).map((answer) => [answer.status, answer.retryAfterMs])).toEqual([
      [200, undefined],
      [429, 2000],
      [429, 2000],
      [429, 2000],
      [429, 2000]
    ])
    expect(extending.take(4000).status).toBe(200)
  })

  it('with a penalty of no windows, refuses only to the end of the window the overshoot came in', () => {
    const limiter = punishingWindow(2, 1000, 0, 'none')
    expect(statuses(limiter, [0, 10, 20, 999, 1000, 1001, 1002])).toEqual([200, 200, 429, 429, 200, 200, 429])
  })
})
