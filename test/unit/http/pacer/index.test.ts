import { afterEach, describe, expect, it, vi } from 'vitest'
import { Pacer, RateLimitWaitExceeded, type PacerOptions, type Ticket } from '../../../../src/http/pacer/index.js'
import { VirtualClock } from '../../../support/pacer-sim.js'
import { BUCKET_EVIDENCE_WEIGHT, RESET_MARGIN_MS, RESET_ROUNDING_MS, WINDOW_EVIDENCE } from '../../../../src/http/pacer/tunables.js'

// The pacer's rules one at a time, on a virtual clock: each test sends requests by hand, answers them
// with chosen statuses and headers at chosen times, and checks when the next request may go. Times are
// virtual milliseconds from 0.

type Headers = Record<string, string>

/** IETF fields: `r` left, reset in `t` seconds, and a policy (by default 10 per second: one every 100 ms). */
const ietf = (r: number, t?: number, policy = '"d";q=10;w=1'): Headers => ({
  ratelimit: `"d";r=${r}${t === undefined ? '' : `;t=${t}`}`,
  'ratelimit-policy': policy
})
/** X-RateLimit-* headers: what remains, the reset in seconds, and the limit (which has no window here). */
const x = (remaining: number, reset?: number, limit?: number): Headers => ({
  'x-ratelimit-remaining': String(remaining),
  ...(reset === undefined ? {} : { 'x-ratelimit-reset': String(reset) }),
  ...(limit === undefined ? {} : { 'x-ratelimit-limit': String(limit) })
})

interface Sent {
  readonly at: number
  readonly alone: boolean
  readonly ticket: Ticket
}

function setup(options: Partial<PacerOptions> = {}) {
  const clock = new VirtualClock()
  const paces: number[] = []
  let sleeps = 0
  const pacer = new Pacer({
    concurrency: 100,
    maxWaitMs: 600_000,
    now: () => clock.now,
    sleep: (ms) => {
      sleeps++
      return clock.sleep(ms)
    },
    onPace: (rate) => paces.push(rate),
    ...options
  })
  /** Asks for `count` slots at once and runs the clock until each came or failed. */
  const take = async (count = 1): Promise<Sent[]> => {
    const sent: (Sent | Error)[] = []
    for (let i = 0; i < count; i++) {
      pacer.acquire().then(
        (ticket) => sent.push({ at: clock.now, alone: ticket.onRefillAlone, ticket }),
        (error: Error) => sent.push(error)
      )
    }
    await clock.run(() => sent.length === count)
    const failed = sent.find((one) => one instanceof Error)
    if (failed !== undefined) throw failed
    return sent as Sent[]
  }
  const one = async (): Promise<Sent> => (await take(1))[0] as Sent
  /** Runs the clock (and every timer due) up to `ms`. */
  const until = async (ms: number): Promise<void> => {
    let reached = false
    void clock.sleep(ms - clock.now).then(() => (reached = true))
    await clock.run(() => reached)
  }
  /** Answers a sent request now, and gives its slot back. */
  const answer = (sent: Sent, status: number, headers: Headers = {}): void => {
    pacer.observe(sent.ticket, status, headers)
    sent.ticket.done()
  }
  const times = (sent: readonly Sent[]): [number, boolean][] => sent.map(({ at, alone }) => [at, alone])
  return { clock, pacer, paces, take, one, until, answer, times, sleeps: () => sleeps }
}

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

describe('Pacer: slots', () => {
  it('serves requests back from a Retry-After before new ones, each kind in its order', async () => {
    const { pacer } = setup({ concurrency: 1 })
    const first = await pacer.acquire()
    const order: string[] = []
    const queued = (
      [
        ['A', true],
        ['B', true],
        ['new 1', false],
        ['C', true],
        ['new 2', false]
      ] as const
    ).map(([name, returning]) =>
      (returning ? pacer.acquire(true) : pacer.acquire()).then((ticket) => {
        order.push(name)
        ticket.done()
      })
    )
    first.done()
    await Promise.all(queued)
    expect(order).toEqual(['A', 'B', 'C', 'new 1', 'new 2'])
  })

  it('frees a slot once, however often its ticket is done', async () => {
    const { pacer } = setup({ concurrency: 1 })
    const ticket = await pacer.acquire()
    ticket.done()
    ticket.done()
    const held = await pacer.acquire()
    let next = false
    void pacer.acquire().then(() => (next = true))
    await flush()
    expect(next).toBe(false)
    held.done()
    await flush()
    expect(next).toBe(true)
  })

  it('numbers requests in the order they go', async () => {
    const { take } = setup()
    expect((await take(3)).map(({ ticket }) => ticket.sequence)).toEqual([0, 1, 2])
  })

  it('names its error', () => {
    expect(new RateLimitWaitExceeded('m').name).toBe('RateLimitWaitExceeded')
  })
})

