import { domainToASCII, domainToUnicode } from 'node:url'
import { NO_HOST, parseEntry } from './entry.js'
import { InputError } from './errors.js'
import { checkEntryLength, forCount, lines, MAX_ENTRY_CHARS, plural, separatedRuns, shown } from './text.js'

const SHOWN_OFFENDERS = 10
const SHOWN_ZONES = 10

/** A host or zone name as compared: lower case, without a trailing dot. */
export const normalizeName = (name: string): string => name.toLowerCase().replace(/\.$/, '')

/**
 * A zone's name as URL hosts are compared with it: normalised, and in ASCII as the URL parser writes
 * hosts (bücher.example is xn--bcher-kva.example). A name that is no host name (one the parser would cut,
 * such as "a/b" or "a%2Eb", does not read back) is kept as it is, and no URL is on it.
 */
export function zoneHost(name: string): string {
  const normalized = normalizeName(name)
  const ascii = domainToASCII(normalized)
  return domainToUnicode(ascii) === normalized ? ascii : normalized
}

/** Whether a host is the zone (as zoneHost gives it) or a subdomain of it; `evilexample.com` is not on `example.com`. */
export function isInZone(hostname: string, zone: string): boolean {
  const host = normalizeName(hostname)
  return host === zone || host.endsWith(`.${zone}`)
}

/** How an absolute URL entry starts, in any letter case. */
const URL_START = /^https?:\/\//i

/**
 * Splits `files`, and each line of a `files-from` file, into entries: the same format. Line breaks and
 * spaces separate entries. A comma separates them too when a space follows it, or when what follows starts
 * like an entry: `http://` or `https://`, or `/` after a path (inside an absolute URL, `,/` is part of its
 * path). Any other comma is part of the URL, at the end of a line too: `https://a.test/x,y` and a line
 * `https://a.test/x,` are one entry each, so a file of URLs written one a line reads back exactly.
 * In a list file (`comments`), lines starting with `#` (after any spaces) are skipped. An entry longer
 * than MAX_ENTRY_CHARS is an input error naming `input` and its line.
 */
export function splitUrlList(value: string, input: string, comments = false): string[] {
  const entries: string[] = []
  const all = lines(value)
  for (let index = 0; index < all.length; index++) {
    const line = all[index] as string
    if (comments && line.trimStart().startsWith('#')) continue
    for (const entry of splitUrlLine(line, (text) => checkEntryLength(text, input, index + 1))) entries.push(entry)
  }
  return entries
}

/** Whether a run of separators is commas alone. */
function commasOnly(run: string): boolean {
  for (let i = 0; i < run.length; i++) if (run.charCodeAt(i) !== 0x2c) return false
  return true
}

/**
 * The entries of one line (no line breaks in it). The line is split by a loop, and every piece goes
 * through `check` before a pattern meets it: a pattern sees one entry at most, never the whole line.
 */
function splitUrlLine(line: string, check: (text: string) => void): string[] {
  // The usual line: one entry of a length a pattern may meet, nothing to split.
  if (line.length <= MAX_ENTRY_CHARS && !/[\s,]/.test(line)) return line === '' ? [] : [line]
  const entries: string[] = []
  // Entries and the runs of commas and whitespace between them alternate: entry, run, entry, run, …, entry.
  const parts = separatedRuns(line)
  let current = parts[0] as string
  check(current)
  for (let i = 1; i < parts.length; i += 2) {
    const run = parts[i] as string
    const next = parts[i + 1] as string
    check(next)
    const startsEntry = URL_START.test(next) || (next.startsWith('/') && !URL_START.test(current))
    if (current !== '' && commasOnly(run) && !startsEntry) {
      current += run + next
      check(current)
      continue
    }
    if (current !== '') entries.push(current)
    current = next
  }
  if (current !== '') entries.push(current)
  return entries
}

/** The first SHOWN_OFFENDERS entries, one a line, and how many more there are. */
function listOffenders(offenders: readonly string[]): string {
  const listed = offenders
    .slice(0, SHOWN_OFFENDERS)
    .map((entry) => `  ${entry}`)
    .join('\n')
  return offenders.length > SHOWN_OFFENDERS ? `${listed}\n  … and ${offenders.length - SHOWN_OFFENDERS} more` : listed
}

/** An entry read as an http(s) URL without credentials, or how it is shown as an offender. */
type Reading = { readonly url: URL; readonly offender?: undefined } | { readonly offender: string }

/**
 * Reads an entry: a path (starting with `/`) on `host`, anything else as an absolute URL. Whatever the
 * parser makes of it (it reads `\` as `/` and drops tabs, so `/\evil.test` is a URL on evil.test), the
 * result is checked, never the text: a path must stay on `host`, and no URL may carry credentials.
 */
function readEntry(entry: string, host: string): Reading {
  const url = parseEntry(entry, host)
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) return { offender: shown(entry) }
  if (url.username !== '' || url.password !== '') return { offender: `${shown(entry)} (a user name or password is not accepted)` }
  if (entry.startsWith('/') && normalizeName(url.hostname) !== host) return { offender: `${shown(entry)} (read as ${shown(url.href)})` }
  return { url }
}

/**
 * Turns entries into the absolute URLs to purge: a path starting with `/` is on the zone's own host;
 * every URL must be http(s), without credentials, and on the zone's host or a subdomain of it. Duplicates
 * are dropped, order kept. `zoneName` is undefined when the zone could not be read, and then only absolute
 * URLs can be checked, for form only.
 */
