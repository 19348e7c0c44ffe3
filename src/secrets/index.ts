import * as core from '@actions/core'
import { hideCredentials, scrubCredentials } from './credentials.js'
import { maskedForms } from './forms.js'
import { Matcher } from './matcher.js'

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

// The machinery lives in secrets/: the spellings (forms.ts), the search (matcher.ts, readings.ts), the
// credentials of URLs (credentials.ts). Everything else imports it from here.

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

/**
 * Outside text with everything secret in it hidden, as any message that quotes it must show it: every
 * registered secret in any spelling (`redact`), then the credentials of a URL entry (`hideCredentials`)
 * and of any URL in free text (`scrubCredentials`). Before any cut: a cut could leave part of a secret.
 */
export function hideSecrets(text: string): string {
  return scrubCredentials(hideCredentials(redact(text)))
}
