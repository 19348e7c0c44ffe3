import { InputError } from './errors.js'

const SHOWN_OFFENDERS = 10

/** A host or zone name as compared: lower case, without a trailing dot. */
export const normalizeName = (name: string): string => name.toLowerCase().replace(/\.$/, '')

/** The first SHOWN_OFFENDERS entries, one a line, and how many more there are. */
function listOffenders(offenders: readonly string[]): string {
  const shown = offenders.slice(0, SHOWN_OFFENDERS).map((entry) => `  ${entry}`).join('\n')
  return offenders.length > SHOWN_OFFENDERS ? `${shown}\n  … and ${offenders.length - SHOWN_OFFENDERS} more` : shown
}

/**
 * Turns entries into the absolute URLs to purge: a path starting with `/` is on the zone's own host;
 * every URL must be http(s) and on the zone's host or a subdomain of it. Duplicates are dropped, order kept.
 * `zoneName` is undefined when the zone could not be read, and then only absolute URLs can be checked for form.
 */
export function resolveUrls(entries: readonly string[], zoneName: string | undefined): string[] {
  const zone = zoneName === undefined ? undefined : normalizeName(zoneName)
  const urls = new Set<string>()
  const offenders: string[] = []
  for (const entry of entries) {
    if (entry.startsWith('/') && !entry.startsWith('//')) {
      if (zone === undefined) {
        throw new InputError(
          `"${entry}" is a path, and paths need the zone's name, which could not be read (the API key may not list zones). ` +
            'Give absolute URLs in "files", or a key that may list zones.'
        )
      }
      urls.add(new URL(entry, `https://${zone}`).href)
      continue
    }
    const url = URL.canParse(entry) ? new URL(entry) : undefined
    const inZone = url !== undefined && (url.protocol === 'https:' || url.protocol === 'http:') && (zone === undefined || isInZone(url.hostname, zone))
    if (url === undefined || !inZone) offenders.push(entry)
    else urls.add(url.href)
  }
  if (offenders.length > 0) {
    const where = zone === undefined ? '' : ` on ${zone} or a subdomain of it`
    throw new InputError(
      `${offenders.length} entr${offenders.length === 1 ? 'y' : 'ies'} in "files"/"files-from" ${offenders.length === 1 ? 'is not a URL' : 'are not URLs'} of this zone. ` +
        `Each must be an absolute http(s) URL${where}, or a path starting with /. Nothing was sent.\n${listOffenders(offenders)}`
    )
  }
  return [...urls]
}

/**
 * Changed files are served under `url-base`, or on the one zone's own host: either must be known and in
 * a zone. Checked before the changed URLs are built, so that the error names the input to fix.
 */
export function checkUrlBase(urlBase: string | undefined, zoneNames: readonly (string | undefined)[]): void {
  if (urlBase === undefined) {
    if (zoneNames.length !== 1) {
      throw new InputError('Changed files become paths on the zone\'s host, which needs a single zone; with several zones or "zone: auto", set "url-base" to where the site is served.')
    }
    if (zoneNames[0] === undefined) {
      throw new InputError(
        'Changed files become paths on the zone\'s host, and its name could not be read (the API key may not list zones). Set "url-base" to where the site is served.'
      )
    }
    return
  }
  const names = zoneNames.filter((name): name is string => name !== undefined).map(normalizeName)
  if (names.length === zoneNames.length && !names.some((zone) => isInZone(new URL(urlBase).hostname, zone))) {
    throw new InputError(`Input "url-base" (${urlBase}) is not on zone ${names.join(', ')} or a subdomain of it: its URLs cannot be purged in this zone.`)
  }
}

/** Resolves entries and sends each to its zone: the one zone, or by host among several (or every candidate for `auto`). */
export function routeEntries(entries: readonly string[], zones: readonly NamedZone[]): Map<string, string[]> {
  const [only] = zones
  if (zones.length === 1 && only !== undefined) {
    const urls = resolveUrls(entries, only.name)
    return new Map(urls.length === 0 ? [] : [[only.id, urls]])
  }
  return routeUrls(entries, zones)
}

function isInZone(hostname: string, zone: string): boolean {
  const host = normalizeName(hostname)
  return host === zone || host.endsWith(`.${zone}`)
}

export interface NamedZone {
  readonly id: string
  readonly name: string | undefined
}

/**
 * With several zones (or `zone: auto`), sends each absolute URL to the zone whose name is the longest
 * suffix of its host, so that shop.example.com goes to a shop.example.com zone before example.com.
 * Paths need a single named zone. Returns the URLs per zone id, de-duplicated, in order.
 */
export function routeUrls(entries: readonly string[], zones: readonly NamedZone[]): Map<string, string[]> {
  const routed = new Map<string, Set<string>>()
  const offenders: string[] = []
  const named = zones
    .filter((zone): zone is NamedZone & { name: string } => zone.name !== undefined)
    .map((zone) => ({ id: zone.id, name: normalizeName(zone.name) }))
    .sort((a, b) => b.name.length - a.name.length)
  for (const entry of entries) {
    if (entry.startsWith('/') && !entry.startsWith('//')) {
      throw new InputError(`"${entry}" is a path, and paths need a single named zone; with several zones or "zone: auto", give absolute URLs (or "url-base" for changed files).`)
    }
    const url = URL.canParse(entry) ? new URL(entry) : undefined
    const zone = url !== undefined && (url.protocol === 'https:' || url.protocol === 'http:') ? named.find((candidate) => isInZone(url.hostname, candidate.name)) : undefined
    if (url === undefined || zone === undefined) {
      offenders.push(entry)
      continue
    }
    const list = routed.get(zone.id) ?? new Set<string>()
    list.add(url.href)
    routed.set(zone.id, list)
  }
  if (offenders.length > 0) {
    throw new InputError(
      `${offenders.length} URL${offenders.length === 1 ? ' is' : 's are'} on none of the zones (${named.length === 0 ? 'no zone names are known' : named.map((zone) => zone.name).join(', ')}). ` +
        `Each must be an absolute http(s) URL on one of them or a subdomain of it. Nothing was sent.\n${listOffenders(offenders)}`
    )
  }
  return new Map([...routed].map(([id, urls]) => [id, [...urls]]))
}

/** Drops repeated entries, keeping the first of each. */
export function unique(entries: readonly string[]): string[] {
  return [...new Set(entries)]
}
