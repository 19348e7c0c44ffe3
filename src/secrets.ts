import * as core from '@actions/core'
import { NO_HOST, parseEntry } from './entry.js'
import { isWhitespace } from './text.js'

/**
 * Every credential goes through here before anything can print it: the runner masks it in the log
 * (`setSecret`), and `redact` scrubs it from everything the action writes (the log, outputs, the summary,
 * the `result` output, errors, the failed-files file).
 *
 * An API may echo a credential in another spelling, or only a part of it, so `redact` takes out, for each
 * secret:
 * - the text itself;
 * - its base64 (standard and URL-safe, with or without padding), also where it is encoded inside a longer
 *   value: base64 spells the same bytes three ways by their offset, and all three are searched;
 * - its URL-encoded and JSON-escaped spellings (`%2F` or `%2f`, `\"`, `\u0041`, …): the
 *   text is also read with those escapes decoded, so that any character may be escaped, in any mix;
 * - any run of MIN_RUN or more characters that is a run of the secret or of its base64: a key cut to its
 *   first or last 20 characters is still a key.
 * Every search is linear in the text: the runs are looked up by a rolling hash, never by a pattern.
 */

/** A run this long of a secret (or of its base64) is taken for the secret. */
export const MIN_RUN = 12
/**
 * A spelling of a secret shorter than this is not searched on its own (only the secret itself is, however
 * short): a few characters of base64 are found in ordinary text by chance.
 */
const MIN_FORM = 8
/** What stands where a secret was. */
const MASK = '***'

const secrets = new Set<string>()
let matcher: Matcher | undefined

export function registerSecret(value: string): void {
  if (value === '' || secrets.has(value)) return
  secrets.add(value)
  for (const form of maskedForms(value)) core.setSecret(form)
  matcher = new Matcher([...secrets])
}

/** The text with every secret, in every spelling and every run of MIN_RUN of it, replaced by `***`. */
export function redact(text: string): string {
  if (matcher === undefined) return text
  let out = ''
  let at = 0
  for (const [start, end] of matcher.find(text)) {
    out += text.slice(at, start) + MASK
    at = end
  }
  return out + text.slice(at)
}

/** Whether the text holds a secret in any of the spellings `redact` takes out. */
export function holdsSecretText(text: string): boolean {
  return matcher !== undefined && matcher.holds(text)
}

/**
 * The value with every secret taken out of every string in it, however deep. Parts that hold no secret are
 * kept as they are, not copied: a result of 100,000 URLs costs no second copy of them.
 */
export function redactDeep<T>(value: T): T {
  // One look at the whole first, without copying anything: most results hold no secret at all.
  return holdsSecret(value) ? redactEach(value) : value
}

/** Whether any string in the value, however deep, holds a secret (the strings redactEach would change). */
export function holdsSecret(value: unknown): boolean {
  if (typeof value === 'string') return holdsSecretText(value)
  if (typeof value !== 'object' || value === null) return false
  // Loops, not some(): a result holds a string for every URL, and this runs over all of them.
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (holdsSecret(item)) return true
  }
  return false
}

function redactEach<T>(value: T): T {
  if (typeof value === 'string') return redact(value) as T
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => redactEach(item))
    return (items.every((item, index) => item === value[index]) ? value : items) as T
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, item]): [string, unknown] => [key, redactEach(item)])
    const record = value as Record<string, unknown>
    return (entries.every(([key, item]) => item === record[key]) ? value : Object.fromEntries(entries)) as T
  }
  return value
}

/** Characters that end the text where a URL's credentials may stand: `/`, `\\`, `?`, `#` and whitespace. */
const endsCredentials = (code: number): boolean => code === 0x2f || code === 0x5c || code === 0x3f || code === 0x23 || isWhitespace(code)

/**
 * The user and password of every URL in the text hidden (`https://user:token@host/…` → `https://***@host/…`),
 * for text the URL parser does not read (git's messages, a proxy's address in an error): what stands
 * where a URL's user name and password would,
 * after a `:` and any slashes, up to the last `@` before a `/`, `\`, `?`, `#` or whitespace, as `***@`.
 * Anywhere in the text, to hide too much rather than too little. A loop, not a pattern: each character
 * is looked at a bounded number of times, whatever the text (a pattern took quadratic time on `@` and colons).
 */
