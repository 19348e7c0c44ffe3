import { fc, test } from '../../support/property.js'
import { describe, expect, it } from 'vitest'
import { headerValue, mayHoldMoreValues } from '../../../src/http/body.js'

describe('mayHoldMoreValues', () => {
  it('bounds the values by the commas, brackets and colons outside strings, plus one', () => {
    expect(mayHoldMoreValues('{}', 1)).toBe(false)
    expect(mayHoldMoreValues('{}', 0)).toBe(true)
    expect(mayHoldMoreValues('[1,2,3]', 4)).toBe(false)
    expect(mayHoldMoreValues('[1,2,3]', 3)).toBe(true)
    expect(mayHoldMoreValues('["a,b:c[d", "e\\",f"]', 3)).toBe(false)
    expect(mayHoldMoreValues('["a,b:c[d", "e\\",f"]', 2)).toBe(true)
  })
  test.prop([fc.json()])('never lets through text of more values than the limit', (text) => {
    let values = 0
    JSON.parse(text, (_key, value: unknown) => (values++, value))
    expect(mayHoldMoreValues(text, values - 1)).toBe(true)
  })
})

describe('mayHoldMoreValues: colons', () => {
  it('counts the value after each colon of an object', () => {
    // {"a":1,"b":2} holds 5 values: the object, two keys and two numbers; its separators say at least 4.
    expect(mayHoldMoreValues('{"a":1,"b":2}', 3)).toBe(true)
    expect(mayHoldMoreValues('{"a":1,"b":2}', 4)).toBe(false)
  })
})

describe('headerValue', () => {
  it('gives the first value of a header sent more than once, the value of one sent once, and undefined for none', () => {
    expect(headerValue({ 'x-request-id': ['first', 'second'] }, 'x-request-id')).toBe('first')
    expect(headerValue({ 'x-request-id': 'only' }, 'x-request-id')).toBe('only')
    expect(headerValue({}, 'x-request-id')).toBeUndefined()
  })
})
