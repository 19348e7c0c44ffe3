// What the wait for the origin checks, and where: up to 20 purged URLs whose deployed file is known (from the change
// list, or mapped into site-dir), plus the marker; each fetched through the edge at its own address, or under
// origin-url. Pure: the files are hashed later, by whoever waits.
import { InputError } from '../errors.js'
import { edgeRefusal } from '../edge/scope.js'
import { plural, shown } from '../text.js'
import { siteFileOf, type SiteMap } from '../site.js'
import { sampleUrls } from './readiness.js'

/** `origin-marker`, its URL resolved on the zone. */
export interface Marker {
  readonly url: string
  readonly text: string
}

export interface OriginRequest {
  /** The purged URLs in order, or, for a purge of tags or of everything, the probe URLs. */
  readonly urls: readonly string[]
  /** The deployed file (absolute) of each URL the change list knows. */
  readonly deployed: ReadonlyMap<string, string>
  /** Set when `site-dir` was given. */
  readonly site: SiteMap | undefined
  /** `origin-url`: fetch there instead of through the edge. */
  readonly originUrl: string | undefined
  readonly marker: Marker | undefined
  /** The names of the zones worked on whose name is known: only URLs on them are fetched through the edge. */
  readonly zoneNames: readonly string[]
}

/** One URL to check, before its file is read. */
export interface PlannedUrl {
  readonly url: string
  /** Where it is fetched (through the edge, a cache-busting parameter is added on each fetch). */
  readonly fetchUrl: string
  /** The deployed file, absolute; undefined for the marker. */
  readonly file: string | undefined
}

/** What the wait checks, and where. */
export interface OriginPlan {
  /** `origin-url`, or the edge (each URL at its own address). */
  readonly where: 'origin-url' | 'edge'
  readonly urls: readonly PlannedUrl[]
  /** The marker's URL and text, fetched where the URLs are. */
  readonly marker: (PlannedUrl & { readonly text: string }) | undefined
  /** How many URLs had a known deployed file (the sample is taken from them). */
  readonly known: number
}

/** Where `url` is fetched under origin-url: its path and query appended to origin-url's path. */
export function originAddress(url: string, originUrl: string): string {
  const checked = new URL(url)
  const origin = new URL(originUrl)
  return `${origin.origin}${origin.pathname.replace(/\/+$/, '')}${checked.pathname}${checked.search}`
}

/** The name of the cache-busting query parameter: says whose it is to anyone reading the origin's logs. */
export const CACHE_BUSTER = 'cdn-purge-origin-check'

/** `url` with the cache-busting parameter `token` added to its query (any fragment dropped): a copy no cache holds. */
export function bustedUrl(url: string, token: string): string {
  const [withoutFragment] = url.split('#') as [string]
  return `${withoutFragment}${withoutFragment.includes('?') ? '&' : '?'}${CACHE_BUSTER}=${token}`
}

/**
 * What to check: up to 20 of the URLs whose deployed file is known, spread evenly over the list, and the marker;
 * through the edge, only URLs on a zone's public names (scope.ts). With nothing to check, an InputError that names
 * wait-for-origin and says what to set; a marker the edge may not fetch names origin-marker.
 */
export function planOriginCheck(request: OriginRequest): OriginPlan {
  const viaEdge = request.originUrl === undefined
  const where = (url: string): string => (request.originUrl === undefined ? url : originAddress(url, request.originUrl))
  const fetchable = (url: string): boolean => !viaEdge || edgeRefusal(url, request.zoneNames) === undefined
  const known: PlannedUrl[] = []
  for (const url of new Set(request.urls)) {
    const file = request.deployed.get(url) ?? (request.site === undefined ? undefined : siteFileOf(url, request.site, request.zoneNames))
    if (file !== undefined && fetchable(url)) known.push({ url, fetchUrl: where(url), file })
  }
  const marker = request.marker
  if (marker !== undefined && !fetchable(marker.url)) {
    throw new InputError(
      'origin-marker',
      `Input "origin-marker": ${shown(marker.url)} is not on a zone whose name is known, or names the runner's own network, so it is not fetched through the edge. ` +
        'Give a path or a URL on the zone, or set "origin-url" to check the origin directly.'
    )
  }
  if (known.length === 0 && marker === undefined) {
    throw new InputError(
      'wait-for-origin',
      `Input "wait-for-origin" has nothing to check: ${
        request.urls.length === 0
          ? 'this purge has no URL list (only tags or everything), and "probe-urls" names no page'
          : `of ${plural(new Set(request.urls).size, 'URL')}, none maps to a deployed file that the step knows${viaEdge ? ' on a zone whose name is known' : ''}`
      }. Set "site-dir" (with "url-base" where the site is not at the zone's root) so that URLs map to the built files (for tags or everything, with "probe-urls"), or "origin-marker" to a page that names the new build.`
    )
  }
  return {
    where: viaEdge ? 'edge' : 'origin-url',
    urls: sampleUrls(known),
    marker: marker === undefined ? undefined : { url: marker.url, fetchUrl: where(marker.url), file: undefined, text: marker.text },
    known: known.length
  }
}
