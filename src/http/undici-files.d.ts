// Types for the files of undici that src/http/undici.ts loads one by one. undici ships types for its index only;
// each of these files is a CommonJS module whose module.exports is what the index re-exports by the name used here.
declare module 'undici/lib/api/index.js' {
  const api: Record<'request' | 'stream' | 'pipeline' | 'connect' | 'upgrade', (...args: never[]) => unknown>
  export = api
}
declare module 'undici/lib/core/util.js' {
  const util: { parseURL(url: string | URL): URL }
  export = util
}
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici/types/index.js'
  export = Agent
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  import { Dispatcher } from 'undici/types/index.js'
  export = Dispatcher
}
declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import { EnvHttpProxyAgent } from 'undici/types/index.js'
  export = EnvHttpProxyAgent
}
declare module 'undici/lib/dispatcher/proxy-agent.js' {
  import { ProxyAgent } from 'undici/types/index.js'
  export = ProxyAgent
}
declare module 'undici/lib/web/fetch/index.js' {
  export { fetch } from 'undici/types/index.js'
}
