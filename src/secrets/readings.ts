/**
 * Readings of a text with one kind of escape decoded (JSON's, URL encoding), each with a map back to the
 * original's positions: a secret escaped in any mix of characters is found in its reading.
 */

/**
 * A reading of a text with one kind of escape decoded: `text[i]` stands for the original's characters
 * from `from[i]` to `to[i]`. The map is drawn only for a reading where a secret was found: most hold none.
 */
export interface DecodedReading {
  readonly text: string
  readonly map: () => { readonly from: Int32Array; readonly to: Int32Array }
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
export const decodeJson = (text: string): DecodedReading | undefined => decoded(text, '\\', jsonEscape)

/** The text with URL encoding decoded. */
export const decodePercent = (text: string): DecodedReading | undefined => decoded(text, '%', percentEscape)

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
function decoded(text: string, lead: string, escapeAt: (text: string, at: number) => Escape): DecodedReading | undefined {
  // Most texts (every URL of a result) hold no escape at all: they get no generator, which for 100,000 URLs
  // read several times was ~10 MB of peak RSS in young-generation garbage.
  // A shortcut only: without it the loop below finds no escape and returns undefined too (a mutant that drops it
  // survives, being equivalent; a disable would also hide the one that always takes it).
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
export function compose(outer: DecodedReading, inner: DecodedReading): DecodedReading {
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
