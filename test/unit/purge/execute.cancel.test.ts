// The purge engine's steps (src/purge/execute.ts) once the run is cancelled (issue 32). A wait before the purge (the
// settings' spread, the delay) rejects with the cancel, and what was sent before it stands. A pass of purges, and the
// wait before the second, return, never throw, with the outcome of every request: what was confirmed stands, what was
// not sent says so (`cancelled`, 0 attempts), and a request the client gave up on is not confirmed. The client is a stand-in object, so that the cancel comes at an
// exact point: during a wait (the fake clock's held sleep), in a request, or between two.
import { beforeEach, describe, expect, it } from 'vitest'
import type { ApiClient, ApiResponse } from '../../../src/http/client.js'
import { ApiError } from '../../../src/http/errors.js'
import {
  delayPurge,
  PROPAGATION_MS,
  sendSettings,
  unsentByCancel,
  waitForPropagation,
  type RequestOutcome
} from '../../../src/purge/execute.js'
import { sendPlan, type PlanOptions } from '../../support/send-plan.js'
import { planRequests, type Plan, type PlannedRequest } from '../../../src/purge/plan.js'
import { FakeClock, testCancel } from '../../support/clock.js'

const zone = { id: 'z1', name: 'example.com', status: 'active' }
const other = { id: 'z2', name: 'example.org', status: 'active' }
const settings = { limits: { enabled: true, mode: 'automatic' as const } }
const urls = (count: number): string[] => Array.from({ length: count }, (_, i) => `https://example.com/${i}`)
const CANCELLED = 'the run was cancelled (SIGINT)'

function plan(over: { urls?: string[]; tags?: string[]; settings?: typeof settings; batch?: number } = {}): Plan {
  return planRequests(
    [{ zone, purgeEverything: false, urls: over.urls ?? [], tags: over.tags ?? [], settings: over.settings }],
    over.batch ?? 1
  )
}

/** A confirmed answer in one attempt. */
const confirmed = (): Promise<ApiResponse<unknown>> => Promise.resolve({ status: 200, body: undefined, attempts: 1 })
const httpError = (status: number, attempts = 1): ApiError =>
  new ApiError({ method: 'POST', path: '/zones/z1/purge', kind: 'http', attempts, status })

/** A client whose answer to each request (by label, and by the order they came in) `answer` gives; it keeps the labels. */
function fakeClient(answer: (label: string, index: number) => Promise<ApiResponse<unknown>> = confirmed): {
  client: ApiClient
  calls: string[]
} {
  const calls: string[] = []
  const client = {
    retries: 0,
    request: (_method: string, _path: string, options: { label: string }) => {
      calls.push(options.label)
      return answer(options.label, calls.length - 1)
    }
  } as unknown as ApiClient
  return { client, calls }
}

/** How a request not sent because of the cancel comes back. */
const notSent = (request: PlannedRequest, why = CANCELLED): RequestOutcome => ({
  request,
  ok: false,
  status: undefined,
  attempts: 0,
  durationMs: 0,
  error: `${request.label}: not sent: ${why}`,
  cancelled: true
})

let clock: FakeClock
let cancel: ReturnType<typeof testCancel>
let log: string[]
let groups: string[]
const options = (over: Partial<PlanOptions> = {}): PlanOptions => ({
  concurrency: 3,
  waitForPropagation: false,
  propagationMs: PROPAGATION_MS,
  sleep: clock.sleep,
  log: (message) => log.push(message),
  group: (name, fn) => (groups.push(name), fn()),
  clock: () => 1234,
  signal: cancel.signal,
  ...over
})
/** A sleep that holds, and the cancel coming while it does (the run cancelled during the wait). */
const cancelledWhileWaiting = (): PlanOptions['sleep'] => clock.cancelling(() => cancel.cancel())

beforeEach(() => {
  clock = new FakeClock()
  cancel = testCancel()
  log = []
  groups = []
})

