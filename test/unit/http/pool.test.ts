import type * as Undici from '../../../src/http/undici.js'
import { Agent, EnvHttpProxyAgent, type Dispatcher } from '../../../src/http/undici.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiClient, unusableProxyVariable as fromClient } from '../../../src/http/client.js'
import { ApiError } from '../../../src/http/errors.js'
import { createDispatcher, edgeDispatcher, KEEP_ALIVE_MS, unusableProxyVariable } from '../../../src/http/pool.js'
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

describe('unusableProxyVariable', () => {
  it('is undefined when no proxy is set, or every one set is a URL undici can reach a proxy by', () => {
    expect(unusableProxyVariable({})).toBeUndefined()
    expect(unusableProxyVariable({ HTTPS_PROXY: '', HTTP_PROXY: '' })).toBeUndefined()
    for (const url of ['http://proxy.example:3128', 'https://u:p@proxy.example', 'socks5://127.0.0.1:1080', 'socks://proxy.example']) {
      expect(unusableProxyVariable({ HTTPS_PROXY: url, http_proxy: url })).toBeUndefined()
    }
  })

  it('names a variable that is not a URL, has no scheme undici knows, or names no host', () => {
    expect(unusableProxyVariable({ HTTPS_PROXY: 'proxy.corp:3128' })).toBe('HTTPS_PROXY')
    expect(unusableProxyVariable({ https_proxy: 'not a url' })).toBe('https_proxy')
    expect(unusableProxyVariable({ HTTP_PROXY: 'ftp://proxy.example' })).toBe('HTTP_PROXY')
    expect(unusableProxyVariable({ http_proxy: 'socks5:///path' })).toBe('http_proxy')
    expect(unusableProxyVariable({ HTTPS_PROXY: 'http://proxy.example', HTTP_PROXY: 'nope' })).toBe('HTTP_PROXY')
  })

  it('reads each pair as undici does: the lowercase name when it is set at all, even empty', () => {
    expect(unusableProxyVariable({ https_proxy: 'http://proxy.example', HTTPS_PROXY: 'nope' })).toBeUndefined()
    expect(unusableProxyVariable({ https_proxy: '', HTTPS_PROXY: 'nope' })).toBeUndefined()
    expect(unusableProxyVariable({ http_proxy: 'http://proxy.example', HTTP_PROXY: 'nope' })).toBeUndefined()
    expect(unusableProxyVariable({ https_proxy: 'nope', http_proxy: 'nope' })).toBe('https_proxy')
  })
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

describe('the client', () => {
  it('gives inputs.ts the same check of the proxy variables', () => {
    expect(fromClient).toBe(unusableProxyVariable)
  })
})
