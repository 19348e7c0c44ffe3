// Which URLs the edge checks (verify, warm, probe-urls) may fetch: only public names on a zone whose name is
// known. Whoever writes the URL list must not turn the step into a scanner of the runner's own network (an
// admin page on 127.0.0.1, a metadata service, a host on the office LAN): the status, Age and error kind
// of each fetch reach the log, the summary and the result.
import { isInZone, normalizeName, zoneHost } from '../urls.js'

/** Why a URL is not fetched from the edge. */
export type EdgeRefusal = 'local' | 'off-zone'

/**
 * Names that never reach the public edge: loopback (RFC 6761), multicast DNS (RFC 6762), home networks
 * (RFC 8375), and `.internal`, reserved for private networks (ICANN, 2024).
 */
const LOCAL_NAMES = ['localhost', 'local', 'internal', 'home.arpa']

/**
 * Whether a host, as the URL parser writes it, is on the runner's side rather than the public edge: an IP
 * address (the parser writes every IPv4 form, 127.1, 0x7f.1 or 2130706433, as dotted decimal, and IPv6 in
 * brackets), a local name, or a single label (the runner's DNS search list may make it any internal host).
 */
export function isLocalHost(hostname: string): boolean {
  const host = normalizeName(hostname)
  if (host.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(host) || !host.includes('.')) return true
  return LOCAL_NAMES.some((name) => host === name || host.endsWith(`.${name}`))
}

/**
 * Why `url` is not fetched from the edge, or undefined when it may be: its host must be one of the zone
 * names (or a subdomain of one) and not local. `zoneNames` are the names of the zones worked on.
 */
export function edgeRefusal(url: string, zoneNames: readonly string[]): EdgeRefusal | undefined {
  const hostname = URL.parse(url)?.hostname
  // A URL the parser refuses is never purged, so never here; it is on no zone all the same.
  if (hostname === undefined) return 'off-zone'
  if (isLocalHost(hostname)) return 'local'
  return zoneNames.some((name) => isInZone(hostname, zoneHost(name))) ? undefined : 'off-zone'
}
