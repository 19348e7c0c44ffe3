import { describe, expect, it } from 'vitest'
import { finalState, finalStatus, fitted, pendingStatus } from '../../../src/commit-status/describe.js'
import { registerSecret } from '../../../src/secrets/index.js'
import { runOutcome } from '../../support/run-outcome.js'

const asked = { zones: ['example.com'], files: 300, tags: 0, everything: false }

describe('pendingStatus', () => {
  it('says what is purged and where', () => {
    expect(pendingStatus(asked, false)).toEqual({ state: 'pending', description: 'purging 300 URLs on example.com' })
    expect(pendingStatus({ ...asked, files: 1, tags: 5 }, false).description).toBe('purging 1 URL and 5 tags on example.com')
    expect(pendingStatus({ ...asked, files: 0, tags: 1 }, false).description).toBe('purging 1 tag on example.com')
    expect(pendingStatus({ ...asked, files: 0, everything: true }, false).description).toBe('purging everything on example.com')
    expect(pendingStatus({ ...asked, files: 0 }, false).description).toBe('applying the settings on example.com')
  })

  it('names one or two zones, and counts more', () => {
    expect(pendingStatus({ ...asked, zones: ['a.com', 'b.com'] }, false).description).toBe('purging 300 URLs on a.com and b.com')
    expect(pendingStatus({ ...asked, zones: ['a.com', 'b.com', 'c.com'] }, false).description).toBe('purging 300 URLs on 3 zones')
    expect(pendingStatus({ ...asked, zones: [] }, false).description).toBe('purging 300 URLs on no zone')
  })

  it('says the step waits for the origin first', () => {
    expect(pendingStatus(asked, true).description).toBe('waiting for the origin, then purging 300 URLs on example.com')
  })
})

describe('finalState', () => {
  it('is error when the run stopped or was cancelled, else success when ok, else failure', () => {
    expect(finalState({ cancelled: false, stopped: null, ok: true })).toBe('success')
    expect(finalState({ cancelled: false, stopped: null, ok: false })).toBe('failure')
    expect(finalState({ cancelled: true, stopped: null, ok: true })).toBe('error')
    expect(finalState({ cancelled: false, stopped: 'the zone lookup failed', ok: false })).toBe('error')
    expect(finalState({ cancelled: false, stopped: '', ok: true })).toBe('error')
  })
})

