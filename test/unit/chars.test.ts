import { describe, expect, it } from 'vitest'
import { isWhitespace } from '../../src/chars.js'

describe('the loops lists are split with', () => {
  it('isWhitespace is \\s, for every UTF-16 unit', () => {
    for (let code = 0; code <= 0xffff; code++) {
      if (isWhitespace(code) !== /\s/.test(String.fromCharCode(code))) expect.fail(`U+${code.toString(16)}`)
    }
  })
})