describe('Pacer: without rate-limit headers', () => {
  it('does not pace on successes alone', async () => {
    const { one, until, answer, pacer, paces } = setup()
    const sent = await one()
    await until(300)
    answer(sent, 200)
    expect(pacer.pace).toBeUndefined()
    expect(paces).toEqual([])
  })

  it('starts at the rate that got through in the last second, at least one a second, and doubles it each 250 ms', async () => {
    const { take, until, answer, pacer, paces } = setup()
    const [a, b, c] = await take(3)
    answer(a as Sent, 429)
    expect(pacer.pace).toBe(1)
    await until(249)
    answer(b as Sent, 200)
    expect(pacer.pace).toBe(1)
    await until(250)
    answer(c as Sent, 200)
    expect(pacer.pace).toBe(2)
    expect(paces).toEqual([1, 2])
  })

  it('counts what got through in the last second only', async () => {
    const { take, until, answer, pacer } = setup()
    const [a, b, c] = await take(3)
    answer(a as Sent, 200)
    answer(b as Sent, 200)
    await until(1000)
    // The two successes are a second old: they no longer count.
    answer(c as Sent, 429)
    expect(pacer.pace).toBe(1)
  })

  it('takes a failure other than a 429 for neither a success nor a limit', async () => {
    const { take, until, answer, pacer } = setup()
    const [a, b, c] = await take(3)
    answer(a as Sent, 429)
    await until(300)
    answer(b as Sent, 400)
    expect(pacer.pace).toBe(1)
    answer(c as Sent, 500)
    expect(pacer.pace).toBe(1)
    expect(pacer.limited).toBe(1)
  })

  it('counts a refusal to a request it did not pace through countRefusal, beside the 429s it observed', async () => {
    const { take, answer, pacer } = setup()
    const [a] = await take(1)
    answer(a as Sent, 429)
    pacer.countRefusal()
    pacer.countRefusal()
    expect(pacer.limited).toBe(3)
    expect(pacer.pace).toBe(1)
  })

  it('cuts a raised rate to what got through on the next 429', async () => {
    const { take, until, answer, pacer, paces } = setup()
    const sent = await take(4)
    answer(sent[0] as Sent, 429)
    await until(250)
    answer(sent[1] as Sent, 200)
    await until(500)
    answer(sent[2] as Sent, 200)
    expect(pacer.pace).toBe(4)
    await until(800)
    // Two got through in the last second; a quarter off 4 is 3, which is more.
    answer(sent[3] as Sent, 429)
    expect(pacer.pace).toBe(3)
    expect(paces).toEqual([1, 2, 4, 3])
  })

  it('paces from now after idling, not from when it last sent', async () => {
    const { one, take, until, answer, times } = setup()
    answer(await one(), 429)
    await until(5000)
    expect(times(await take(2))).toEqual([
      [5000, false],
      [6000, false]
    ])
  })
})

