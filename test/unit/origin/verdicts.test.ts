import { describe, expect, it } from 'vitest'
import type * as Verdicts from '../../../src/origin/verdicts.js'
import { isNew } from '../../../src/origin/verdicts.js'
import { loadAfresh } from '../../support/fresh.js'

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

  it('is true for new and gone only, as the module loads it', async () => {
    // Loaded afresh within the test, which then covers the function the module makes as it loads (test/support/fresh.ts).
    const { isNew: fresh } = await loadAfresh<typeof Verdicts>('/src/origin/verdicts.js')
    expect(fresh('new')).toBe(true)
    expect(fresh('gone')).toBe(true)
    expect(['old', 'from-cache', 'error', undefined, null].map((verdict) => fresh(verdict as never))).toEqual([
      false,
      false,
      false,
      false,
      false
    ])
  })
})