export function resolveUrls(entries: readonly string[], zoneName: string | undefined, source = FILES): string[] {
  const zone = zoneName === undefined ? undefined : zoneHost(zoneName)
  const urls = new Set<string>()
  const offenders: string[] = []
  for (const entry of entries) {
    if (entry.startsWith('/') && zone === undefined) {
      throw new InputError(
        undefined,
        `"${shown(entry)}" is a path, and paths need the zone's name, which could not be read (the API key may not list zones). ` +
          `Give absolute URLs in ${source}, or a key that may list zones.`
      )
    }
    const reading = readEntry(entry, zone ?? NO_HOST)
    if (reading.offender !== undefined) offenders.push(reading.offender)
    else if (zone !== undefined && !isInZone(reading.url.hostname, zone)) offenders.push(shown(entry))
    else urls.add(reading.url.href)
  }
  if (offenders.length > 0) {
    const where = zone === undefined ? '' : ` on ${shown(zone)} or a subdomain of it`
    throw new InputError(
      undefined,
      `${plural(offenders.length, 'entry', 'entries')} in ${source} ${forCount(offenders.length, 'is not a URL', 'are not URLs')} of this zone. ` +
        `Each must be an absolute http(s) URL${where}, or a path starting with / on the zone's own host, without a user name or password. Nothing was sent.\n${listOffenders(offenders)}`
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
      throw new InputError(
        undefined,
        'Changed files become paths on the zone\'s host, which needs a single zone; with several zones or "zone: auto", set "url-base" to where the site is served.'
      )
    }
    if (zoneNames[0] === undefined) {
      throw new InputError(
        undefined,
        'Changed files become paths on the zone\'s host, and its name could not be read (the API key may not list zones). Set "url-base" to where the site is served.'
      )
    }
    return
  }
  const names = zoneNames.filter((name): name is string => name !== undefined).map(zoneHost)
  if (names.length === zoneNames.length && !names.some((zone) => isInZone(new URL(urlBase).hostname, zone))) {
    throw new InputError(
      'url-base',
      `Input "url-base" (${shown(urlBase)}) is not on zone ${names.map(shown).join(', ')} or a subdomain of it: its URLs cannot be purged in this zone.`
    )
  }
}

/** Where URL entries come from, as messages name it; probe-urls names itself. */
const FILES = '"files"/"files-from"'

export interface NamedZone {
  readonly id: string
  readonly name: string | undefined
}

/** Resolves entries and sends each to its zone: the one zone, or by host among several (or every candidate for `auto`). */
export function routeEntries(entries: readonly string[], zones: readonly NamedZone[], source = FILES): Map<string, string[]> {
  const [only, ...others] = zones
  if (only !== undefined && others.length === 0) {
    const urls = resolveUrls(entries, only.name, source)
    return new Map(urls.length === 0 ? [] : [[only.id, urls]])
  }
  return routeUrls(entries, zones, source)
}

/**
 * With several zones (or `zone: auto`), sends each absolute URL to the zone whose name is the longest
 * suffix of its host, so that shop.example.com goes to a shop.example.com zone before example.com.
 * Paths need a single named zone. Returns the URLs per zone id, de-duplicated, in order.
 */
export function routeUrls(entries: readonly string[], zones: readonly NamedZone[], source = FILES): Map<string, string[]> {
  const routed = new Map<string, Set<string>>()
  const offenders: string[] = []
  const named = zones
    .filter((zone): zone is NamedZone & { name: string } => zone.name !== undefined)
    .map((zone) => ({ id: zone.id, name: zoneHost(zone.name) }))
    .sort((a, b) => b.name.length - a.name.length)
  for (const entry of entries) {
    if (entry.startsWith('/')) {
      throw new InputError(
        undefined,
        `"${shown(entry)}" is a path, and paths need a single named zone; with several zones or "zone: auto", give absolute URLs in ${source} (or "url-base" for changed files).`
      )
    }
    const reading = readEntry(entry, NO_HOST)
    if (reading.offender !== undefined) {
      offenders.push(reading.offender)
      continue
    }
    const { url } = reading
    const zone = named.find((candidate) => isInZone(url.hostname, candidate.name))
    if (zone === undefined) {
      offenders.push(shown(entry))
      continue
    }
    const list = routed.get(zone.id) ?? new Set<string>()
    list.add(url.href)
    routed.set(zone.id, list)
  }
  if (offenders.length > 0) {
    const names = named.map((zone) => zone.name)
    const known =
      names.length === 0
        ? 'no zone names are known'
        : `${names.slice(0, SHOWN_ZONES).map(shown).join(', ')}${names.length > SHOWN_ZONES ? ` and ${names.length - SHOWN_ZONES} more` : ''}`
    throw new InputError(
      undefined,
      `${plural(offenders.length, 'URL')} ${forCount(offenders.length, 'is', 'are')} on none of the zones (${known}). ` +
        `Each must be an absolute http(s) URL on one of them or a subdomain of it, without a user name or password; check ${source}. Nothing was sent.\n${listOffenders(offenders)}`
    )
  }
  return new Map([...routed].map(([id, urls]) => [id, [...urls]]))
}

/** Drops repeated entries, keeping the first of each. */
export function unique(entries: readonly string[]): string[] {
  return [...new Set(entries)]
}