export function scrubCredentials(text: string): string {
  let out = ''
  let from = 0
  for (let colon = text.indexOf(':'); colon !== -1; colon = text.indexOf(':', from)) {
    let start = colon + 1
    while (start < text.length && (text[start] === '/' || text[start] === '\\')) start++
    let end = start
    let at = -1
    for (; end < text.length && !endsCredentials(text.charCodeAt(end)); end++) if (text[end] === '@') at = end
    if (at === -1) {
      // A colon inside the run has the same run after it, without an `@`: only one that ends the run (and
      // may have slashes after it) is looked at again.
      if (end - 1 > colon && text[end - 1] === ':') end--
      out += text.slice(from, end)
    } else {
      out += `${text.slice(from, start)}***`
      end = at
    }
    from = end
  }
  return out + text.slice(from)
}

/**
 * The entry with any user name and password in it replaced by `***` (`https://***@example.com/a`), and
 * any other entry as it is. Such an entry is refused, never sent; this is how it is kept where entries
 * are reported as written (outputs, the summary), and how any message shows it.
 */
export function hideCredentials(entry: string): string {
  // Credentials come only before an `@`: most entries have none, and need no parsing here.
  if (!entry.includes('@')) return entry
  const url = parseEntry(entry, NO_HOST)
  if (url === null) return scrubCredentials(entry)
  return url.username === '' && url.password === '' ? entry : `${url.protocol}//***@${url.host}${url.pathname}${url.search}${url.hash}`
}

/**
 * Outside text with everything secret in it hidden, as any message that quotes it must show it: every
 * registered secret in any spelling (`redact`), then the credentials of a URL entry (`hideCredentials`)
 * and of any URL in free text (`scrubCredentials`). Before any cut: a cut could leave part of a secret.
 */
export function hideSecrets(text: string): string {
  return scrubCredentials(hideCredentials(redact(text)))
}

/**
 * The spellings the runner masks in the log as well: whole values only (the runner matches them exactly),
 * the secret first. Runs of the secret are left to `redact`: masking every run would mask far too much.
 */
export function maskedForms(secret: string): string[] {
  const forms = [
    secret,
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
    ...wholeBase64(secret)
  ]
  return [...new Set(forms)].filter((form) => form === secret || form.length >= MIN_FORM)
}

/** The secret's base64 as a value of its own: standard and URL-safe, with and without padding. */
function wholeBase64(secret: string): string[] {
  const standard = Buffer.from(secret).toString('base64')
  // Node writes URL-safe base64 without padding.
  const urlSafe = Buffer.from(secret).toString('base64url')
  return [standard, standard.slice(0, urlSafe.length), urlSafe.padEnd(standard.length, '='), urlSafe]
}

const toUrlSafe = (base64: string): string => base64.replaceAll('+', '-').replaceAll('/', '_')

/**
 * The characters of the secret's base64 when it is encoded after 0, 1 or 2 other bytes: only those that
 * its own bits alone decide (the first and last may mix in the bytes around it, and are left out).
 */
export function embeddedBase64(secret: string): string[] {
  const bytes = Buffer.from(secret)
  const forms: string[] = []
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes, Buffer.alloc(2)]).toString('base64')
    // Character i holds bits [6i, 6i + 6): it is the secret's alone when they lie within [8 offset, 8 (offset + length)).
    const first = Math.ceil((8 * offset) / 6)
    const end = Math.floor((8 * (offset + bytes.length)) / 6)
    const core = encoded.slice(first, end)
    forms.push(core, toUrlSafe(core))
  }
  return forms
}

/** Every spelling searched in a text (and in its decoded readings): the secret, its UTF-8 bytes as percent-decoding gives them, and its base64. */
function searchedForms(secret: string): string[] {
  const bytes = Buffer.from(secret).toString('latin1')
  const derived = [bytes, ...wholeBase64(secret), ...embeddedBase64(secret)].filter((form) => form.length >= MIN_FORM)
  return [...new Set([secret, ...derived])]
}

/** A span of a text, [start, end). */
type Span = [number, number]

/**
 * A reading of a text with one kind of escape decoded: `text[i]` stands for the original's characters
 * from `from[i]` to `to[i]`. The map is drawn only for a reading where a secret was found: most hold none.
 */
