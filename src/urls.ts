import { InputError } from './errors.js'

const SHOWN_OFFENDERS = 10

/**
 * Turns entries into the absolute URLs to purge: a path starting with `/` is on the zone's own host;
 * every URL must be http(s) and on the zone's host or a subdomain of it. Duplicates are dropped, order kept.
 * `zoneName` is undefined when the zone could not be read, and then only absolute URLs can be checked for form.
 */
export function resolveUrls(entries: readonly string[], zoneName: string | undefined): string[] {
  const zone = zoneName?.toLowerCase().replace(/\.$/, '')
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
    const shown = offenders.slice(0, SHOWN_OFFENDERS).map((entry) => `  ${entry}`).join('\n')
    const more = offenders.length > SHOWN_OFFENDERS ? `\n  … and ${offenders.length - SHOWN_OFFENDERS} more` : ''
    const where = zone === undefined ? '' : ` on ${zone} or a subdomain of it`
    throw new InputError(
      `${offenders.length} entr${offenders.length === 1 ? 'y' : 'ies'} in "files"/"files-from" ${offenders.length === 1 ? 'is not a URL' : 'are not URLs'} of this zone. ` +
        `Each must be an absolute http(s) URL${where}, or a path starting with /. Nothing was sent.\n${shown}${more}`
    )
  }
  return [...urls]
}

/**
 * Changed files are served under `url-base`, or on the zone's own host: either must be known and in the zone.
 * Checked before the changed URLs are built, so that the error names the input to fix.
 */
export function checkUrlBase(urlBase: string | undefined, zoneName: string | undefined): void {
  if (urlBase === undefined) {
    if (zoneName === undefined) {
      throw new InputError(
        'Changed files become paths on the zone\'s host, and its name could not be read (the API key may not list zones). Set "url-base" to where the site is served.'
      )
    }
    return
  }
  const zone = zoneName?.toLowerCase().replace(/\.$/, '')
  if (zone !== undefined && !isInZone(new URL(urlBase).hostname, zone)) {
    throw new InputError(`Input "url-base" (${urlBase}) is not on zone ${zone} or a subdomain of it: its URLs cannot be purged in this zone.`)
  }
}

function isInZone(hostname: string, zone: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  return host === zone || host.endsWith(`.${zone}`)
}

/** Drops repeated entries, keeping the first of each. */
export function unique(entries: readonly string[]): string[] {
  return [...new Set(entries)]
}
