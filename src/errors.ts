/** A mistake in the step's inputs: reported as the message alone, never with a stack trace. */
export class InputError extends Error {
  override name = 'InputError'

  /** The input the message names first (`Input "batch-size" must…`), for the annotation's title. */
  get input(): string | undefined {
    return /\binput "([a-z][a-z-]*)"/i.exec(this.message)?.[1]
  }
}

/**
 * The API answered something this action cannot use (a missing or mistyped field, a list without
 * end): reported as the message alone, never with a stack trace. The message says what to check.
 */
export class AnswerError extends Error {
  override name = 'AnswerError'
}

/** git failed: its own first error line, with any credential in a remote URL hidden. */
export class GitError extends Error {
  override name = 'GitError'
}

/** A GitHub API call failed: which call, its status, and what to check. */
export class GitHubError extends Error {
  override name = 'GitHubError'
}
