import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/errors.js'
import { parseWholeNumber } from '../../../src/inputs/numbers.js'
import { GUARD, mebibyteOf } from '../fixtures/hostile.js'

describe('parseWholeNumber', () => {
  it('accepts whole numbers within the range', () => {
    expect(parseWholeNumber('batch-size', '1', 30, 1, 1000)).toBe(1)
    expect(parseWholeNumber('batch-size', '1000', 30, 1, 1000)).toBe(1000)
    expect(parseWholeNumber('batch-size', '', 30, 1, 1000)).toBe(30)
  })
  it.each(['0', '1001', '2.5', '-1', 'ten', '1e3', '0x10'])('rejects %s, naming the input and the range', (value) => {
    expect(() => parseWholeNumber('batch-size', value, 30, 1, 1000)).toThrow(
      `Input "batch-size" must be a whole number from 1 to 1000, got "${value}".`
    )
  })
})

describe('parseWholeNumber, at its edges', () => {
  it('parseWholeNumber trims', () => {
    expect(parseWholeNumber('timeout', ' 5 ', 30, 1, 300)).toBe(5)
  })
})

describe('parseWholeNumber, on a mebibyte of its own separators', () => {
  it.each(['1', '1 ', ' '])('gets through %j', GUARD, (piece) => {
    const value = `${mebibyteOf(piece)}x`
    expect(() => parseWholeNumber('delay', value, 0, 0, 1)).toThrow(InputError)
  })
})