describe('Pacer: a fixed window (headers without a refill)', () => {
  it('sends nothing before the stated reset and its margin, then only what the window took at once until an answer says more', async () => {
    const { one, until, answer, pacer, paces, clock } = setup()
    answer(await one(), 429, x(0, 5))
    const first = await one()
    expect(first.at).toBe(5000 + RESET_MARGIN_MS)
    // The window took one at once before: a second request waits for the first one's answer, and no timer holds it.
    let second: number | undefined
    void pacer.acquire().then(() => (second = clock.now))
    await until(8000)
    expect(second).toBeUndefined()
    answer(first, 200, x(3, 1))
    await flush()
    expect(second).toBe(8000)
    // The 429 was no reason to pace: the window says when.
    expect(pacer.pace).toBeUndefined()
    expect(paces).toEqual([])
    // Counted once, not once per request waiting, and not while an answer was awaited.
    expect(pacer.waited).toBe(5000 + RESET_MARGIN_MS)
  })

  it('once a request sent after a stated reset is refused, leaves a whole second more after each reset', async () => {
    const { one, answer } = setup()
    answer(await one(), 200, x(0, 1))
    const atReset = await one()
    expect(atReset.at).toBe(1000 + RESET_MARGIN_MS)
    // The API rounds its reset down, or its clock is ahead: refused, and the reset it says now is a second on.
    answer(atReset, 429, x(0, 1))
    expect((await one()).at).toBe(atReset.at + 1000 + RESET_MARGIN_MS + RESET_ROUNDING_MS)
  })

  it('without an answer to come after the reset, sends one request a second to find out', async () => {
    const { one, take, until, answer, times, pacer } = setup()
    answer(await one(), 200, x(0, 1))
    await until(2000)
    // The one the window took goes at once; a second after it, the next, since no answer came (an error without one).
    const [first] = await take(1)
    ;(first as Sent).ticket.done()
    expect(times([first as Sent, await one()])).toEqual([
      [2000, false],
      [3000, false]
    ])
    expect(pacer.limited).toBe(0)
  })

  it.each([
    ['X-RateLimit-* with a limit', x(0, 5, 20)],
    ['a policy without a window', ietf(0, 5, '"d";q=10')],
    ['a policy without a quota', ietf(0, 5, '"d";w=1')]
  ])('takes %s for a fixed window', async (_, headers) => {
    const { one, answer, times, take } = setup()
    answer(await one(), 429, headers)
    expect(times(await take(1))).toEqual([[5000 + RESET_MARGIN_MS, false]])
  })

  it('without a reset, waits a second before it sends', async () => {
    const { one, answer, until, pacer } = setup()
    answer(await one(), 429, x(0))
    let sent = false
    void pacer.acquire().then(() => (sent = true))
    await until(999)
    expect(sent).toBe(false)
    expect(pacer.waited).toBe(999)
  })

  // The second counts from the last request sent, not from each time the pacer looks again.
  it('without a reset, sends one request a second to find out', async () => {
    const { one, answer, times, take } = setup({ maxWaitMs: 10_000 })
    answer(await one(), 429, x(0))
    expect(times(await take(2))).toEqual([
      [1000, false],
      [2000, false]
    ])
  })

  it('sends what remains at once, then waits', async () => {
    const { one, answer, times, take } = setup()
    answer(await one(), 200, x(2, 5))
    expect(times(await take(3))).toEqual([
      [0, false],
      [0, false],
      [5000 + RESET_MARGIN_MS, false]
    ])
  })

  it('keeps the earliest reset said for the window', async () => {
    const { take, until, answer, times } = setup()
    const [a, b] = await take(2)
    answer(a as Sent, 429, x(0, 2))
    await until(100)
    answer(b as Sent, 429, x(0, 2))
    expect(times(await take(1))).toEqual([[2000 + RESET_MARGIN_MS, false]])
  })

  it('takes a nearer reset said later', async () => {
    const { take, until, answer, times } = setup()
    const [a, b] = await take(2)
    answer(a as Sent, 429, x(0, 5))
    await until(100)
    answer(b as Sent, 429, x(0, 2))
    expect(times(await take(1))).toEqual([[2100 + RESET_MARGIN_MS, false]])
  })

  it.each([1000, 1500])('takes the reset of a new window once the old one passed (at %i ms)', async (at) => {
    const { take, until, answer, times } = setup()
    const [a, b] = await take(2)
    answer(a as Sent, 429, x(0, 1))
    await until(at)
    answer(b as Sent, 429, x(0, 2))
    expect(times(await take(1))).toEqual([[at + 2000 + RESET_MARGIN_MS, false]])
  })

  it('takes the least any answer in the window said for what is left, whatever the order they came in', async () => {
    const { take, answer, times } = setup()
    const [a, b] = await take(2)
    answer(b as Sent, 200, x(5, 10))
    // Counted after b, and another client took one meanwhile: three left.
    answer(a as Sent, 200, x(3, 10))
    const sent = await take(4)
    expect(times(sent)).toEqual([...Array.from({ length: 3 }, (): [number, boolean] => [0, false]), [10_000 + RESET_MARGIN_MS, false]])
  })

  it.each([
    ['was refused', 429, 5],
    ['left more', 200, 6]
  ])('counts a request answered after a later one as taken before it, when it %s', async (_, status, remaining) => {
    const { take, answer, times } = setup()
    const [a, b] = await take(2)
    answer(b as Sent, 200, x(5, 10))
    answer(a as Sent, status, x(remaining, 10))
    const sent = await take(6)
    expect(times(sent)).toEqual([...Array.from({ length: 5 }, (): [number, boolean] => [0, false]), [10_000 + RESET_MARGIN_MS, false]])
  })

  it('is paced by its policy once limited, and not before', async () => {
    const { one, answer, pacer } = setup()
    answer(await one(), 200, x(5, 1))
    expect(pacer.pace).toBeUndefined()
  })

  it('has no steady pace without a policy, even after a pace learnt without headers', async () => {
    const { take, answer, pacer } = setup()
    const [a, b] = await take(2)
    answer(a as Sent, 429)
    expect(pacer.pace).toBe(1)
    answer(b as Sent, 200, x(5, 1))
    expect(pacer.pace).toBeUndefined()
  })

  it('lets a Retry-After wait end when the headers show a new window', async () => {
    const { take, until, answer, clock, pacer } = setup()
    const [a, b, c] = await take(3)
    answer(a as Sent, 200, x(9, 60))
    await until(100)
    answer(c as Sent, 200, x(3, 59))
    // Sent after that answer (a rise on it counts), and before the 429 was answered (its success alone would say
    // nothing of the limit now): only its headers can end the wait.
    const [d] = await take(1)
    answer(b as Sent, 429, x(3, 60))
    let woke: number | undefined
    void pacer.waitRetry(30_000).then(() => (woke = clock.now))
    await until(1000)
    expect(woke).toBeUndefined()
    // Half the quota back at once: a new window.
    answer(d as Sent, 200, x(8, 59))
    await flush()
    expect(woke).toBe(1000)
  })
  it('lets a Retry-After wait end, without headers, when a request sent after the 429 gets through', async () => {
    const { take, until, answer, clock, pacer } = setup()
    const sent = await take(6)
    for (const ticket of sent.slice(0, 4)) answer(ticket, 200)
    // Four got through in the last second: paced at 4 a second from here, one every 250 ms.
    answer(sent[4] as Sent, 429)
    let woke: number | undefined
    void pacer.waitRetry(1_000).then(() => (woke = clock.now))
    await until(100)
    // Sent before the 429 was answered: its success says nothing of the limit now.
    answer(sent[5] as Sent, 200)
    await flush()
    expect(woke).toBeUndefined()
    const [c] = await take(1)
    expect(clock.now).toBe(250)
    // Sent after it: the limit has room again (a new window, or a refill), so the wait ends now.
    answer(c as Sent, 200)
    await flush()
    expect(woke).toBe(250)
  })
})

