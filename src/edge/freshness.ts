// How to read one answer from the edge: was it served from a copy cached before the purge? Plain HTTP
// semantics that every CDN speaks (RFC 9111 `Age`, RFC 9211 `Cache-Status`) and the common vendor
// headers. Pure; no I/O. The headers are outside text: nothing here throws, whatever they hold.
import type { ResponseHeaders } from '../http/headers.js'
import { cut, thousands } from '../text.js'

export type { ResponseHeaders }

/**
 * - `stale`: the answer's Age is older than the purge: the edge served a copy cached before it.
 * - `fresh`: Age is within the time since the purge, or a cache-status header says the edge did not
 *   serve it from cache.
 * - `unknown`: nothing to judge by (no Age, no cache-status header, or only one that says "from cache").
 * - `error`: a 5xx, a network error or a timeout.
 */
export type Verdict = 'stale' | 'fresh' | 'unknown' | 'error'

export interface EdgeJudgement {
  readonly verdict: Verdict
  /** The answer's Age in seconds; undefined when absent or unreadable. */
  readonly age: number | undefined
  /** The cache-status headers of the answer as `Name: value`, joined with `; `; undefined when none. */
  readonly cacheStatus: string | undefined
  /** Why, in a few words, for the log. */
  readonly reason: string
}

/** Seconds allowed over the time since the purge: the edge's clock, and Age counted in whole seconds. */
export const AGE_SLACK_SECONDS = 2

/** RFC 9111 §1.2.2: a delta-seconds beyond what a cache can represent counts as 2^31. */
const MAX_DELTA_SECONDS = 2 ** 31

/** Values of CF-Cache-Status, X-Cache and X-Cache-Status that say the edge did not serve its cached copy. */
const NOT_FROM_CACHE = new Set(['MISS', 'EXPIRED', 'BYPASS', 'DYNAMIC', 'REVALIDATED'])

/** The vendor headers, as they are shown in the report. */
const VENDOR_HEADERS = { 'cf-cache-status': 'CF-Cache-Status', 'x-cache': 'X-Cache', 'x-cache-status': 'X-Cache-Status' } as const

/** The longest cache-status text kept for the report. */
const MAX_CACHE_STATUS_CHARS = 200

/** What one cache-status header says about the answer; undefined when it says neither. */
type CacheSays = 'not from cache' | 'from cache' | undefined

/** The values of a header, in the order they came, a header sent twice as its lines joined by commas (RFC 9110 §5.3). */
function headerText(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name]
  const text = typeof value === 'string' ? value : value?.join(', ')
  return text === undefined || text.trim() === '' ? undefined : text
}

/**
 * The answer's Age in seconds, or undefined when it has none that can be read. Age sent more than once
 * (two caches that each added one) counts with its largest value: the copy is at least that old.
 */
export function parseAge(headers: ResponseHeaders): number | undefined {
  const text = headerText(headers, 'age')
  if (text === undefined) return undefined
  const values = text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => /^\d+$/.test(value))
    .map((value) => Math.min(Number(value), MAX_DELTA_SECONDS))
  // A loop, not Math.max(...values): a spread of a huge list of arguments throws a RangeError.
  if (values.length === 0) return undefined
  // Stryker disable next-line EqualityOperator: >= and > keep the same number when two values are equal
  return values.reduce((largest, value) => (value > largest ? value : largest))
}

/**
 * A quoted string (RFC 8941), `\` escaping the next character; one left open runs to the end, and the
 * group holds its closing quote. Once started it always matches, so the work is linear in the header (a
 * pattern that must find the closing quote tries again from every quote of an open one: quadratic).
 */
