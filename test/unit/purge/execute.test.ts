import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { delayPurge, PROPAGATION_MS } from '../../../src/purge/execute.js'
import { sendPlan, type PlanOptions } from '../../support/send-plan.js'
import { ApiClient } from '../../../src/http/client.js'
import { Pacer } from '../../../src/http/pacer/index.js'
import { planRequests } from '../../../src/purge/plan.js'
import { startStandIn, zone as standInZone, type StandIn } from '../../stand-in/server.js'

let api: StandIn
let client: ApiClient
let log: string[]
let sleeps: number[]
const zone = { id: 'zone-example', name: 'example.com', status: 'active' }
const settings = { limits: { enabled: true, mode: 'automatic' } }

const options = (over: Partial<PlanOptions> = {}): PlanOptions => ({
  concurrency: 3,
  waitForPropagation: false,
  propagationMs: PROPAGATION_MS,
  sleep: (ms) => {
    sleeps.push(ms)
    return Promise.resolve()
  },
  log: (message) => log.push(message),
  group: (_name, fn) => fn(),
  ...over
})

beforeEach(async () => {
  api = await startStandIn({ zones: [standInZone('zone-example', 'example.com'), standInZone('zone-other', 'example.org')] })
  // As in the action: the pacer holds the purges to `concurrency` in flight.
  client = new ApiClient({
    baseUrl: api.url,
    apiKey: api.apiKey,
    userAgent: 't',
    timeoutMs: 2000,
    maxAttempts: 1,
    pacer: new Pacer({ concurrency: 3, maxWaitMs: 60_000 })
  })
  log = []
  sleeps = []
})
afterEach(async () => {
  await client.close()
  await api.close()
})

describe('sendPlan', () => {
  it('keeps at most `concurrency` purge requests in flight', async () => {
    const urls = Array.from({ length: 40 }, (_, i) => `https://example.com/${i}`)
    api.barrier(3)
    const execution = await sendPlan(
      client,
      planRequests([{ zone, purgeEverything: false, urls, tags: [], settings: undefined }], 2),
      options()
    )
    expect(execution.outcomes).toHaveLength(20)
    expect(execution.outcomes.every((outcome) => outcome.ok)).toBe(true)
    expect(api.maxInFlight).toBe(3)
    expect(api.purges.flatMap((purge) => purge.files).sort()).toEqual([...urls].sort())
  })

  it('tries every batch even when some fail', async () => {
    api.fault({ method: 'POST', status: 400 })
    const urls = ['https://example.com/a', 'https://example.com/b', 'https://example.com/c']
    const execution = await sendPlan(
      client,
      planRequests([{ zone, purgeEverything: false, urls, tags: [], settings: undefined }], 1),
      options({ concurrency: 1 })
    )
    expect(execution.outcomes.map((outcome) => outcome.ok)).toEqual([false, true, true])
  })

  it('applies settings before the purge and waits the propagation time, with progress, when asked', async () => {
    const plan = planRequests([{ zone, purgeEverything: false, urls: [], tags: ['t'], settings }], 30)
    await sendPlan(client, plan, options({ waitForPropagation: true }))
    expect(api.requests.map((r) => r.path)).toEqual(['/zones/example.com/settings', '/zones/zone-example/purge'])
    expect(sleeps.reduce((a, b) => a + b, 0)).toBe(30_000)
    expect(log.filter((line) => line.startsWith('Waiting'))).toEqual([
      'Waiting for the settings to reach every edge location: 30 s left.',
      'Waiting for the settings to reach every edge location: 20 s left.',
      'Waiting for the settings to reach every edge location: 10 s left.'
    ])
  })

  it('does not wait unless asked', async () => {
    await sendPlan(client, planRequests([{ zone, purgeEverything: false, urls: [], tags: ['t'], settings }], 30), options())
    expect(sleeps).toEqual([])
  })

  it('does not purge a zone whose settings failed', async () => {
    api.fault({ path: '/zones/example.com/settings', status: 400 })
    const plan = planRequests([{ zone, purgeEverything: false, urls: [], tags: ['t'], settings }], 30)
    const execution = await sendPlan(client, plan, options({ waitForPropagation: true }))
    expect(api.requests.map((r) => r.path)).toEqual(['/zones/example.com/settings'])
    expect(execution.outcomes[1]).toMatchObject({
      ok: false,
      attempts: 0,
      error: expect.stringContaining('settings for this zone failed') as string
    })
    expect(sleeps).toEqual([])
  })
})