describe('Pacer: answers in any order, with headers', () => {
  it('counts the requests sent before an answer and unanswered when it came as taken, until answers with headers say otherwise', async () => {
    const { take, answer, pacer } = setup({ concurrency: 3 })
    const [a, b, c] = (await take(3)) as [Sent, Sent, Sent]
    // Request 2 answered first: 3 left, the reset a minute away. Requests 0 and 1, sent before it, are still unanswered:
    // the API may count them after it. Their answers carry no headers, so nothing says it did not.
    answer(c, 200, x(3, 60))
    answer(a, 200)
    answer(b, 200)
    // 3 left, less those two: one more goes, and then none until the reset.
    let went = 0
    for (let i = 0; i < 2; i++) void pacer.acquire().then(() => went++)
    await flush()
    expect(went).toBe(1)
  })
})

describe('Pacer: headers that lie (issue 33)', () => {
  it.each([
    ['a negative remaining', { 'x-ratelimit-remaining': '-1', 'x-ratelimit-reset': '5' }],
    ['an unparsable remaining', { 'x-ratelimit-remaining': 'soon', 'x-ratelimit-reset': '5' }],
    ['an unparsable IETF field', { ratelimit: 'garbage;;;', 'ratelimit-policy': '"d";q=-3' }]
  ])('ignores %s: nothing held back by it', async (_, headers) => {
    const { one, answer, take, times, pacer } = setup()
    answer(await one(), 200, headers)
    expect(times(await take(3))).toEqual([
      [0, false],
      [0, false],
      [0, false]
    ])
    expect(pacer.mode).toBe('unlimited')
  })

  it('holds back for a huge reset no longer than rate-limit-wait, then fails what waits', async () => {
    const { one, answer, take, pacer } = setup({ maxWaitMs: 10_000 })
    answer(await one(), 200, x(0, 100_000_000))
    await expect(take(1)).rejects.toBeInstanceOf(RateLimitWaitExceeded)
    expect(pacer.waited).toBe(10_001)
  })

  it('takes a reset in the past (read as now: rate-limit.test.ts) for one come: one request after the margin, the next on its answer', async () => {
    const { one, answer, times, pacer, clock, until } = setup()
    answer(await one(), 200, x(0, 0))
    const first = await one()
    expect(times([first])).toEqual([[RESET_MARGIN_MS, false]])
    let second: number | undefined
    void pacer.acquire().then(() => (second = clock.now))
    await until(500)
    expect(second).toBeUndefined()
    answer(first, 200, x(4, 1))
    await flush()
    expect(second).toBe(500)
  })

  it('counts on no more left than the limit says, when it says more', async () => {
    const { one, answer, take, times } = setup()
    answer(await one(), 200, x(50, 5, 2))
    expect(times(await take(3))).toEqual([
      [0, false],
      [0, false],
      [5000 + RESET_MARGIN_MS, false]
    ])
  })

  it('goes by the nearer of two resets that contradict each other, and leaves a second more once that proves early', async () => {
    const { take, answer, times, one } = setup()
    const [a, b] = await take(2)
    answer(a as Sent, 200, x(0, 10))
    answer(b as Sent, 200, x(0, 1))
    const early = await one()
    expect(early.at).toBe(1000 + RESET_MARGIN_MS)
    // Refused: the later one held. The next goes a second after the reset that answer says, and its margin.
    answer(early, 429, x(0, 9))
    expect(times([await one()])).toEqual([[early.at + 9000 + RESET_MARGIN_MS + RESET_ROUNDING_MS, false]])
  })
})

