// The stand-in is the oracle of the end-to-end tests: it must refuse what the API document does not allow.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startStandIn, type StandIn } from '../../stand-in/server.js'

let api: StandIn
beforeEach(async () => {
  api = await startStandIn()
})
afterEach(async () => {
  await api.close()
})

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {}
): Promise<{ status: number; json: Record<string, unknown>; requestId: string | null }> {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${api.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) })
  })
  return {
    status: response.status,
    json: (await response.json()) as Record<string, unknown>,
    requestId: response.headers.get('x-request-id')
  }
}

describe('stand-in API', () => {
  it('lists zones with the documented wrapper and paging', async () => {
    const answer = await call('GET', '/zones?page=1&per_page=100')
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({
      success: true,
      data: [{ id: 'zone-example', name: 'example.com', status: 'active', created_at: '2026-01-15T10:00:00Z' }],
      meta: { page: 1, per_page: 100, total: 1 }
    })
    expect(answer.requestId).toBe('req-1')
  })

  it.each([
    ['GET', '/zones?per_page=101', undefined, 400, 'per_page must be from 1 to 100'],
    ['GET', '/zones?status=gone', undefined, 400, 'status must be active, pending or deleted'],
    ['GET', '/zones?sort=name', undefined, 400, 'Unknown query parameter sort'],
    [
      'POST',
      '/zones/zone-example/purge',
      { files: ['https://example.com/a'], tags: ['t'] },
      400,
      'Give exactly one of purge_everything, files or tags'
    ],
    ['POST', '/zones/zone-example/purge', {}, 400, 'Give exactly one of purge_everything, files or tags'],
    ['POST', '/zones/zone-example/purge', { purge_everything: false }, 400, 'purge_everything must be true'],
    ['POST', '/zones/zone-example/purge', { files: [] }, 400, 'files must be a non-empty array of non-empty strings'],
    ['POST', '/zones/zone-example/purge', { files: ['/relative'] }, 400, 'Not an absolute URL: /relative'],
    [
      'POST',
      '/zones/zone-example/purge',
      { files: Array.from({ length: 1001 }, (_, i) => `https://example.com/${i}`) },
      413,
      'At most 1000 files per request'
    ],
    ['POST', '/zones/nope/purge', { tags: ['t'] }, 404, 'No zone with id nope'],
    ['POST', '/zones/example.com/settings', { cache: { enabled: true, mode: 'automatic' } }, 400, 'Unknown settings key cache'],
    [
      'POST',
      '/zones/example.com/settings',
      { sdk: { enabled: 'yes', mode: 'automatic' } },
      400,
      'sdk must be {enabled: boolean, mode: string}'
    ],
    ['POST', '/zones/example.org/settings', { sdk: { enabled: true, mode: 'automatic' } }, 404, 'No zone named example.org'],
    ['POST', '/zones/zone-example/purge', '{not json', 400, 'Request body is not valid JSON'],
    ['DELETE', '/zones', undefined, 405, 'Method DELETE not allowed on /zones']
  ])('%s %s %j → %i', async (method, path, body, status, message) => {
    const answer = await call(method, path, body)
    expect(answer.status).toBe(status)
    expect(answer.json).toEqual({ success: false, errors: [{ code: expect.any(Number) as number, message }] })
  })

  it('refuses a missing or wrong key', async () => {
    const answer = await call('GET', '/zones', undefined, { authorization: 'Bearer nope' })
    expect(answer.status).toBe(401)
    expect(api.purges).toEqual([])
  })

  it('refuses a body without Content-Type: application/json', async () => {
    const response = await fetch(`${api.url}/zones/zone-example/purge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.apiKey}`, 'content-type': 'text/plain' },
      body: '{"tags":["t"]}'
    })
    expect(response.status).toBe(415)
  })

  it('creates a pending zone, with a CNAME target, and refuses a second one of the same name', async () => {
    const created = await call('POST', '/zones', { name: 'new-site.net', plan: 'pro' })
    expect(created.json).toEqual({
      success: true,
      data: {
        id: 'zn-new-2',
        name: 'new-site.net',
        status: 'pending',
        created_at: '2026-11-22T09:00:00Z',
        plan: 'pro',
        cname_target: 'edge.stand-in-cdn.net'
      }
    })
    const again = await call('POST', '/zones', { name: 'NEW-site.net' })
    expect(again.status).toBe(409)
    expect(await call('POST', '/zones', { name: 'x.net', plan: 'gold' })).toMatchObject({ status: 400 })
    expect(await call('POST', '/zones', { name: 'not a domain' })).toMatchObject({ status: 400 })
  })

  it('answers traffic for any window and granularity', async () => {
    const answer = await call(
      'GET',
      '/zones/zone-example/analytics/traffic?since=2026-11-22T00:00:00Z&until=2026-11-22T06:00:00Z&granularity=hour'
    )
    const data = answer.json.data as {
      totals: { requests: number; cache_hit_rate: number }
      timeseries: { timestamp: string; requests: number }[]
    }
    expect(data.timeseries.map((point) => point.timestamp)).toEqual(Array.from({ length: 6 }, (_, i) => `2026-11-22T0${i}:00:00.000Z`))
    expect(data.totals.requests).toBe(data.timeseries.reduce((sum, point) => sum + point.requests, 0))
    expect((await call('GET', '/zones/zone-example/analytics/traffic?granularity=week')).status).toBe(400)
    expect((await call('GET', '/zones/zone-example/analytics/traffic?since=yesterday')).status).toBe(400)
  })

  it('can carry a request out and then never answer', async () => {
    api.fault({ path: '/zones', method: 'POST', hangAfter: true })
    const controller = new AbortController()
    const sent = fetch(`${api.url}/zones`, {
      method: 'POST',
      signal: controller.signal,
      headers: { authorization: `Bearer ${api.apiKey}`, 'content-type': 'application/json' },
      body: '{"name":"late.net"}'
    })
    let answered = false
    void sent.then(
      () => (answered = true),
      () => undefined
    )
    // Carried out: the zone is there, and no answer came. Then the client gives up.
    while (!api.zones.some((z) => z.name === 'late.net')) await new Promise((resolve) => setImmediate(resolve))
    expect(answered).toBe(false)
    controller.abort()
    await expect(sent).rejects.toThrow()
  })

  it('records purges it accepted', async () => {
    await call('POST', '/zones/zone-example/purge', { tags: ['a', 'b'] })
    expect(api.purges).toEqual([{ zoneId: 'zone-example', everything: false, files: [], tags: ['a', 'b'] }])
  })

  it('records which requests a fault answered, and not those it only delayed', async () => {
    api.fault({ path: '/zones', delayMs: 1 })
    api.fault({ path: '/zones', status: 500 })
    api.fault({ path: '/zones', bodyBytes: 10 })
    await call('GET', '/zones')
    await fetch(`${api.url}/zones`).catch(() => undefined)
    await (await fetch(`${api.url}/zones`)).text()
    expect(api.requests.map((r) => r.faulted)).toEqual([false, true, true])
  })
})

