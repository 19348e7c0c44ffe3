import * as core from '@actions/core'
import { isWhitespace } from './text.js'

/**
 * Every credential goes through here before anything can print it: the runner masks it in the log
 * (`setSecret`), and `redact` scrubs it from what the runner does not mask (outputs, the summary).
 */
const secrets = new Set<string>()
/** The secrets, longest first: a short secret inside a longer one must not leave the rest of the longer one to be seen. */
let longestFirst: string[] = []

export function registerSecret(value: string): void {
  if (value === '') return
  core.setSecret(value)
  secrets.add(value)
  longestFirst = [...secrets].sort((a, b) => b.length - a.length)
}

export function redact(text: string): string {
  let out = text
  for (const secret of longestFirst) {
    out = out.replaceAll(secret, '***')
  }
  return out
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
  if (typeof value === 'string') return longestFirst.some((secret) => value.includes(secret))
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
