import { describe, expect, it } from 'vitest'
import { fc, test } from '../support/property.js'
import { spreadEvenly } from '../../src/sample.js'

describe('spreadEvenly', () => {
  it('takes all when there are no more than asked for', () => {
    expect(spreadEvenly(['a', 'b', 'c'], 3)).toEqual(['a', 'b', 'c'])
    expect(spreadEvenly(['a', 'b'], 20)).toEqual(['a', 'b'])
    expect(spreadEvenly([], 20)).toEqual([])
  })

  it('takes the middle of equal slices', () => {
    const items = Array.from({ length: 10 }, (_, i) => i)
    expect(spreadEvenly(items, 1)).toEqual([5])
    expect(spreadEvenly(items, 2)).toEqual([2, 7])
    expect(spreadEvenly(items, 3)).toEqual([1, 5, 8])
    expect(spreadEvenly(items, 9)).toEqual([0, 1, 2, 3, 5, 6, 7, 8, 9])
  })

  test.prop([fc.array(fc.nat(), { maxLength: 300 }).map((items) => items.map((_, i) => i)), fc.integer({ min: 1, max: 1000 })])(
    'gives min(count, length) different items, in their order',
    (items, count) => {
      const picked = spreadEvenly(items, count)
      expect(picked).toHaveLength(Math.min(count, items.length))
      for (let i = 1; i < picked.length; i++) expect(picked[i] as number).toBeGreaterThan(picked[i - 1] as number)
    }
  )
})