describe('sendPlan, what it logs and when it waits', () => {
  const urls = (count: number): string[] => Array.from({ length: count }, (_, i) => `https://example.com/${i}`)
  const plan = (over: { urls?: string[]; tags?: string[]; settings?: unknown; batch?: number } = {}) =>
    planRequests(
      [
        {
          zone,
          purgeEverything: false,
          urls: over.urls ?? [],
          tags: over.tags ?? [],
          settings: over.settings as typeof settings | undefined
        }
      ],
      over.batch ?? 30
    )
  /** Group names as they start, and the requests the stand-in had when each sleep began. */
  let groups: string[]
  let sentAtSleep: number[]
  const traced = (over: Partial<PlanOptions> = {}): PlanOptions =>
    options({
      group: (name, fn) => (groups.push(name), fn()),
      sleep: (ms) => (sleeps.push(ms), sentAtSleep.push(api.requests.length), Promise.resolve()),
      ...over
    })
  beforeEach(() => {
    groups = []
    sentAtSleep = []
  })

  it('says each setting was applied, and each purge and how many were confirmed, in their groups', async () => {
    const before = performance.now()
    const execution = await sendPlan(client, plan({ urls: urls(3), tags: ['t'], settings, batch: 2 }), traced())
    const elapsed = performance.now() - before
    expect(groups).toEqual(['Settings', 'Purge'])
    expect(log[0]).toBe('Settings of example.com: applied.')
    expect(
      log
        .slice(1, 4)
        .map((line) => line.replace(/\d+ ms/, 'N ms'))
        .sort()
    ).toEqual([
      '1 tag: purged (1 attempt, N ms)',
      'URL 3 of 3 (batch 2 of 2): purged (1 attempt, N ms)',
      'URLs 1-2 of 3 (batch 1 of 2): purged (1 attempt, N ms)'
    ])
    expect(log.slice(4)).toEqual(['3 of 3 purge requests confirmed.'])
    // Times are of this call, not of the clock's origin.
    for (const ms of [execution.settingsMs, execution.purgeMs, ...execution.outcomes.map((outcome) => outcome.durationMs)]) {
      expect(ms).toBeGreaterThanOrEqual(0)
      expect(ms).toBeLessThanOrEqual(elapsed)
    }
  })

  it('says why a setting failed, waits for the zones whose settings were applied, and purges only those', async () => {
    const other = { id: 'zone-other', name: 'example.org', status: 'active' }
    api.fault({ path: '/zones/example.com/settings', status: 400 })
    const twoZones = planRequests(
      [
        { zone, purgeEverything: false, urls: [], tags: ['t'], settings },
        { zone: other, purgeEverything: false, urls: [], tags: ['t'], settings }
      ],
      30
    )
    const execution = await sendPlan(client, twoZones, traced({ waitForPropagation: true, propagationMs: 10_000 }))
    const failed = execution.outcomes.find((outcome) => outcome.request.label === 'Settings of example.com')
    expect(failed?.error).toMatch(/^Settings of example\.com: POST \/zones\/example\.com\/settings failed: HTTP 400/)
    expect(log.slice(0, 2).sort()).toEqual([failed?.error, 'Settings of example.org: applied.'].sort())
    expect(log).toContain('Settings have had the documented propagation time.')
    expect(sleeps).toEqual([10_000])
    expect(api.purges).toEqual([{ zoneId: 'zone-other', everything: false, files: [], tags: ['t'] }])
    expect(log).toContain('example.com: 1 tag: not sent: the settings for this zone failed, so the purge was not attempted.')
    expect(log.at(-1)).toBe('1 of 2 purge requests confirmed.')
  })

  it('says "request" for a single one', async () => {
    await sendPlan(client, plan({ tags: ['t'] }), traced())
    expect(log.at(-1)).toBe('1 of 1 purge request confirmed.')
  })

  it('opens no Purge group when there is nothing to purge', async () => {
    const execution = await sendPlan(client, plan({ settings }), traced({ delayMs: 5000 }))
    expect(execution.outcomes.map((outcome) => outcome.request.kind)).toEqual(['settings'])
    expect(groups).toEqual(['Settings'])
    expect(log).toEqual(['Settings of example.com: applied.'])
    expect(sleeps).toEqual([])
  })

  it('waits `delay` after the settings and before the first purge, saying how long is left', async () => {
    await sendPlan(client, plan({ tags: ['t'], settings }), traced({ delayMs: 25_000 }))
    expect(groups).toEqual(['Settings', 'Delay', 'Purge'])
    expect(sleeps).toEqual([10_000, 10_000, 5000])
    expect(sentAtSleep).toEqual([1, 1, 1])
    expect(log.filter((line) => line.startsWith('Waiting'))).toEqual([
      'Waiting before the purge (delay): 25 s left.',
      'Waiting before the purge (delay): 15 s left.',
      'Waiting before the purge (delay): 5 s left.'
    ])
  })

  it('waits no delay when there is no purge request, or no delay asked', async () => {
    await delayPurge(plan({ settings }), 5000, traced())
    await delayPurge(plan({ tags: ['t'] }), 0, traced())
    expect(groups).toEqual([])
    expect(sleeps).toEqual([])
    await delayPurge(plan({ tags: ['t'] }), 1, traced())
    expect(groups).toEqual(['Delay'])
    expect(sleeps).toEqual([1])
  })

  it('does not wait without a delay', async () => {
    await sendPlan(client, plan({ tags: ['t'] }), traced({ delayMs: 0 }))
    expect(groups).toEqual(['Purge'])
    expect(sleeps).toEqual([])
  })

  it('times each confirmation by the clock given', async () => {
    const execution = await sendPlan(client, plan({ tags: ['t'] }), traced({ clock: () => 1234 }))
    expect(execution.outcomes.map((outcome) => outcome.confirmedAt)).toEqual([1234])
    const before = Date.now()
    const [outcome] = (await sendPlan(client, plan({ tags: ['u'] }), traced())).outcomes
    expect(outcome?.confirmedAt).toBeGreaterThanOrEqual(before)
    expect(outcome?.confirmedAt).toBeLessThanOrEqual(Date.now())
  })

  it('for many requests, writes progress lines by the clock given, with the retries so far', async () => {
    let now = 0
    await sendPlan(
      client,
      plan({ urls: urls(21), batch: 1 }),
      traced({
        now: () => {
          now += 1000
          return now
        }
      })
    )
    expect(log.at(-2)).toBe('Purge: 21 of 21 URLs confirmed (100 %), 0 retries, 21 s')
    expect(log.at(-1)).toBe('21 of 21 purge requests confirmed.')
    // Without a clock given, the real one.
    log.length = 0
    await sendPlan(client, plan({ urls: urls(21), batch: 1 }), traced())
    expect(log.at(-2)).toMatch(/^Purge: 21 of 21 URLs confirmed \(100 %\), 0 retries, \d+ s$/)
  })

  it('leaves how many purges are in flight to the client: more are started than `concurrency`', async () => {
    const wide = new ApiClient({
      baseUrl: api.url,
      apiKey: api.apiKey,
      userAgent: 't',
      timeoutMs: 5000,
      maxAttempts: 1,
      pacer: new Pacer({ concurrency: 5, maxWaitMs: 60_000 })
    })
    api.barrier(5)
    try {
      const execution = await sendPlan(wide, plan({ urls: urls(5), batch: 1 }), traced({ concurrency: 2 }))
      expect(execution.outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true, true, true])
      expect(api.maxInFlight).toBe(5)
    } finally {
      await wide.close()
    }
  })
})