const QUOTED = /"(?:[^"\\]|\\.)*("?)/g

/** A cache's name in Cache-Status: a token, or a quoted string (emptied by then). Lenient on its first character: Squid sends its host name as it is, and a container's name may start with a digit. */
const CACHE_NAME = /^(?:""|[!#$%&'*+\-.^_`|~0-9a-z:/]+)$/i
/** A parameter (RFC 8941 key, any case, with an optional value): `hit`, `fwd=miss`, `detail=""`. */
const PARAM = /^([a-z*][a-z0-9_\-.*]*)(?:=(.+))?$/i

/**
 * RFC 9211 Cache-Status: its last entry is the cache nearest the user. `hit` (or `hit=?1`) says it served
 * the answer from its cache; an entry without it says it did not (a miss, with or without `fwd=`: Squid 6
 * sends `host;detail=mismatch`). An entry that cannot be read (no cache name, a parameter without a
 * name or with `=` and no value, a `hit` that is not a boolean, a quoted string left open) says
 * neither. Quoted strings (a cache's name, a `detail`) are emptied first, so that no comma or semicolon
 * in them counts.
 */
function readCacheStatus(text: string): CacheSays {
  // A closed string is emptied to `""`; one left open to a lone `"`, which the next line finds.
  const emptied = text.replace(QUOTED, (_quoted: string, close: string) => (close === '' ? '"' : '""'))
  if (emptied.split('""').some((part) => part.includes('"'))) return undefined
  const entries = emptied
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  if (entries.length === 0) return undefined
  const [name, ...params] = (entries.at(-1) as string).split(';').map((part) => part.trim())
  if (!CACHE_NAME.test(name as string)) return undefined
  let hit = false
  for (const param of params) {
    const match = PARAM.exec(param)
    if (match === null) return undefined
    const [, key, value] = match as unknown as [string, string, string | undefined]
    if (key.toLowerCase() !== 'hit') continue
    if (value !== undefined && value !== '?1' && value !== '?0') return undefined
    hit = value !== '?0'
  }
  return hit ? 'from cache' : 'not from cache'
}

/**
 * CF-Cache-Status, X-Cache, X-Cache-Status: the first word of the value (`Miss from cloudfront`), any
 * case. When the header lists several caches (`MISS, HIT from proxy`), the last one counts: it is
 * the nearest the user, as in Cache-Status.
 */
function readVendorStatus(text: string): CacheSays {
  const last = text.split(',').at(-1) as string
  const word = last.trim().split(/\s+/)[0] as string
  return NOT_FROM_CACHE.has(word.toUpperCase()) ? 'not from cache' : 'from cache'
}

/** What the cache-status headers of an answer say, in a fixed order, each as it is shown in the report. */
function cacheHeaders(headers: ResponseHeaders): { readonly shown: string; readonly says: CacheSays }[] {
  const seen: { readonly shown: string; readonly says: CacheSays }[] = []
  const cacheStatus = headerText(headers, 'cache-status')
  if (cacheStatus !== undefined) seen.push({ shown: `Cache-Status: ${cacheStatus}`, says: readCacheStatus(cacheStatus) })
  for (const [name, shown] of Object.entries(VENDOR_HEADERS)) {
    const text = headerText(headers, name)
    if (text !== undefined) seen.push({ shown: `${shown}: ${text}`, says: readVendorStatus(text) })
  }
  return seen
}

/**
 * Judges one answer from the edge. `secondsSincePurge` is the time from the confirmation of the purge
 * that covers the URL to the answer. `Age` decides whenever it can be read, whatever a cache-status
 * header says (a "miss" at the edge that carries an old Age came from a shield that still had the old
 * copy). Without it, the answer is fresh when a cache-status header says the edge did not serve it from
 * its cache and none says it did. `originBehindSeconds` (clock.ts) is how far the origin's clock is
 * behind: a stale Age that it could explain stays stale, and its reason says so.
 */
export function judgeAnswer(status: number, headers: ResponseHeaders, secondsSincePurge: number, originBehindSeconds = 0): EdgeJudgement {
  const age = parseAge(headers)
  const seen = cacheHeaders(headers)
  const shown = seen.length === 0 ? undefined : cut(seen.map((header) => header.shown).join('; '), MAX_CACHE_STATUS_CHARS)
  const judged = (verdict: Verdict, reason: string): EdgeJudgement => ({ verdict, age, cacheStatus: shown, reason })

  if (status >= 500) return judged('error', `HTTP ${status}`)
  const since = `${Math.floor(secondsSincePurge)} s since the purge`
  if (age !== undefined) {
    if (age <= secondsSincePurge + AGE_SLACK_SECONDS) return judged('fresh', `Age ${age} s, within the ${since}`)
    // Never for a clock that is right or ahead (0 or less): the Age is over the time since the purge and the slack.
    const skewed = age <= secondsSincePurge + AGE_SLACK_SECONDS + originBehindSeconds
    return judged(
      'stale',
      `Age ${age} s, but only ${since}${skewed ? `; the origin's clock is off by about ${thousands(originBehindSeconds)} s (behind): maybe not stale` : ''}`
    )
  }
  const miss = seen.find((header) => header.says === 'not from cache')
  const hit = seen.find((header) => header.says === 'from cache')
  if (hit !== undefined) return judged('unknown', `${hit.shown} says it came from a cache, and no Age tells since when`)
  if (miss !== undefined) return judged('fresh', `${miss.shown} says the edge did not serve it from its cache`)
  return judged(
    'unknown',
    seen.length === 0 ? 'no Age and no cache-status header to judge by' : 'no Age, and the cache-status header says neither hit nor miss'
  )
}

/**
 * Whether the answer came from the origin, so that its Date tells the origin's clock: not a 5xx (the edge
 * may have made it), no cache-status header says it came from a cache, and either `Age: 0` or, without
 * Age, a cache-status header says the edge did not serve it from its cache. An answer with neither Age
 * nor a cache-status header may still be a cached copy (RFC 9111 §5.1): it does not count.
 */
export function cameFromOrigin(status: number, headers: ResponseHeaders): boolean {
  if (status >= 500) return false
  const age = parseAge(headers)
  const seen = cacheHeaders(headers)
  if (seen.some((header) => header.says === 'from cache')) return false
  return age === undefined ? seen.some((header) => header.says === 'not from cache') : age === 0
}

/**
 * Why an answer came from a cache, or undefined when nothing says it did: an `Age` above 0 (`Age 120`), or a
 * cache-status header that says hit (shown as it came). The origin check (src/origin/) never counts such an
 * answer as the origin's, whatever its bytes.
 */
export function fromCache(headers: ResponseHeaders): string | undefined {
  const age = parseAge(headers)
  if ((age ?? 0) > 0) return `Age ${age}`
  const hit = cacheHeaders(headers).find((header) => header.says === 'from cache')
  return hit === undefined ? undefined : cut(hit.shown, MAX_CACHE_STATUS_CHARS)
}