interface Reading {
  readonly text: string
  readonly map: () => { readonly from: Int32Array; readonly to: Int32Array }
}

/** Hash of a run: polynomial, 32 bits, rolled one character at a time. */
const BASE = 0x01000193
const POWER = Array.from({ length: MIN_RUN - 1 }).reduce<number>((power) => Math.imul(power, BASE), 1)

function hashOf(text: string, start: number): number {
  let hash = 0
  for (let i = start; i < start + MIN_RUN; i++) hash = (Math.imul(hash, BASE) + text.charCodeAt(i)) | 0
  return hash
}

/** Entries of the hash filter: a power of two, far more than the runs of a few secrets. */
const FILTER_SIZE = 1 << 16

class Matcher {
  /** Every run of MIN_RUN characters of every spelling. */
  private readonly runs = new Set<string>()
  /** The low bits of their hashes, looked at before the runs: most positions of a text end here. */
  private readonly filter = new Uint8Array(FILTER_SIZE)
  /** Spellings shorter than a run: searched whole. */
  private readonly short: string[] = []

  constructor(secrets: readonly string[]) {
    for (const form of new Set(secrets.flatMap(searchedForms))) {
      if (form.length < MIN_RUN) {
        this.short.push(form)
        continue
      }
      for (let end = MIN_RUN; end <= form.length; end++) {
        this.runs.add(form.slice(end - MIN_RUN, end))
        this.filter[hashOf(form, end - MIN_RUN) & (FILTER_SIZE - 1)] = 1
      }
    }
  }

  /** The spans of `text` that hold a secret, in order, overlapping ones merged. */
  find(text: string): Span[] {
    const spans = this.search(text)
    // A text without escapes has no other reading.
    const json = decodeJson(text)
    if (json !== undefined) {
      this.searchReading(json, spans)
      const inner = decodePercent(json.text)
      if (inner !== undefined) this.searchReading(compose(json, inner), spans)
    }
    const percent = decodePercent(text)
    if (percent !== undefined) this.searchReading(percent, spans)
    return merge(spans)
  }

  /** Adds the spans found in a reading, as spans of the original text. */
  private searchReading(reading: Reading, spans: Span[]): void {
    let map: ReturnType<Reading['map']> | undefined
    for (const [start, end] of this.search(reading.text)) {
      // Drawn only for a reading where a secret was found: most hold none.
      map ??= reading.map()
      spans.push([map.from[start] as number, map.to[end - 1] as number])
    }
  }

  private search(text: string): Span[] {
    const spans: Span[] = []
    this.scan(text, (start, end) => void spans.push([start, end]))
    return spans
  }

  /** Whether `text` holds a secret in any spelling `find` finds: the same search, stopped at the first, nothing kept. */
  holds(text: string): boolean {
    const stop = (): boolean => true
    if (this.scan(text, stop)) return true
    const json = decodeJson(text)
    if (json !== undefined && (this.scan(json.text, stop) || this.holdsIn(decodePercent(json.text)))) return true
    return this.holdsIn(decodePercent(text))
  }

  private holdsIn(reading: Reading | undefined): boolean {
    return reading !== undefined && this.scan(reading.text, () => true)
  }

  /** Calls `found` with each span of `text` that is a secret's spelling or run, until it returns true: then true. */
  private scan(text: string, found: (start: number, end: number) => boolean | void): boolean {
    for (const form of this.short) {
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) if (found(at, at + form.length) === true) return true
    }
    let hash = hashOf(text, 0)
    for (let end = MIN_RUN; end <= text.length; end++) {
      const start = end - MIN_RUN
      if (start > 0) hash = (Math.imul((hash - Math.imul(text.charCodeAt(start - 1), POWER)) | 0, BASE) + text.charCodeAt(end - 1)) | 0
      if (this.filter[hash & (FILTER_SIZE - 1)] === 1 && this.runs.has(text.slice(start, end)) && found(start, end) === true) return true
    }
    return false
  }
}

/** Sorted, with overlapping spans joined (spans that only touch are kept apart: two secrets side by side are two). */
function merge(spans: Span[]): Span[] {
  // Of spans that start together, the longer wins whatever the order: Math.max below.
  spans.sort((a, b) => a[0] - b[0])
  const merged: Span[] = []
  for (const span of spans) {
    const last = merged.at(-1)
    if (last !== undefined && span[0] < last[1]) last[1] = Math.max(last[1], span[1])
    else merged.push([span[0], span[1]])
  }
  return merged
}