describe('sendPlan, a batch the API finds too large (HTTP 413)', () => {
  let small: StandIn
  let serial: ApiClient
  beforeEach(async () => {
    small = await startStandIn({ maxPurgeItems: 2 })
    // One request at a time, so that the log lines come in order.
    serial = new ApiClient({
      baseUrl: small.url,
      apiKey: small.apiKey,
      userAgent: 't',
      timeoutMs: 2000,
      maxAttempts: 1,
      pacer: new Pacer({ concurrency: 1, maxWaitMs: 60_000 })
    })
  })
  afterEach(async () => {
    await serial.close()
    await small.close()
  })
  const urls = (count: number): string[] => Array.from({ length: count }, (_, i) => `https://example.com/${i}`)

  it('halves the batch until the API takes it, and keeps the smaller size for the batches not yet sent', async () => {
    const list = urls(5)
    const execution = await sendPlan(
      serial,
      planRequests([{ zone, purgeEverything: false, urls: list, tags: [], settings: undefined }], 5),
      options()
    )
    expect(log.filter((line) => line.includes('HTTP 413'))).toEqual([
      '5 URLs: the API refused it as too large (HTTP 413); up to 3 a request from now on.',
      'URLs 1-3 of 5: the API refused it as too large (HTTP 413); up to 2 a request from now on.'
    ])
    expect(small.purges.map((purge) => purge.files).sort()).toEqual([list.slice(0, 2), list.slice(2, 3), list.slice(3, 5)])
    // Sent: 5 (413), 3 (413), then 2, 2 and 1 without another 413: the smaller size held for the part of 2 and the part of 3.
    expect(small.requests.map((request) => (request.body as { files: string[] }).files.length).sort()).toEqual([1, 2, 2, 3, 5])
    expect(execution.outcomes.map((outcome) => [outcome.request.label, outcome.ok])).toEqual([
      ['URLs 1-2 of 5', true],
      ['URL 3 of 5', true],
      ['URLs 4-5 of 5', true]
    ])
  })

  it('logs a new size only when it is smaller', async () => {
    const list = urls(8)
    await sendPlan(serial, planRequests([{ zone, purgeEverything: false, urls: list, tags: [], settings: undefined }], 8), options())
    expect(log.filter((line) => line.includes('HTTP 413'))).toEqual([
      '8 URLs: the API refused it as too large (HTTP 413); up to 4 a request from now on.',
      'URLs 1-4 of 8: the API refused it as too large (HTTP 413); up to 2 a request from now on.'
    ])
    expect(small.purges.flatMap((purge) => purge.files)).toEqual(list)
  })

  it('gives up on a single URL the API finds too large', async () => {
    small.fault({ method: 'POST', status: 413 })
    const execution = await sendPlan(
      serial,
      planRequests([{ zone, purgeEverything: false, urls: urls(1), tags: [], settings: undefined }], 5),
      options()
    )
    expect(execution.outcomes).toMatchObject([{ ok: false, status: 413, attempts: 1 }])
    expect(small.requests).toHaveLength(1)
    expect(log.filter((line) => line.includes('from now on'))).toEqual([])
  })
})

