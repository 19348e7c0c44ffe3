// Where every undici connection pool of the action is built: the API client's and the edge checks'. Both keep
// connections alive alike; they differ in which requests may go through a proxy, and each says why.
import { Agent, EnvHttpProxyAgent, type Dispatcher } from './undici.js'

/** How long an idle connection is kept for the step's next request (undici's keepAliveTimeout). */
export const KEEP_ALIVE_MS = 10_000

/**
 * A keep-alive pool of at most `connections` per origin. `proxied`: through the proxy the environment
 * names (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, as undici's EnvHttpProxyAgent reads them); else always direct.
 */
function pool(connections: number, proxied: boolean): Dispatcher {
  const options = { connections, keepAliveTimeout: KEEP_ALIVE_MS }
  return proxied ? new EnvHttpProxyAgent(options) : new Agent(options)
}

/**
 * The keep-alive pool for the API at `baseUrl`. Over https:// it honours HTTPS_PROXY (else HTTP_PROXY) and
 * NO_PROXY, and undici reaches an https:// address through a proxy only by CONNECT: the key travels inside the
 * TLS tunnel. Plain http:// (allowed for loopback only) always goes direct, whatever NO_PROXY says: through a
 * proxy, the key would be sent to it in cleartext.
 */
export function createDispatcher(baseUrl: string, connections: number): Dispatcher {
  return pool(connections, new URL(baseUrl).protocol === 'https:')
}

/**
 * The pool the edge checks (verify, warm) fetch the public site with: through the proxy the environment
 * names, over http:// and https:// alike, as any client on the runner would. No key travels with them.
 */
export function edgeDispatcher(connections: number): Dispatcher {
  return pool(connections, true)
}
