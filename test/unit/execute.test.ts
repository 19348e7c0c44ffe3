import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { executePlan, PROPAGATION_MS, type ExecuteOptions } from '../../src/execute.js'
import { ApiClient } from '../../src/http/client.js'
import { Pacer } from '../../src/http/pacer.js'
import { planRequests } from '../../src/plan.js'
import { startStandIn, type StandIn } from '../stand-in/server.js'

let api: StandIn
let client: ApiClient
let log: string[]
let sleeps: number[]
const zone = { id: 'zone-example', name: 'example.com', status: 'active' }
const settings = { limits: { enabled: true, mode: 'automatic' } }

const options = (over: Partial<ExecuteOptions> = {}): ExecuteOptions => ({
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
  api = await startStandIn()
  // As in the action: the pacer holds the purges to `concurrency` in flight.
  client = new ApiClient({ baseUrl: api.url, apiKey: api.apiKey, userAgent: 't', timeoutMs: 2000, maxAttempts: 1, pacer: new Pacer({ concurrency: 3, maxWaitMs: 60_000 }) })
  log = []
  sleeps = []
})
afterEach(async () => {
  await client.close()
  await api.close()
})

describe('executePlan', () => {
  it('keeps at most `concurrency` purge requests in flight', async () => {
    const urls = Array.from({ length: 40 }, (_, i) => `https://example.com/${i}`)
    api.barrier(3)
    const execution = await executePlan(client, planRequests([{ zone, purgeEverything: false, urls, tags: [], settings: undefined }], 2), options())
    expect(execution.outcomes).toHaveLength(20)
    expect(execution.outcomes.every((outcome) => outcome.ok)).toBe(true)
    expect(api.maxInFlight).toBe(3)
    expect(api.purges.flatMap((purge) => purge.files).sort()).toEqual([...urls].sort())
  })

  it('tries every batch even when some fail', async () => {
    api.fault({ method: 'POST', status: 400 })
    const urls = ['https://example.com/a', 'https://example.com/b', 'https://example.com/c']
    const execution = await executePlan(client, planRequests([{ zone, purgeEverything: false, urls, tags: [], settings: undefined }], 1), options({ concurrency: 1 }))
    expect(execution.outcomes.map((outcome) => outcome.ok)).toEqual([false, true, true])
  })

  it('applies settings before the purge and waits the propagation time, with progress, when asked', async () => {
    const plan = planRequests([{ zone, purgeEverything: false, urls: [], tags: ['t'], settings }], 30)
    await executePlan(client, plan, options({ waitForPropagation: true }))
    expect(api.requests.map((r) => r.path)).toEqual(['/zones/example.com/settings', '/zones/zone-example/purge'])
    expect(sleeps.reduce((a, b) => a + b, 0)).toBe(30_000)
    expect(log.filter((line) => line.startsWith('Waiting'))).toEqual([
      'Waiting for the settings to reach every edge location: 30 s left.',
      'Waiting for the settings to reach every edge location: 20 s left.',
      'Waiting for the settings to reach every edge location: 10 s left.'
    ])
  })

  it('does not wait unless asked', async () => {
    await executePlan(client, planRequests([{ zone, purgeEverything: false, urls: [], tags: ['t'], settings }], 30), options())
    expect(sleeps).toEqual([])
  })

  it('does not purge a zone whose settings failed', async () => {
    api.fault({ path: '/zones/example.com/settings', status: 400 })
    const plan = planRequests([{ zone, purgeEverything: false, urls: [], tags: ['t'], settings }], 30)
    const execution = await executePlan(client, plan, options({ waitForPropagation: true }))
    expect(api.requests.map((r) => r.path)).toEqual(['/zones/example.com/settings'])
    expect(execution.outcomes[1]).toMatchObject({ ok: false, attempts: 0, error: expect.stringContaining('settings for this zone failed') as string })
    expect(sleeps).toEqual([])
  })
})
