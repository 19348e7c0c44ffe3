import { describe, expect, it } from 'vitest'
import { AnswerError, GitError, GitHubError, InputError } from '../../src/errors.js'

describe("the step's own errors", () => {
  it.each([
    [(message: string) => new InputError('zone', message), 'InputError'],
    [(message: string) => new AnswerError(message), 'AnswerError'],
    [(message: string) => new GitError(message), 'GitError'],
    [(message: string) => new GitHubError(message), 'GitHubError']
  ])('%o is named %s, for the log and for telling them apart', (make, name) => {
    const error = make('message')
    expect(error.name).toBe(name)
    expect(error.message).toBe('message')
    expect(error).toBeInstanceOf(Error)
  })
})

describe('InputError', () => {
  it('carries the input it was given as data, whatever its message says', () => {
    const error = new InputError('batch-size', 'Input "zone" must be named here, and input "api-key" too.')
    expect(error).toBeInstanceOf(InputError)
    expect(error.input).toBe('batch-size')
    expect(error.message).toBe('Input "zone" must be named here, and input "api-key" too.')
  })
  it('names no input when given none, even when its message quotes one', () => {
    const error = new InputError(undefined, 'Inputs "changed-since" and "previous-manifest": input "x" is quoted, not named.')
    expect(error.input).toBeUndefined()
    expect(error.message).toBe('Inputs "changed-since" and "previous-manifest": input "x" is quoted, not named.')
  })
  it('is reported as the message alone: the input is no part of it', () => {
    expect(String(new InputError('delay', 'Input "delay" must be a whole number.'))).toBe(
      'InputError: Input "delay" must be a whole number.'
    )
  })
})