describe('Pacer: a token bucket (headers with a refill)', () => {
  it('sends each request as the refill allows, on the refill alone', async () => {
    const { one, until, answer, times, pacer, sleeps } = setup()
    answer(await one(), 200, ietf(0, 10))
    const sent: Sent[] = []
    for (let i = 0; i < 3; i++) {
      const next = await one()
      sent.push(next)
      answer(next, 200, ietf(0, 10))
    }
    await until(350)
    sent.push(await one())
    expect(times(sent)).toEqual([
      [100, true],
      [200, true],
      [300, true],
      [400, true]
    ])
    // One timer for each wait, and every wait counted.
    expect(sleeps()).toBe(4)
    expect(pacer.waited).toBe(350)
  })

  it('goes at the reset when the refill would take longer, and not on the refill alone', async () => {
    const { one, until, answer, times } = setup()
    await until(1000)
    answer(await one(), 200, ietf(0, 2, '"d";q=2;w=60'))
    expect(times([await one()])).toEqual([[3000, false]])
  })

  it('refills up to the most the API took at once, no further', async () => {
    const { one, take, until, answer, times } = setup()
    answer(await one(), 200, ietf(4, 100))
    const burst = await take(4)
    burst.forEach((sent, i) => answer(sent, 200, ietf(3 - i, 100)))
    expect(times(burst)).toEqual(Array.from({ length: 4 }, () => [0, false]))
    await until(5000)
    const refilled = await take(5)
    expect(times(refilled)).toEqual(Array.from({ length: 5 }, () => [5000, true]))
    // Answered, the last of them says what remains: nothing, and it refills from there.
    refilled.forEach((sent, i) => answer(sent, 200, ietf(4 - i, 95)))
    expect(times([await one()])).toEqual([[5100, true]])
  })

  it('after the reset, a request goes on the window, not the refill alone', async () => {
    const { one, until, answer, times } = setup()
    answer(await one(), 200, ietf(0, 1))
    await until(1000 + RESET_MARGIN_MS)
    const atReset = await one()
    expect(times([atReset])).toEqual([[1000 + RESET_MARGIN_MS, false]])
    // An answer taken at the reset that says no new one: what remains is what it says.
    answer(atReset, 200, ietf(0))
    await until(1125)
    expect(times([await one()])).toEqual([[1125, true]])
  })

  it('after the reset has passed and nothing said more, sends without waiting', async () => {
    const { one, take, until, answer, times } = setup()
    answer(await one(), 200, ietf(0, 1))
    await until(1000 + RESET_MARGIN_MS)
    expect(times(await take(3))).toEqual([
      [1000 + RESET_MARGIN_MS, false],
      [1000 + RESET_MARGIN_MS, false],
      [1000 + RESET_MARGIN_MS, false]
    ])
  })

  it('after the reset, sends the whole window on the window, none on the refill alone', async () => {
    const { one, take, until, answer, times } = setup()
    answer(await one(), 200, ietf(4, 1))
    const burst = await take(4)
    burst.forEach((sent, i) => answer(sent, 200, ietf(3 - i, 1)))
    await until(1000 + RESET_MARGIN_MS)
    expect(times(await take(5))).toEqual(Array.from({ length: 5 }, () => [1000 + RESET_MARGIN_MS, false]))
  })

  it('once the refill is not trusted and no reset is said, waits at least a second', async () => {
    const { one, until, answer, pacer, clock } = setup()
    answer(await one(), 200, ietf(0))
    for (let i = 0; i < WINDOW_EVIDENCE; i++) answer(await one(), 429, ietf(0))
    const waitingFrom = pacer.waited
    let sent = false
    void pacer.acquire().then(() => (sent = true))
    await until(clock.now + 999)
    expect(sent).toBe(false)
    expect(pacer.waited - waitingFrom).toBe(999)
  })

  /** Sends one request on the refill alone for each status, answering it with that status. */
  const evidence = async (statuses: readonly number[]) => {
    const harness = setup()
    harness.answer(await harness.one(), 200, ietf(0, 10))
    for (const status of statuses) {
      const sent = await harness.one()
      expect(sent.alone).toBe(true)
      harness.answer(sent, status, ietf(0, 10))
    }
    return { next: await harness.one(), pacer: harness.pacer }
  }

  it('keeps trusting the refill after one 429 on it', async () => {
    expect((await evidence([429])).next).toMatchObject({ at: 200, alone: true })
  })

  /** `count` 429s on the refill alone. */
  const refused = (count: number): number[] => Array.from({ length: count }, () => 429)

  it('takes WINDOW_EVIDENCE 429s on the refill alone, and no success, for a fixed window', async () => {
    expect((await evidence(refused(WINDOW_EVIDENCE - 1))).next.alone).toBe(true)
    const { next, pacer } = await evidence(refused(WINDOW_EVIDENCE))
    expect(next).toMatchObject({ at: 10_000 + RESET_MARGIN_MS, alone: false })
    // Its pace is the policy's: 10 a second.
    expect(pacer.pace).toBe(10)
  })

  it('counts neither a failure nor a success that was not sent on the refill alone', async () => {
    // One success and a 400: counted as a success too, the 400 would make two, which outweigh WINDOW_EVIDENCE 429s.
    expect((await evidence([200, 400, ...refused(WINDOW_EVIDENCE)])).next).toMatchObject({ at: 10_000 + RESET_MARGIN_MS, alone: false })
  })

  it('keeps the bucket while a success came for every four 429s on the refill alone', async () => {
    expect((await evidence([200, 200, ...refused(2 * BUCKET_EVIDENCE_WEIGHT)])).next.alone).toBe(true)
    expect((await evidence([200, ...refused(WINDOW_EVIDENCE)])).next).toMatchObject({ at: 10_000 + RESET_MARGIN_MS, alone: false })
  })
})

