// What tests of the inputs share: the inputs as the runner gives them, and the InputError a call ends in.
import { expect } from 'vitest'
import { InputError } from '../../src/errors.js'
import type { InputSource } from '../../src/inputs/read.js'
import { actionInputs, EXPRESSION_DEFAULTS } from './run-action.js'

/** Inputs as the runner would give them: action.yml defaults, overridden by `given`. */
export function source(given: Record<string, string>, env: NodeJS.ProcessEnv = {}): InputSource {
  return {
    getInput: (name) => {
      const fallback = actionInputs[name]?.default ?? ''
      return given[name] ?? EXPRESSION_DEFAULTS[fallback] ?? fallback
    },
    env: { GITHUB_WORKSPACE: '/work/space', ...env }
  }
}

/** An InputError whose message starts by naming an input (`Input "zone"…`) carries that input as data, for the annotation's title. */
function namesItsInput(error: InputError): InputError {
  const named = /^Input "([a-z-]+)"/.exec(error.message)?.[1]
  if (named !== undefined) expect(error.input, error.message).toBe(named)
  return error
}

/** The InputError `fn` throws (failing the test when it throws nothing, or something else). */
export function inputError(fn: () => unknown): InputError {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return namesItsInput(error as InputError)
  }
  throw new Error('expected an InputError, nothing was thrown')
}

/** The InputError a promise rejects with; fails the test if it resolves or rejects with anything else. */
export async function inputErrorOf(promise: Promise<unknown>): Promise<InputError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason
  )
  expect(error).toBeInstanceOf(InputError)
  return namesItsInput(error as InputError)
}