describe('the steps before the purge, cancelled during a wait: it rejects with the cancel, and what was sent stands', () => {
  it('during the wait for the settings to spread: the settings’ outcomes stand, and no purge is sent', async () => {
    const planned = plan({ urls: urls(2), tags: ['t'], settings })
    const { client, calls } = fakeClient()
    const sent = await sendSettings(client, planned, options())
    expect(sent.outcomes).toStrictEqual([
      {
        request: planned.requests[0],
        ok: true,
        status: 200,
        attempts: 1,
        durationMs: expect.any(Number) as number,
        error: undefined,
        // The settings' time is the wall clock's: `clock` times purges.
        confirmedAt: expect.any(Number) as number
      }
    ])
    const waiting = waitForPropagation(sent.outcomes, PROPAGATION_MS, options({ sleep: cancelledWhileWaiting() }))
    await expect(waiting).rejects.toBe(cancel.reason)
    expect(calls).toEqual(['Settings of example.com'])
    expect(groups).toEqual(['Settings', 'Propagation'])
    expect(clock.sleeps).toEqual([10_000])
    expect(log).toEqual(['Settings of example.com: applied.', 'Waiting for the settings to reach every edge location: 30 s left.'])
  })

  it('a cancel while the settings were in flight ends the next wait before it starts', async () => {
    const planned = plan({ tags: ['t'], settings })
    const { client, calls } = fakeClient((label) => {
      if (label.startsWith('Settings')) cancel.cancel()
      return confirmed()
    })
    const sent = await sendSettings(client, planned, options())
    expect(sent.outcomes.map((outcome) => [outcome.request.kind, outcome.ok, outcome.attempts, outcome.cancelled])).toEqual([
      ['settings', true, 1, undefined]
    ])
    await expect(delayPurge(planned, 5000, options())).rejects.toBe(cancel.reason)
    await expect(waitForPropagation(sent.outcomes, PROPAGATION_MS, options())).rejects.toBe(cancel.reason)
    expect(calls).toEqual(['Settings of example.com'])
    expect(clock.sleeps).toEqual([])
    expect(log).toEqual(['Settings of example.com: applied.'])
  })

  it('sends no settings when the run was cancelled before them: they come back not sent', async () => {
    cancel.cancel()
    const planned = plan({ urls: urls(1), settings })
    const { client, calls } = fakeClient()
    const sent = await sendSettings(client, planned, options())
    expect(sent.outcomes).toStrictEqual(planned.requests.slice(0, 1).map((request) => notSent(request)))
    expect(calls).toEqual([])
    expect(clock.sleeps).toEqual([])
    expect(log).toEqual([`Settings of example.com: not sent: ${CANCELLED}`])
  })

  it('during the delay: it rejects with the cancel, and nothing is sent', async () => {
    const planned = plan({ urls: urls(2), tags: ['t'] })
    const { client, calls } = fakeClient()
    await expect(sendPlan(client, planned, options({ delayMs: 25_000, sleep: cancelledWhileWaiting() }))).rejects.toBe(cancel.reason)
    expect(calls).toEqual([])
    expect(groups).toEqual(['Delay'])
    expect(log).toEqual(['Waiting before the purge (delay): 25 s left.'])
  })

  it('throws on an error of a wait that is not the cancel', async () => {
    const broken = new RangeError('the clock broke')
    const { client, calls } = fakeClient()
    const failing = sendPlan(client, plan({ tags: ['t'] }), options({ delayMs: 5000, sleep: () => Promise.reject(broken) }))
    const error = await failing.catch((caught: unknown) => caught)
    expect(error).toBe(broken)
    expect(error).toBeInstanceOf(RangeError)
    expect(calls).toEqual([])
    await expect(
      sendPlan(client, plan({ tags: ['t'], settings }), options({ waitForPropagation: true, sleep: () => Promise.reject(broken) }))
    ).rejects.toBeInstanceOf(RangeError)
  })

  it('goes on when the run is not cancelled: the signal alone changes nothing', async () => {
    const planned = plan({ urls: urls(2), settings })
    const { client, calls } = fakeClient()
    const execution = await sendPlan(client, planned, options({ waitForPropagation: true, delayMs: 5000 }))
    expect(execution.outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true])
    expect(execution.outcomes.every((outcome) => outcome.cancelled === undefined)).toBe(true)
    expect(calls).toHaveLength(3)
    expect(groups).toEqual(['Settings', 'Propagation', 'Delay', 'Purge'])
    expect(log).toContain('Settings have had the documented propagation time.')
  })
})

