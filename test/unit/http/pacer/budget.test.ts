import { describe, expect, it } from 'vitest'
import { WaitBudget } from '../../../../src/http/pacer/budget.js'

describe('WaitBudget', () => {
  /** A budget on a clock that the test moves with `to`. */
  const at = () => {
    let now = 0
    const budget = new WaitBudget(() => now)
    return { budget, to: (ms: number) => (now = ms) }
  }

  it('counts a stated wait at most its length, a late end spending nothing more', () => {
    const { budget, to } = at()
    budget.hold(1000)
    to(400)
    expect(budget.waited).toBe(400)
    to(1030)
    expect(budget.waited).toBe(1000)
    budget.unhold()
    expect(budget.waited).toBe(1000)
    // An early end (the API showed room again) spends only what was waited.
    budget.hold(1000)
    to(1330)
    budget.unhold()
    expect(budget.waited).toBe(1300)
  })

  it('counts overlapping waits once, up to the latest end they stated', () => {
    const { budget, to } = at()
    to(100)
    budget.hold(1000)
    to(600)
    budget.hold(1000)
    to(1200)
    budget.unhold()
    expect(budget.waited).toBe(1100)
    to(1700)
    budget.unhold()
    // From 100 to 1600, the later of the two stated ends.
    expect(budget.waited).toBe(1500)
  })

  it('counts pacing, which states no end, as long as it lasts, and a stated wait within it no more', () => {
    const { budget, to } = at()
    budget.setHeld(true)
    budget.setHeld(true)
    to(200)
    budget.hold(100)
    to(2500)
    budget.unhold()
    budget.setHeld(false)
    budget.setHeld(false)
    expect(budget.waited).toBe(2500)
    to(3000)
    expect(budget.waited).toBe(2500)
  })
})
