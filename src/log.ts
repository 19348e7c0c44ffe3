import * as core from '@actions/core'
import { redact } from './secrets/index.js'
import { forLog } from './text.js'

// The one way the action writes to the log. Every message is redacted (the API key, the GitHub token)
// and neutralised (no line of it can become a workflow command) before the runner sees it; nothing else
// in src/ calls core's logging functions (the lint config enforces it).

const safe = (message: string): string => forLog(redact(message))

export function info(message: string): void {
  core.info(safe(message))
}

/**
 * A debug line, written only when the run has debug logging on (RUNNER_DEBUG=1): the runner drops these
 * lines otherwise, and a purge of 10,000 URLs writes one per request (measured: ~1 % of the step's time).
 */
export function debug(message: string): void {
  if (core.isDebug()) core.debug(safe(message))
}

/** A warning annotation; `title` is shown above it in the run's annotation list. */
export function warning(message: string, title?: string): void {
  core.warning(safe(message), title === undefined ? {} : { title: safe(title) })
}

/** An error annotation that does not by itself fail the step. */
export function error(message: string, title?: string): void {
  core.error(safe(message), title === undefined ? {} : { title: safe(title) })
}

/** Fails the step with one error annotation. */
export function fail(message: string, title: string): void {
  error(message, title)
  // 1, not core.ExitCode.Failure: @github/local-action's stand-in for core has no ExitCode.
  process.exitCode = 1
}

/** Runs `fn` inside a collapsible log group. */
export function group<T>(name: string, fn: () => Promise<T>): Promise<T> {
  return core.group(safe(name), fn)
}
