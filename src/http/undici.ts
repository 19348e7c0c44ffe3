// The parts of undici the action uses, each loaded from its own file rather than through undici's index. The index
// loads all of undici at once: fetch, WebSocket, EventSource, the cache and mock layers and the SQLite cache store,
// about 1.6 MB that the bundle would compile and run at every start for nothing. These files are about 0.86 MB,
// and a cold start is ~12 ms shorter for it (measured: a bundle of @actions/core and undici's Agent, 63 -> 51 ms).
//
// `npm run build` also gives this module to the bundled dependencies that import 'undici' (tsconfig.json's
// `paths`): @actions/core's HTTP client, which imports undici's ProxyAgent for its OIDC token, would otherwise load
// the whole index at start; @actions/github imports its fetch, which Octokit sends every request through. So
// everything exported here has undici's own name and meaning. test/unit/http/undici.test.ts holds each export
// against undici's index, and every name a production dependency imports from 'undici' against these exports;
// test/unit/project/dist.test.ts fails if any chunk of the bundle holds the index.
import type * as Undici from 'undici/types/index.js'
import api from 'undici/lib/api/index.js'
import util from 'undici/lib/core/util.js'
import Agent from 'undici/lib/dispatcher/agent.js'
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js'
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js'
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js'

// What undici's index does as it loads: every dispatcher gets request(), stream(), pipeline(), connect(), upgrade().
Object.assign(Dispatcher.prototype, api)

export { Agent, Dispatcher, EnvHttpProxyAgent, ProxyAgent }

/** undici's request() with a dispatcher always given: the action never sends through undici's global one. */
export function request(
  url: string | URL,
  options: { readonly dispatcher: Undici.Dispatcher } & Omit<Undici.Dispatcher.RequestOptions, 'origin' | 'path' | 'method'> & {
      readonly method?: Undici.Dispatcher.HttpMethod
    }
): Promise<Undici.Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options
  // The same request as undici's own request() would make of it (its index.js, makeDispatcher).
  const target = util.parseURL(url)
  return dispatcher.request({
    ...rest,
    origin: target.origin,
    path: target.search ? `${target.pathname}${target.search}` : target.pathname,
    method: options.method ?? (options.body ? 'PUT' : 'GET')
  })
}

/** undici's fetch, for @actions/github (Octokit sends through it). Its code, the largest part of undici, loads on the first call. */
export async function fetch(input: Undici.RequestInfo, init?: Undici.RequestInit): Promise<Undici.Response> {
  const { fetch: load } = await import('undici/lib/web/fetch/index.js')
  return load(input, init)
}
