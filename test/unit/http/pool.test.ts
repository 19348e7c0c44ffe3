import type * as Undici from '../../../src/http/undici.js'
import { Agent, EnvHttpProxyAgent, type Dispatcher } from '../../../src/http/undici.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiClient } from '../../../src/http/client.js'
import { ApiError } from '../../../src/http/errors.js'
import { createDispatcher, edgeDispatcher, KEEP_ALIVE_MS } from '../../../src/http/pool.js'
import { startStandIn, type StandIn } from '../../stand-in/server.js'

/** Every pool the module builds, with the options it was given: undici's classes as they are, recording. */
const built = vi.hoisted(() => [] as { kind: string; options: unknown }[])
vi.mock('../../../src/http/undici.js', async (importOriginal) => {
  const undici = await importOriginal<typeof Undici>()
  class Agent extends undici.Agent {
    constructor(options?: ConstructorParameters<typeof undici.Agent>[0]) {
      super(options)
      built.push({ kind: 'Agent', options })
    }
  }
  class EnvHttpProxyAgent extends undici.EnvHttpProxyAgent {
    constructor(options?: ConstructorParameters<typeof undici.EnvHttpProxyAgent>[0]) {
      super(options)
      built.push({ kind: 'EnvHttpProxyAgent', options })
    }
  }
  return { ...undici, Agent, EnvHttpProxyAgent }
})

let api: StandIn
const clients: ApiClient[] = []

function client(options: { readonly baseUrl?: string; readonly dispatcher: Dispatcher; readonly maxAttempts?: number }): ApiClient {
  const created = new ApiClient({
    baseUrl: options.baseUrl ?? api.url,
    apiKey: api.apiKey,
    userAgent: 'cdn-purge-action/test',
    timeoutMs: 2000,
    maxAttempts: options.maxAttempts ?? 5,
    dispatcher: options.dispatcher,
    sleep: () => Promise.resolve()
  })
  clients.push(created)
  return created
}

beforeEach(async () => {
  api = await startStandIn()
  built.length = 0
})
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()))
  await api.close()
})

describe('createDispatcher', () => {
  const PROXIES = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy']
  beforeEach(() => {
    // A proxy that is not there: a request sent to it fails with ECONNREFUSED.
    for (const name of PROXIES) vi.stubEnv(name, 'http://127.0.0.1:1')
    for (const name of ['NO_PROXY', 'no_proxy']) vi.stubEnv(name, '')
  })
  afterEach(() => vi.unstubAllEnvs())

  it('sends to a plain http:// API directly, whatever the proxy variables say: the key would reach the proxy in cleartext', async () => {
    const dispatcher = createDispatcher(api.url, 1)
    expect(dispatcher).toBeInstanceOf(Agent)
    expect(dispatcher).not.toBeInstanceOf(EnvHttpProxyAgent)
    const response = await client({ dispatcher }).request('GET', '/zones')
    expect(response.status).toBe(200)
    expect(api.requests).toHaveLength(1)
  })

  it('honours the proxy variables for an https:// API', async () => {
    const dispatcher = createDispatcher('https://api.example.net/v1', 1)
    expect(dispatcher).toBeInstanceOf(EnvHttpProxyAgent)
    const error = await client({ baseUrl: 'https://127.0.0.1:9/v1', dispatcher, maxAttempts: 1 })
      .request('GET', '/zones')
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).details).toMatchObject({ kind: 'network', detail: 'ECONNREFUSED' })
  })
})

describe('the options of every pool', () => {
  it('keeps connections alive KEEP_ALIVE_MS, 10 s, with the number of connections asked for', async () => {
    expect(KEEP_ALIVE_MS).toBe(10_000)
    const pools = [createDispatcher('http://127.0.0.1:1/v1', 3), createDispatcher('https://api.example.net/v1', 8), edgeDispatcher(5)]
    expect(built).toEqual([
      { kind: 'Agent', options: { connections: 3, keepAliveTimeout: 10_000 } },
      { kind: 'EnvHttpProxyAgent', options: { connections: 8, keepAliveTimeout: 10_000 } },
      { kind: 'EnvHttpProxyAgent', options: { connections: 5, keepAliveTimeout: 10_000 } }
    ])
    await Promise.all(pools.map((pool) => pool.close()))
  })
})

describe('edgeDispatcher', () => {
  it('honours the proxy variables for the public site over http:// too: no key travels with its requests', async () => {
    const dispatcher = edgeDispatcher(1)
    expect(dispatcher).toBeInstanceOf(EnvHttpProxyAgent)
    await dispatcher.close()
  })
})
