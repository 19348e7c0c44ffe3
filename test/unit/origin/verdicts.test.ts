import { describe, expect, it } from 'vitest'
import { isNew } from '../../../src/origin/verdicts.js'

describe('isNew', () => {
  it('is true for new and gone only', () => {
    expect(['new', 'gone', 'old', 'from-cache', 'error', undefined, null].map((verdict) => isNew(verdict as never))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false
    ])
  })
})
