import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/errors.js'
import { parseBoolean } from '../../../src/inputs/flags.js'

describe('parseBoolean', () => {
  it('accepts true and false in any letter case', () => {
    expect(parseBoolean('dry-run', 'TRUE', false)).toBe(true)
    expect(parseBoolean('dry-run', 'False', true)).toBe(false)
    expect(parseBoolean('dry-run', ' tRuE ', false)).toBe(true)
  })
  it('uses the default for an empty value', () => {
    expect(parseBoolean('summary', '', true)).toBe(true)
  })
  it.each(['yes', '1', 'on', 'y'])('rejects %s, naming the input', (value) => {
    expect(() => parseBoolean('dry-run', value, false)).toThrow(
      new InputError('dry-run', `Input "dry-run" must be true or false, got "${value}".`)
    )
  })
})
