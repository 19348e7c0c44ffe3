/** A mistake in the step's inputs: reported as the message alone, never with a stack trace. */
export class InputError extends Error {
  override name = 'InputError'
}