describe('sendPlan, cancelled during the purge', () => {
  it('returns what was sent as it ended and what was not as not sent, saying the latter in one line', async () => {
    const planned = plan({ urls: urls(5) })
    const gaveUp = new ApiError({
      method: 'POST',
      path: '/zones/z1/purge',
      kind: 'cancelled',
      attempts: 2,
      status: 503,
      detail: 'HTTP 503, not tried again: the run was cancelled (SIGINT)'
    })
    const { client, calls } = fakeClient((_label, index) => {
      if (index === 0) return confirmed()
      if (index === 1) return Promise.reject(httpError(400))
      if (index === 2) return Promise.reject(gaveUp)
      // The pacer refuses what waits for its turn once the run is cancelled: the cancel itself.
      cancel.cancel()
      return Promise.reject(cancel.reason)
    })
    const execution = await sendPlan(client, planned, options())
    // The fifth was not handed to the client: the run was cancelled by then.
    expect(calls).toEqual(planned.requests.slice(0, 4).map((request) => request.label))
    const [first, second, third, fourth, fifth] = planned.requests as PlannedRequest[]
    expect(execution.outcomes).toStrictEqual([
      { request: first, ok: true, status: 200, attempts: 1, durationMs: expect.any(Number) as number, error: undefined, confirmedAt: 1234 },
      {
        request: second,
        ok: false,
        status: 400,
        attempts: 1,
        durationMs: expect.any(Number) as number,
        error: `URL 2 of 5 (batch 2 of 5): ${httpError(400).message}`
      },
      {
        request: third,
        ok: false,
        status: 503,
        attempts: 2,
        durationMs: expect.any(Number) as number,
        error: `URL 3 of 5 (batch 3 of 5): ${gaveUp.message}`,
        cancelled: true
      },
      notSent(fourth!),
      notSent(fifth!)
    ])
    expect(execution.outcomes.map(unsentByCancel)).toEqual([false, false, false, true, true])
    expect(log.filter((line) => line.includes('not sent'))).toEqual([`2 purge requests not sent: ${CANCELLED}.`])
    expect(log.slice(-2)).toEqual([`2 purge requests not sent: ${CANCELLED}.`, '1 of 5 purge requests confirmed.'])
    // A line each for what was sent, as ever; none for what was not.
    expect(log.slice(0, -2).sort()).toEqual(
      [
        expect.stringMatching(/^URL 1 of 5 \(batch 1 of 5\): purged \(1 attempt, \d+ ms\)$/) as string,
        `URL 2 of 5 (batch 2 of 5): ${httpError(400).message}`,
        `URL 3 of 5 (batch 3 of 5): ${gaveUp.message}`
      ].sort()
    )
    expect(groups).toEqual(['Purge'])
  })

  it('says "request" for one not sent, and only "the run was cancelled" when the cancel is not of its signal', async () => {
    const planned = plan({ tags: ['t'] })
    const { client } = fakeClient(() => Promise.reject(cancel.reason))
    const execution = await sendPlan(client, planned, options({ signal: undefined }))
    // The request's own line has the cancel's words; the count, what the step knows of it.
    expect(execution.outcomes).toStrictEqual([notSent(planned.requests[0]!)])
    expect(log).toEqual(['1 purge request not sent: the run was cancelled.', '0 of 1 purge request confirmed.'])
  })

  it('with many requests (progress lines), still gives those not sent one line, not one each', async () => {
    const planned = plan({ urls: urls(30) })
    const { client, calls } = fakeClient((_label, index) => {
      if (index < 10) return confirmed()
      cancel.cancel()
      return Promise.reject(cancel.reason)
    })
    const execution = await sendPlan(client, planned, options({ now: () => 0 }))
    expect(calls).toHaveLength(11)
    expect(execution.outcomes.filter(unsentByCancel)).toHaveLength(20)
    expect(log.filter((line) => line.includes('not sent'))).toEqual([`20 purge requests not sent: ${CANCELLED}.`])
    expect(log.at(-1)).toBe('10 of 30 purge requests confirmed.')
  })

  it('does not send the halves of a batch the API found too large once the run is cancelled', async () => {
    const planned = plan({ urls: urls(4), batch: 4 })
    const { client, calls } = fakeClient(() => {
      cancel.cancel()
      return Promise.reject(httpError(413))
    })
    const execution = await sendPlan(client, planned, options())
    expect(calls).toEqual(['4 URLs'])
    expect(execution.outcomes.map((outcome) => [outcome.request.items, outcome.attempts, outcome.cancelled, outcome.error])).toEqual([
      [urls(4).slice(0, 2), 0, true, `URLs 1-2 of 4: not sent: ${CANCELLED}`],
      [urls(4).slice(2), 0, true, `URLs 3-4 of 4: not sent: ${CANCELLED}`]
    ])
    expect(log.filter((line) => line.includes('not sent'))).toEqual([`2 purge requests not sent: ${CANCELLED}.`])
  })

  it('counts a zone whose settings failed as not sent for that reason, not the cancel’s', async () => {
    const planned = planRequests(
      [
        { zone, purgeEverything: false, urls: [], tags: ['t'], settings },
        { zone: other, purgeEverything: false, urls: [], tags: ['t'], settings }
      ],
      30
    )
    const { client } = fakeClient((label) => {
      if (label === 'Settings of example.com') return Promise.reject(httpError(400))
      if (label.startsWith('Settings')) return confirmed()
      cancel.cancel()
      return Promise.reject(cancel.reason)
    })
    const execution = await sendPlan(client, planned, options())
    const blocked = execution.outcomes.find((outcome) => outcome.request.label === 'example.com: 1 tag')
    expect(blocked).toStrictEqual({
      request: planned.requests[2],
      ok: false,
      status: undefined,
      attempts: 0,
      durationMs: 0,
      error: 'example.com: 1 tag: not sent: the settings for this zone failed, so the purge was not attempted.'
    })
    expect(unsentByCancel(blocked!)).toBe(false)
    expect(execution.outcomes.find((outcome) => outcome.request.label === 'example.org: 1 tag')).toStrictEqual(
      notSent(planned.requests[3]!)
    )
    expect(log).toContain('example.com: 1 tag: not sent: the settings for this zone failed, so the purge was not attempted.')
    expect(log.filter((line) => line.includes(CANCELLED))).toEqual([`1 purge request not sent: ${CANCELLED}.`])
  })
})

