import { AnswerError, GitError, GitHubError, InputError } from '../errors.js'
import { ApiError } from '../http/errors.js'
import * as log from '../log.js'
import { shown } from '../text.js'

/** Errors the action raises on purpose, whose message says it all; anything else is a bug. */
export const isExpected = (error: unknown): boolean =>
  error instanceof InputError ||
  error instanceof AnswerError ||
  error instanceof ApiError ||
  error instanceof GitError ||
  error instanceof GitHubError

/**
 * An error's message; an unexpected one says that it is, its message shown as outside text is (it may quote
 * some). A RangeError is a text, list or stack too large to hold (a string past V8's limit, a call too
 * deep): its own message names V8's internals, not what to fix, so it is left out.
 */
export function describeError(error: unknown): string {
  if (isExpected(error)) return (error as Error).message
  const what =
    error instanceof RangeError
      ? 'something too large to hold (a text, list or nesting past what Node.js can hold)'
      : shown(error instanceof Error ? `${error.name}: ${error.message}` : String(error))
  return `Unexpected error: ${what}. Please report this as a bug; the debug log (ACTIONS_STEP_DEBUG) has the stack trace`
}

/** A bug's stack, for the debug log (a bug may throw anything, and an Error may have no stack). */
export function debugStack(error: unknown): void {
  if (error instanceof Error && error.stack !== undefined) log.debug(error.stack)
}
