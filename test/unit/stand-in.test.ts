// The stand-in is the oracle of the end-to-end tests: it must refuse what the API document does not allow.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startStandIn, type StandIn } from '../stand-in/server.js'

let api: StandIn
beforeEach(async () => {
  api = await startStandIn()
})
afterEach(async () => {
  await api.close()
})

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown>; requestId: string | null }> {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${api.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) })
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, requestId: response.headers.get('x-request-id') }
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
    ['POST', '/zones/zone-example/purge', { files: ['https://example.com/a'], tags: ['t'] }, 400, 'Give exactly one of purge_everything, files or tags'],
    ['POST', '/zones/zone-example/purge', {}, 400, 'Give exactly one of purge_everything, files or tags'],
    ['POST', '/zones/zone-example/purge', { purge_everything: false }, 400, 'purge_everything must be true'],
    ['POST', '/zones/zone-example/purge', { files: [] }, 400, 'files must be a non-empty array of non-empty strings'],
    ['POST', '/zones/zone-example/purge', { files: ['/relative'] }, 400, 'Not an absolute URL: /relative'],
    ['POST', '/zones/zone-example/purge', { files: Array.from({ length: 1001 }, (_, i) => `https://example.com/${i}`) }, 400, 'At most 1000 files per request'],
    ['POST', '/zones/nope/purge', { tags: ['t'] }, 404, 'No zone with id nope'],
    ['POST', '/zones/example.com/settings', { cache: { enabled: true, mode: 'automatic' } }, 400, 'Unknown settings key cache'],
    ['POST', '/zones/example.com/settings', { sdk: { enabled: 'yes', mode: 'automatic' } }, 400, 'sdk must be {enabled: boolean, mode: string}'],
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
    const response = await fetch(`${api.url}/zones/zone-example/purge`, { method: 'POST', headers: { authorization: `Bearer ${api.apiKey}`, 'content-type': 'text/plain' }, body: '{"tags":["t"]}' })
    expect(response.status).toBe(415)
  })

  it('records purges it accepted', async () => {
    await call('POST', '/zones/zone-example/purge', { tags: ['a', 'b'] })
    expect(api.purges).toEqual([{ zoneId: 'zone-example', everything: false, files: [], tags: ['a', 'b'] }])
  })
})
