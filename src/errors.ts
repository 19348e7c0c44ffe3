/** A mistake in the step's inputs: reported as the message alone, never with a stack trace. */
export class InputError extends Error {
  override name = 'InputError'
  /** The input to fix, as action.yml names it, for the annotation's title; undefined when the mistake is no single input's. */
  readonly input: string | undefined

  /**
   * @param input The input the message names (`"batch-size"`), or undefined when the mistake is not one input's:
   * a combination of inputs, the event, the environment.
   * @param message What is wrong and what is accepted, as the user reads it.
   */
  constructor(input: string | undefined, message: string) {
    super(message)
    this.input = input
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
