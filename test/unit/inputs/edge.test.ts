import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/errors.js'
import { DEFAULT_VERIFY_COUNT, parseVerify } from '../../../src/inputs/edge.js'
import { GUARD, mebibyteOf } from '../../support/hostile.js'
import { inputError } from '../../support/inputs.js'

describe('parseVerify, on a mebibyte of its own separators', () => {
  it.each(['1', '1 ', ' '])('gets through %j', GUARD, (piece) => {
    const value = `${mebibyteOf(piece)}x`
    expect(() => parseVerify(value)).toThrow(InputError)
  })
})

describe('parseVerify', () => {
  it('reads true, false, empty and a count, trimmed and in any letter case', () => {
    expect(parseVerify(' TRUE ')).toBe(DEFAULT_VERIFY_COUNT)
    expect(parseVerify(' 5 ')).toBe(5)
    expect(parseVerify(' False')).toBe(0)
    expect(parseVerify('')).toBe(0)
  })
  it.each(['1e2', '0x10', '1.0', '5x', '0', '1001'])('refuses %j, naming verify as data', (value) => {
    const error = inputError(() => parseVerify(value))
    expect(error.input).toBe('verify')
    expect(error.message).toBe(`Input "verify" must be true, false or how many of the purged URLs to check (1 to 1000); got "${value}".`)
  })
})
