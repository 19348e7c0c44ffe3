import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/errors.js'
import { parseVerify } from '../../../src/inputs/edge.js'
import { GUARD, mebibyteOf } from '../fixtures/hostile.js'

describe('parseVerify, on a mebibyte of its own separators', () => {
  it.each(['1', '1 ', ' '])('gets through %j', GUARD, (piece) => {
    const value = `${mebibyteOf(piece)}x`
    expect(() => parseVerify(value)).toThrow(InputError)
  })
})
