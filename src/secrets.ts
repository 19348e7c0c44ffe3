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
  for (const secret of secrets) out = out.split(secret).join('***')
  return out
}
