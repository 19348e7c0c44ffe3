// The proxy variables of the environment, read as undici reads them: checked with the inputs, before any
// request, so that a proxy undici cannot use is an input error rather than a failure of the first request.

/** The schemes undici can reach a proxy by. */
const PROXY_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'socks5:', 'socks:'])

/**
 * The proxy variable undici would use for an https:// address but cannot (`proxy.example:3128` without a
 * scheme, not a URL at all), or undefined. undici reads `https_proxy ?? HTTPS_PROXY` and, for its fallback,
 * `http_proxy ?? HTTP_PROXY`, and builds a proxy from each that is set, so each is checked in that order.
 */
export function unusableProxyVariable(env: Readonly<Record<string, string | undefined>>): string | undefined {
  for (const [lower, upper] of [
    ['https_proxy', 'HTTPS_PROXY'],
    ['http_proxy', 'HTTP_PROXY']
  ] as const) {
    const name = env[lower] === undefined ? upper : lower
    const value = env[name]
    if (value === undefined || value === '') continue
    const url = URL.parse(value)
    if (url === null || !PROXY_SCHEMES.has(url.protocol) || url.hostname === '') return name
  }
  return undefined
}
