import { MIN_RUN, searchedForms } from './forms.js'
import { compose, decodeJson, decodePercent, type DecodedReading } from './readings.js'

/** Finds every spelling of the secrets, and every run of MIN_RUN of them, in a text and its decoded readings. */

/** A span of a text, [start, end). */
export type Span = [number, number]

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

export class Matcher {
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
  private searchReading(reading: DecodedReading, spans: Span[]): void {
    let map: ReturnType<DecodedReading['map']> | undefined
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

  private holdsIn(reading: DecodedReading | undefined): boolean {
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