describe('stand-in answers that go wrong on the wire', () => {
  const get = (): Promise<Response> =>
    fetch(`${api.url}/zones/zone-example/purge`, { method: 'POST', headers: { authorization: `Bearer ${api.apiKey}` } })

  it('sends a body of a given size with its length, as fast as it is read', async () => {
    api.fault({ status: 200, bodyBytes: 3 * 64 * 1024 + 5 })
    const response = await get()
    expect(response.headers.get('content-length')).toBe(String(3 * 64 * 1024 + 5))
    expect((await response.arrayBuffer()).byteLength).toBe(3 * 64 * 1024 + 5)
  })

  it('sends a body that never ends', async () => {
    api.fault({ status: 200, endless: true })
    const response = await get()
    expect(response.headers.get('content-length')).toBeNull()
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    let read = 0
    while (read <= 4 * 1024 * 1024) read += ((await reader.read()).value as Uint8Array).length
    await reader.cancel()
    expect(read).toBeGreaterThan(4 * 1024 * 1024)
  })

  it('sends headers and then nothing, or one byte at a time', async () => {
    api.fault({ status: 202, silentAfterHeaders: true })
    api.fault({ dripMs: 1 })
    const controller = new AbortController()
    const silent = await fetch(`${api.url}/zones`, { signal: controller.signal })
    expect(silent.status).toBe(202)
    const drip = await get()
    const reader = (drip.body as ReadableStream<Uint8Array>).getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(' ')
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(' ')
    await reader.cancel()
    controller.abort()
  })

  it('resets the connection in the middle of the body', async () => {
    api.fault({ status: 200, resetMidBody: true, body: JSON.stringify({ success: true, data: 'x'.repeat(1000) }) })
    const response = await get()
    expect(response.status).toBe(200)
    await expect(response.text()).rejects.toThrow(TypeError)
  })

  it('closes the connection before the announced length was sent', async () => {
    api.fault({ status: 200, cutOff: true, body: '{"success":true}' })
    const response = await get()
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan('{"success":true}'.length)
    await expect(response.text()).rejects.toThrow(TypeError)
  })
})

