import { hasSubscribers, subscribe, unsubscribe } from 'node:diagnostics_channel'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/http/client.js'
import { onTheWire } from '../../../src/http/wire.js'
import { startStandIn, type StandIn } from '../../stand-in/server.js'

let api: StandIn
const clients: ApiClient[] = []

/** A client of the stand-in: what sends the request onTheWire waits to see go out. */
function client(): ApiClient {
  const created = new ApiClient({
    baseUrl: api.url,
    apiKey: api.apiKey,
    userAgent: 'cdn-purge-action/test',
    timeoutMs: 2000,
    maxAttempts: 1
  })
  clients.push(created)
  return created
}

beforeEach(async () => {
  api = await startStandIn()
})
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()))
  await api.close()
})

describe('onTheWire', () => {
  it('resolves once the request went out, while its answer is still held', async () => {
    const sent: unknown[] = []
    const mine = (message: unknown): void => void sent.push(message)
    subscribe('undici:client:sendHeaders', mine)
    api.barrier(2)
    let answered = false
    const first = client()
      .request('GET', '/zones')
      .then(() => (answered = true))
    try {
      await onTheWire(first)
      expect(sent).toHaveLength(1)
      expect(answered).toBe(false)
    } finally {
      unsubscribe('undici:client:sendHeaders', mine)
    }
    expect(hasSubscribers('undici:client:sendHeaders')).toBe(false)
    // The second request lets both answers go.
    await Promise.all([first, client().request('GET', '/zones')])
    expect(answered).toBe(true)
  })

  it('resolves when what it waits on settles first, failed or not, with no request sent', async () => {
    await expect(onTheWire(Promise.reject(new Error('refused')))).resolves.toBeUndefined()
    await expect(onTheWire(Promise.resolve('answered'))).resolves.toBeUndefined()
    expect(hasSubscribers('undici:client:sendHeaders')).toBe(false)
  })
})