describe('Pacer: pace with headers', () => {
  it("starts at the policy's rate, cuts it by a quarter at most once per interval, and says each change of a quarter or more", async () => {
    const { take, until, answer, pacer, paces } = setup()
    const [a, b, c] = await take(3)
    answer(a as Sent, 429, ietf(0, 1))
    expect(pacer.pace).toBe(10)
    await until(99)
    answer(b as Sent, 429, ietf(0, 1))
    expect(pacer.pace).toBe(10)
    await until(100)
    answer(c as Sent, 429, ietf(0, 1))
    expect(pacer.pace).toBe(7.5)
    expect(paces).toEqual([10, 7.5])
  })

  it('cuts by a quarter whatever got through', async () => {
    const { take, until, answer, pacer, paces } = setup()
    const sent = await take(30)
    for (const one of sent.slice(0, 28)) answer(one, 200)
    answer(sent[28] as Sent, 429, ietf(0, 1, '"d";q=20;w=1'))
    expect(pacer.pace).toBe(28)
    await until(100)
    answer(sent[29] as Sent, 429, ietf(0, 1, '"d";q=20;w=1'))
    expect(pacer.pace).toBe(21)
    expect(paces).toEqual([28, 21])
  })

  it('does not start slow, and raises the rate fast with requests to spare, up to the policy', async () => {
    const { take, until, answer, pacer, paces } = setup()
    const [a, b, c, d] = await take(4)
    answer(a as Sent, 429, ietf(0, 10))
    await until(100)
    answer(b as Sent, 429, ietf(0, 10))
    expect(pacer.pace).toBe(7.5)
    await until(350)
    answer(c as Sent, 200, ietf(1, 10))
    expect(pacer.pace).toBe(7.5)
    answer(d as Sent, 200, ietf(2, 10))
    expect(pacer.pace).toBe(10)
    expect(paces).toEqual([10, 7.5, 10])
  })

  it('starts above the policy when more got through, and comes down slowly', async () => {
    const { take, until, answer, pacer } = setup()
    const sent = await take(6)
    for (const one of sent.slice(0, 4)) answer(one, 200)
    answer(sent[4] as Sent, 429, ietf(0, 10, '"d";q=2;w=1'))
    expect(pacer.pace).toBe(4)
    await until(250)
    answer(sent[5] as Sent, 200, ietf(0, 10, '"d";q=2;w=1'))
    expect(pacer.pace).toBe(4)
  })
})