const JSON_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }

/** The value of a hex digit's character code, or -1. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48
  const lower = code | 0x20
  return lower >= 97 && lower <= 102 ? lower - 87 : -1
}

/** The value of the `digits` hex digits at `at`, or -1 when they are not all hex digits. */
function hexAt(text: string, at: number, digits: number): number {
  let value = 0
  for (let i = at; i < at + digits; i++) {
    const digit = hexValue(text.charCodeAt(i))
    if (digit < 0) return -1
    value = value * 16 + digit
  }
  return value
}

/** An escape that starts at a position: the character it stands for, and how long it is. */
type Escape = readonly [char: string, length: number] | undefined

/** A JSON escape at `at` (`\"`, `\\`, `\/`, `\n`, `\u0041`, …). */
function jsonEscape(text: string, at: number): Escape {
  const next = text.charAt(at + 1)
  const simple = JSON_ESCAPES[next]
  if (simple !== undefined) return [simple, 2]
  const code = next === 'u' ? hexAt(text, at + 2, 4) : -1
  return code < 0 ? undefined : [String.fromCharCode(code), 6]
}

/**
 * A URL-encoded byte at `at`, as the character of that code. A `+` is left alone: form encoding writes a
 * space so, and a credential holds no space (inputs.ts refuses one).
 */
function percentEscape(text: string, at: number): Escape {
  const code = hexAt(text, at + 1, 2)
  return code < 0 ? undefined : [String.fromCharCode(code), 3]
}

/** The text with JSON's escapes decoded; a `\\` is one backslash, so `\\u0041` is a backslash and then `u0041`. */
const decodeJson = (text: string): Reading | undefined => decoded(text, '\\', jsonEscape)

/** The text with URL encoding decoded. */
const decodePercent = (text: string): Reading | undefined => decoded(text, '%', percentEscape)

/** Each escape (a sequence that starts with `lead` and that `escapeAt` reads) in `text`, in order, with where it starts. */
function* escapes(
  text: string,
  lead: string,
  escapeAt: (text: string, at: number) => Escape
): Generator<readonly [at: number, char: string, length: number]> {
  for (let at = text.indexOf(lead); at !== -1;) {
    const escape = escapeAt(text, at)
    if (escape === undefined) {
      at = text.indexOf(lead, at + 1)
      continue
    }
    yield [at, ...escape]
    at = text.indexOf(lead, at + escape[1])
  }
}

/** The text with each escape replaced by the character it stands for; undefined when it holds none. */
function decoded(text: string, lead: string, escapeAt: (text: string, at: number) => Escape): Reading | undefined {
  // Most texts (every URL of a result) hold no escape at all: they get no generator, which for 100,000 URLs
  // read several times was ~10 MB of peak RSS in young-generation garbage.
  // Stryker disable next-line ConditionalExpression: a shortcut only; without it the loop below finds no escape and returns undefined too
  if (!text.includes(lead)) return undefined
  let out = ''
  let done = 0
  for (const [at, char, length] of escapes(text, lead, escapeAt)) {
    out += text.slice(done, at) + char
    done = at + length
  }
  // No escape, no other reading: the text itself is searched already.
  if (done === 0) return undefined
  return {
    text: out + text.slice(done),
    map: () => {
      const from = new Int32Array(text.length)
      const to = new Int32Array(text.length)
      let count = 0
      let at = 0
      const plain = (end: number): void => {
        for (; at < end; at++, count++) {
          from[count] = at
          to[count] = at + 1
        }
      }
      for (const [start, , length] of escapes(text, lead, escapeAt)) {
        plain(start)
        from[count] = at
        at += length
        to[count++] = at
      }
      plain(text.length)
      return { from: from.subarray(0, count), to: to.subarray(0, count) }
    }
  }
}

/** `inner` read over `outer`: its positions mapped back to the original text. */
function compose(outer: Reading, inner: Reading): Reading {
  return {
    text: inner.text,
    map: () => {
      const outerMap = outer.map()
      const innerMap = inner.map()
      return {
        from: innerMap.from.map((start) => outerMap.from[start] as number),
        to: innerMap.to.map((end) => outerMap.to[end - 1] as number)
      }
    }
  }
}
