/** A mistake in the step's inputs: reported as the message alone, never with a stack trace. */
export class InputError extends Error {
  override name = 'InputError'
}

/**
 * The API answered something this action cannot use (a missing or mistyped field, a list without
 * end): reported as the message alone, never with a stack trace. The message says what to check.
 */
export class AnswerError extends Error {
  override name = 'AnswerError'
}