describe('stand-in barrier', () => {
  it('holds matching requests until the expected number arrived, and lets others through', async () => {
    api.barrier(2, (request) => request.method === 'POST')
    let firstDone = false
    const first = call('POST', '/zones/zone-example/purge', { tags: ['a'] }).then((answer) => {
      firstDone = true
      return answer
    })
    // Not held: answered while the first purge waits for a second one.
    expect((await call('GET', '/zones')).status).toBe(200)
    await vi.waitFor(() => expect(api.requests).toHaveLength(2))
    expect(firstDone).toBe(false)
    const second = call('POST', '/zones/zone-example/purge', { tags: ['b'] })
    expect((await Promise.all([first, second])).map((answer) => answer.status)).toEqual([200, 200])
    expect(api.maxInFlight).toBe(2)
    // Spent: later requests pass at once.
    expect((await call('POST', '/zones/zone-example/purge', { tags: ['c'] })).status).toBe(200)
  })

  it('holds every request when given no match', async () => {
    api.barrier(3)
    const answers = await Promise.all([
      call('GET', '/zones'),
      call('GET', '/zones'),
      call('POST', '/zones/zone-example/purge', { tags: ['a'] })
    ])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(api.maxInFlight).toBe(3)
  })
})

describe('stand-in purge hook (what a CDN does at its edge)', () => {
  it('is called with each accepted purge before the answer, which waits for it; never for a refused one', async () => {
    const seen: string[] = []
    let release: () => void = () => undefined
    const hooked = await startStandIn({
      onPurge: async (purge) => {
        seen.push(purge.files.join(' '))
        await new Promise<void>((resolve) => (release = resolve))
      }
    })
    try {
      const post = (body: unknown) =>
        fetch(`${hooked.url}/zones/zone-example/purge`, {
          method: 'POST',
          headers: { authorization: `Bearer ${hooked.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(body)
        })
      expect((await post({ files: ['not a url'] })).status).toBe(400)
      expect(seen).toEqual([])
      let answered = false
      const answer = post({ files: ['https://example.com/a'] }).then((response) => {
        answered = true
        return response
      })
      await vi.waitFor(() => expect(seen).toEqual(['https://example.com/a']))
      expect(answered).toBe(false)
      release()
      expect((await answer).status).toBe(200)
    } finally {
      await hooked.close()
    }
  })

  it('answers 500 when the hook fails, the purge still recorded as accepted', async () => {
    const hooked = await startStandIn({
      onPurge: () => {
        throw new Error('edge unreachable')
      }
    })
    try {
      const response = await fetch(`${hooked.url}/zones/zone-example/purge`, {
        method: 'POST',
        headers: { authorization: `Bearer ${hooked.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tags: ['t'] })
      })
      expect(response.status).toBe(500)
      expect(JSON.stringify(await response.json())).toContain('edge unreachable')
      expect(hooked.purges).toHaveLength(1)
    } finally {
      await hooked.close()
    }
  })
})
