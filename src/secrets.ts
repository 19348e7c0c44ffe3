import * as core from '@actions/core'

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

/**
 * The user and password of every URL in the text hidden (`https://user:token@host/…` → `https://***@host/…`):
 * for messages of other software that may quote one (git's remote, a proxy's address).
 */
export function scrubCredentials(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/@\s]+@/gi, '$1***@')
}
