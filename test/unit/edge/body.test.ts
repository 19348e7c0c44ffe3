import { describe, expect, it } from 'vitest'
import { whyNotHashed } from '../../../src/edge/body.js'

describe('whyNotHashed', () => {
  it('says why each kind of body that was not hashed cannot be compared', () => {
    expect(whyNotHashed({ kind: 'too large', limit: 10 * 1024 * 1024 })).toBe('larger than 10 MiB')
    expect(whyNotHashed({ kind: 'encoded', encoding: 'br' })).toBe('sent with Content-Encoding br')
    expect(whyNotHashed({ kind: 'failed', detail: 'timed out after 3 s' })).toBe('the body was cut off (timed out after 3 s)')
    expect(whyNotHashed({ kind: 'skipped' })).toBe('the body was not read')
    expect(whyNotHashed({ kind: 'drained', bytes: 12 })).toBe('the body was not read')
  })
})
