import { describe, expect, it } from 'vitest'
import { newRunState } from '../../../src/run/state.js'

describe('newRunState', () => {
  it('starts from a state in which nothing is known or done', () => {
    expect(newRunState()).toStrictEqual({
      dryRun: false,
      zoneInput: [],
      phase: 'reading the inputs',
      zones: [],
      outcomes: [],
      requestsSent: 0,
      retries: 0,
      traffic: [],
      errors: [],
      warnings: [],
      durations: {}
    })
  })

  it("gives a new state each time, so that one run's records never show in another's", () => {
    const first = newRunState()
    first.errors.push('failed')
    first.durations.totalMs = 1
    expect(newRunState()).toMatchObject({ errors: [], durations: {} })
  })
})