describe('Pacer: the time for rate limits', () => {
  it('counts the wait of a Retry-After while it lasts, and no more once over', async () => {
    const { until, pacer, clock } = setup({ maxWaitMs: 5000 })
    await until(1000)
    let done = false
    void pacer.waitRetry(5000).then(() => (done = true))
    await until(3500)
    expect(pacer.waited).toBe(2500)
    await clock.run(() => done)
    expect(clock.now).toBe(6000)
    await until(9000)
    expect(pacer.waited).toBe(5000)
    // The budget is spent: not a millisecond more.
    await expect(pacer.waitRetry(1)).rejects.toThrow(RateLimitWaitExceeded)
  })

  it('waits a second for a 429 without Retry-After', async () => {
    const { pacer, clock } = setup()
    let done = false
    void pacer.waitRetry(undefined).then(() => (done = true))
    await clock.run(() => done)
    expect(clock.now).toBe(1000)
  })

  it('fails every request still waiting once the time is spent, and all that come after', async () => {
    const { one, take, until, answer, pacer, clock } = setup({ maxWaitMs: 500 })
    answer(await one(), 429, x(0, 60))
    const failed: number[] = []
    const waiting = [pacer.acquire(), pacer.acquire()]
    await until(500)
    // Just at the budget: not yet past it.
    waiting.push(pacer.acquire())
    for (const request of waiting) {
      request.then(
        () => failed.push(-1),
        (error: unknown) => {
          expect(error).toBeInstanceOf(RateLimitWaitExceeded)
          failed.push(clock.now)
        }
      )
    }
    await clock.run(() => failed.length === 3)
    expect(failed).toEqual([501, 501, 501])
    await until(2000)
    expect(pacer.waited).toBe(501)
    await expect(take(1)).rejects.toThrow('rate limited by the API for longer than rate-limit-wait allows (1 s in all)')
  })

  it('sets one timer for every request that waits on the same thing, and an earlier one when it can go sooner', async () => {
    const { take, until, answer, pacer, clock, sleeps } = setup()
    const [a, b] = await take(2)
    answer(a as Sent, 429, x(0, 60))
    let sentAt: number | undefined
    for (let i = 0; i < 5; i++) void pacer.acquire().then(() => (sentAt ??= clock.now))
    await flush()
    expect(sleeps()).toBe(1)
    await until(100)
    answer(b as Sent, 429, x(0, 2))
    await clock.run(() => sentAt !== undefined)
    expect(sentAt).toBe(2100 + RESET_MARGIN_MS)
  })
})

describe('Pacer on the real clock', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('waits for real when no sleep is given', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] })
    const pacer = new Pacer({ concurrency: 1, maxWaitMs: 60_000 })
    let done = false
    void pacer.waitRetry(2000).then(() => (done = true))
    await vi.advanceTimersByTimeAsync(1999)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
    expect(pacer.waited).toBe(2000)
  })
})
