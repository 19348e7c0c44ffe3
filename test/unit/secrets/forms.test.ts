import { describe, expect, it } from 'vitest'
import { maskedForms } from '../../../src/secrets/forms.js'

describe('maskedForms', () => {
  it('spells a secret with a lone surrogate as UTF-8 sends it (U+FFFD), rather than failing with a URIError', () => {
    const secret = 'abcdefgh\ud800ijklmnop'
    const forms = maskedForms(secret)
    expect(forms[0]).toBe(secret)
    expect(forms).toContain(encodeURIComponent('abcdefgh\ufffdijklmnop'))
  })

  it('gives the secret first, then its percent-encoded spelling', () => {
    expect(maskedForms('key with spaces/and+plus').slice(0, 2)).toEqual(['key with spaces/and+plus', 'key%20with%20spaces%2Fand%2Bplus'])
  })
})