describe('finalStatus', () => {
  it('success: the counts, the zone and the time', () => {
    expect(finalStatus(runOutcome())).toEqual({ state: 'success', description: '300 URLs purged on example.com in 4.2 s' })
    expect(finalStatus(runOutcome({ ms: 850 })).description).toBe('300 URLs purged on example.com in 850 ms')
    expect(finalStatus(runOutcome({ tags: 2, purgedTags: 2 })).description).toBe('300 URLs and 2 tags purged on example.com in 4.2 s')
    expect(finalStatus(runOutcome({ files: 0, purgedFiles: 0, tags: 1, purgedTags: 1 })).description).toBe(
      '1 tag purged on example.com in 4.2 s'
    )
    expect(finalStatus(runOutcome({ files: 0, purgedFiles: 0, everything: true, purgedEverything: true })).description).toBe(
      'everything purged on example.com in 4.2 s'
    )
    expect(finalStatus(runOutcome({ files: 0, purgedFiles: 0 })).description).toBe('settings applied on example.com in 4.2 s')
  })

  it('success with verify: fresh at the edge', () => {
    expect(finalStatus(runOutcome({ stale: 0 }))).toEqual({
      state: 'success',
      description: '300 URLs purged on example.com in 4.2 s; fresh at the edge'
    })
  })

  it('failure: how many failed, were stale, or that everything was not confirmed', () => {
    expect(finalStatus(runOutcome({ purgedFiles: 298, failedFiles: 2, ok: false }))).toEqual({
      state: 'failure',
      description: '298 URLs purged on example.com in 4.2 s; 2 failed'
    })
    expect(finalStatus(runOutcome({ tags: 3, purgedTags: 1, failedTags: 2, ok: false })).description).toBe(
      '300 URLs and 1 tag purged on example.com in 4.2 s; 2 failed'
    )
    expect(finalStatus(runOutcome({ stale: 3, ok: false })).description).toBe(
      '300 URLs purged on example.com in 4.2 s; 3 stale at the edge'
    )
    expect(finalStatus(runOutcome({ files: 0, purgedFiles: 0, everything: true, ok: false })).description).toBe(
      'settings applied on example.com in 4.2 s; everything not confirmed'
    )
    expect(finalStatus(runOutcome({ ok: false })).description).toBe('300 URLs purged on example.com in 4.2 s; not all confirmed')
    expect(finalStatus(runOutcome({ purgedFiles: 299, failedFiles: 1, stale: 0, ok: false })).description).toBe(
      '299 URLs purged on example.com in 4.2 s; 1 failed; fresh at the edge'
    )
  })

  it('failure: the origin never served the new build', () => {
    expect(finalStatus(runOutcome({ originNotReady: true, purgedFiles: 0, failedFiles: 300, ok: false }))).toEqual({
      state: 'failure',
      description: 'the origin never served the new build: nothing purged on example.com'
    })
  })

  it('error: the error that stopped the run', () => {
    expect(finalStatus(runOutcome({ stopped: 'The zone lookup failed (HTTP 401): bad key', ok: false }))).toEqual({
      state: 'error',
      description: 'stopped: The zone lookup failed (HTTP 401): bad key'
    })
  })

  it('error: a cancel, with what was purged of what was asked', () => {
    const cancelled = runOutcome({ cancelled: true, purgedFiles: 60, failedFiles: 240, ok: false })
    expect(finalStatus(cancelled)).toEqual({ state: 'error', description: 'cancelled: 60 of 300 URLs purged' })
    expect(finalStatus({ ...cancelled, tags: 5, purgedTags: 2 }).description).toBe('cancelled: 60 of 300 URLs purged; 2 of 5 tags purged')
    expect(finalStatus({ ...cancelled, files: 0, everything: true }).description).toBe('cancelled: everything not purged')
    expect(finalStatus({ ...cancelled, files: 0, everything: true, purgedEverything: true }).description).toBe(
      'cancelled: everything purged'
    )
    expect(finalStatus({ ...cancelled, files: 0 }).description).toBe('cancelled: nothing purged')
    // Cancelled wins over an error that the cancel caused.
    expect(finalStatus({ ...cancelled, stopped: 'x' }).description).toBe('cancelled: 60 of 300 URLs purged')
  })
})

describe('fitted', () => {
  it('keeps a description of 140 characters, and cuts a longer one to 140 with an ellipsis', () => {
    expect(fitted('x'.repeat(140))).toBe('x'.repeat(140))
    expect(fitted('x'.repeat(141))).toBe(`${'x'.repeat(139)}…`)
    expect(fitted('x'.repeat(141))).toHaveLength(140)
  })

  it('never cuts a surrogate pair in two', () => {
    const cut = fitted(`${'x'.repeat(138)}\u{1F600}tail`)
    expect(cut).toBe(`${'x'.repeat(138)}…`)
    expect(fitted(`${'x'.repeat(137)}\u{1F600}tail`)).toBe(`${'x'.repeat(137)}\u{1F600}…`)
  })

  it('hides secrets and a URL’s credentials, and puts the text on one line', () => {
    registerSecret('s3cr3t-t0ken-value')
    expect(fitted('stopped: s3cr3t-t0ken-value\nat https://user:pass@example.com/')).not.toMatch(/s3cr3t|pass|\n/)
    expect(finalStatus(runOutcome({ zones: ['a\u0007b'] })).description).toBe('300 URLs purged on a\\u0007b in 4.2 s')
  })
})
