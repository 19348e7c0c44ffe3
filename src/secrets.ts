import * as core from '@actions/core'

/**
 * Every credential goes through here before anything can print it: the runner masks it in the log
 * (`setSecret`), and `redact` scrubs it from what the runner does not mask (outputs, the summary).
 */
const secrets = new Set<string>()

export function registerSecret(value: string): void {
  if (value === '') return
  core.setSecret(value)
  secrets.add(value)
}

export function redact(text: string): string {
  let out = text
  // Longest first: a short secret inside a longer one must not leave the rest of the longer one to be seen.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join('***')
  return out
}

/** A copy of a value with every secret taken out of every string in it, however deep. */
export function redactDeep<T>(value: T): T {
  if (secrets.size === 0) return value
  if (typeof value === 'string') return redact(value) as T
  if (Array.isArray(value)) return value.map((item: unknown) => redactDeep(item)) as T
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactDeep(item)])) as T
  }
  return value
}