describe('sendPlan, cancelled during the wait before the second pass (purge-again-after), or during that pass', () => {
  it('lets the first pass stand, what it confirmed and what it did not, and says the second was not sent', async () => {
    const planned = plan({ urls: urls(3) })
    const { client, calls } = fakeClient((_label, index) => (index === 0 ? Promise.reject(httpError(400)) : confirmed()))
    const execution = await sendPlan(client, planned, options({ againAfterMs: 15_000, sleep: cancelledWhileWaiting() }))
    const [failed, ...again] = planned.requests as [PlannedRequest, ...PlannedRequest[]]
    expect(execution.outcomes).toStrictEqual([
      {
        request: failed,
        ok: false,
        status: 400,
        attempts: 1,
        durationMs: expect.any(Number) as number,
        error: `URL 1 of 3 (batch 1 of 3): ${httpError(400).message}`
      },
      ...again.map((request) => ({
        request,
        ok: true,
        status: 200,
        attempts: 1,
        durationMs: expect.any(Number) as number,
        error: undefined,
        confirmedAt: expect.any(Number) as number
      }))
    ])
    expect(calls).toHaveLength(3)
    expect(groups).toEqual(['Purge', 'Purge again'])
    expect(clock.sleeps).toEqual([10_000])
    expect(log.slice(-1)).toEqual([
      `Second pass (purge-again-after): 2 requests not confirmed again, ${CANCELLED}; the first pass's confirmation stands.`
    ])
  })

  it('cancelled during the second pass: what it confirmed counts as pass 2, and for what it did not send the first pass stands', async () => {
    const planned = plan({ urls: urls(2) })
    const { client, calls } = fakeClient((_label, index) => {
      if (index < 3) return confirmed()
      cancel.cancel()
      return Promise.reject(cancel.reason)
    })
    const execution = await sendPlan(client, planned, options({ againAfterMs: 1000 }))
    expect(calls).toHaveLength(4)
    expect(
      execution.outcomes.map((outcome) => [outcome.request.items, outcome.ok, outcome.pass, outcome.attempts, outcome.cancelled])
    ).toEqual([
      [planned.requests[0]?.items, true, 2, 1, undefined],
      [planned.requests[1]?.items, true, undefined, 1, undefined]
    ])
    expect(groups).toEqual(['Purge', 'Purge again', 'Purge again'])
    expect(log.slice(-3)).toEqual([
      `1 purge request not sent: ${CANCELLED}.`,
      '1 of 2 purge requests confirmed.',
      `Second pass (purge-again-after): 1 request not confirmed again, ${CANCELLED}; the first pass's confirmation stands.`
    ])
  })

  it('cancelled during the second pass after a 413 split a batch: each part finds the first-pass confirmation it belongs to', async () => {
    const planned = plan({ urls: urls(4), batch: 4 })
    let second = 0
    const { client } = fakeClient((_label, index) => {
      if (index === 0) return confirmed()
      second++
      if (second === 1) return Promise.reject(httpError(413))
      if (second === 2) return confirmed()
      cancel.cancel()
      return Promise.reject(cancel.reason)
    })
    const execution = await sendPlan(client, planned, options({ againAfterMs: 1000 }))
    const [whole] = planned.requests as [PlannedRequest]
    expect(execution.outcomes.map((outcome) => [outcome.request.items, outcome.ok, outcome.pass])).toEqual([
      [whole.items.slice(0, 2), true, 2],
      [whole.items.slice(2), true, undefined]
    ])
  })
})

describe('unsentByCancel', () => {
  const [request] = plan({ tags: ['t'] }).requests as [PlannedRequest]
  const outcome = (over: Partial<RequestOutcome>): RequestOutcome => ({ ...notSent(request), ...over })

  it('is true only for a request the cancel kept from being sent: cancelled, with no attempt', () => {
    expect(unsentByCancel(outcome({}))).toBe(true)
    // Sent, then given up on: not confirmed, but sent.
    expect(unsentByCancel(outcome({ attempts: 1 }))).toBe(false)
    // Not sent for another reason (the zone's settings failed).
    expect(unsentByCancel({ request, ok: false, status: undefined, attempts: 0, durationMs: 0, error: 'x' })).toBe(false)
  })
})