describe('sendPlan, purge-again-after', () => {
  const list = ['https://example.com/a', 'https://example.com/b', 'https://example.com/c']
  const onePerBatch = () => planRequests([{ zone, purgeEverything: false, urls: list, tags: [], settings: undefined }], 1)

  it('waits, then sends every confirmed request again; what the first pass did not confirm stays failed', async () => {
    api.fault({ method: 'POST', bodyIncludes: '/a', status: 400 })
    const groups: string[] = []
    const execution = await sendPlan(
      client,
      onePerBatch(),
      options({ againAfterMs: 15_000, concurrency: 1, group: (name, fn) => (groups.push(name), fn()) })
    )
    expect(groups).toEqual(['Purge', 'Purge again', 'Purge again'])
    expect(sleeps).toEqual([10_000, 5000])
    expect(log.filter((line) => line.startsWith('Waiting') || line.includes('purge request'))).toEqual([
      '2 of 3 purge requests confirmed.',
      'Waiting before the second pass (purge-again-after): 15 s left.',
      'Waiting before the second pass (purge-again-after): 5 s left.',
      '2 of 2 purge requests confirmed.'
    ])
    expect(api.purges.map((purge) => purge.files[0])).toEqual([list[1], list[2], list[1], list[2]])
    expect(execution.outcomes.map((outcome) => [outcome.request.items[0], outcome.ok, outcome.pass])).toEqual([
      [list[0], false, undefined],
      [list[1], true, 2],
      [list[2], true, 2]
    ])
  })

  it('counts a URL as purged only when the second pass confirms it too', async () => {
    api.fault({ method: 'POST', bodyIncludes: '/b', skip: 1, status: 400 })
    const execution = await sendPlan(client, onePerBatch(), options({ againAfterMs: 1000 }))
    expect(execution.outcomes.map((outcome) => [outcome.request.items[0], outcome.ok, outcome.pass])).toEqual([
      [list[0], true, 2],
      [list[1], false, 2],
      [list[2], true, 2]
    ])
  })

  it('sends nothing again when nothing was confirmed, or when not asked', async () => {
    api.fault({ method: 'POST', status: 400, times: 3 })
    const none = await sendPlan(client, onePerBatch(), options({ againAfterMs: 1000 }))
    expect(none.outcomes).toHaveLength(3)
    expect(sleeps).toEqual([])
    expect(api.requests).toHaveLength(3)
    const once = await sendPlan(client, onePerBatch(), options({ againAfterMs: 0 }))
    expect(once.outcomes.map((outcome) => outcome.pass)).toEqual([undefined, undefined, undefined])
    expect(api.requests).toHaveLength(6)
  })
})

describe('sendPlan, a client that fails without an API error', () => {
  const request = planRequests([{ zone, purgeEverything: false, urls: [], tags: ['t'], settings: undefined }], 30)
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a client that fails with whatever it was given, text included
  const throwing = (error: unknown): ApiClient => ({ retries: 0, request: () => Promise.reject(error) }) as unknown as ApiClient

  it('keeps the message, counts one attempt and no status', async () => {
    const before = performance.now()
    const execution = await sendPlan(throwing(new TypeError('boom')), request, options())
    const elapsed = performance.now() - before
    expect(execution.outcomes).toMatchObject([{ ok: false, status: undefined, attempts: 1, error: '1 tag: boom' }])
    expect(execution.outcomes[0]?.durationMs).toBeLessThanOrEqual(elapsed)
    const text = await sendPlan(throwing('plain text'), request, options())
    expect(text.outcomes[0]?.error).toBe('1 tag: plain text')
  })
})
