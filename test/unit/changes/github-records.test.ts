import { describe, expect, it } from 'vitest'
import type * as Records from '../../../src/changes/github-records.js'
import { readParents } from '../../../src/changes/github-records.js'
import { loadAfresh } from '../../support/fresh.js'

const SHA1 = 'a'.repeat(40)
const SHA2 = 'b'.repeat(40)
const SHA256 = 'c'.repeat(64)

describe('readParents', () => {
  it("reads a commit answer's parents' SHAs, first parent first", () => {
    expect(readParents({ sha: SHA1, parents: [{ sha: SHA2, url: 'x' }, { sha: SHA256 }] })).toEqual([SHA2, SHA256])
    expect(readParents({ sha: SHA1, parents: [] })).toEqual([])
  })

  it('reads an answer that is no object, or whose parents are no list, as no parents, without throwing', () => {
    for (const answer of [undefined, null, 'text', 3, [SHA1], {}, { parents: null }, { parents: { sha: SHA1 } }]) {
      expect(readParents(answer)).toBeUndefined()
    }
  })

  it('reads no parents when any of them is no object or has no full SHA, without throwing', () => {
    for (const parent of [null, undefined, SHA2, 7, [SHA2], {}, { sha: 'main' }, { sha: SHA2.toUpperCase() }]) {
      expect(readParents({ parents: [{ sha: SHA1 }, parent] })).toBeUndefined()
      expect(readParents({ parents: [parent] })).toBeUndefined()
    }
  })
})

// Each test loads github-records.ts anew (test/support/fresh.ts), and so covers, and checks, what the module makes as
// it loads: the SHA pattern, claimed, isFullSha, isSafeInteger, dateOf.
describe('the module as it loads', () => {
  it('claimed takes an object as it is, and nothing else', async () => {
    const { claimed } = await loadAfresh<typeof Records>('/src/changes/github-records.js')
    const value = { tag_name: 'v1' }
    expect(claimed(value)).toBe(value)
    for (const other of [null, undefined, [value], 'v1', 1]) expect(claimed(other)).toBeUndefined()
  })

  it('isFullSha takes 40 or 64 lowercase hex digits, whole, and nothing else', async () => {
    const { isFullSha } = await loadAfresh<typeof Records>('/src/changes/github-records.js')
    expect([SHA1, SHA256, '0123456789abcdef'.repeat(4), '0123456789abcdef'.repeat(5).slice(0, 40)].map(isFullSha)).toEqual([
      true,
      true,
      true,
      true
    ])
    for (const value of [
      'a',
      'a'.repeat(39),
      'a'.repeat(41),
      'a'.repeat(63),
      'a'.repeat(65),
      'g'.repeat(40),
      'g'.repeat(64),
      `x${SHA1}`,
      `${SHA1}x`,
      `-${SHA256}`,
      `${SHA256}\n`,
      SHA1.toUpperCase(),
      '',
      40,
      [SHA1],
      null
    ]) {
      expect(isFullSha(value)).toBe(false)
    }
  })

  it('isSafeInteger takes a whole number JSON holds exactly, and nothing else', async () => {
    const { isSafeInteger } = await loadAfresh<typeof Records>('/src/changes/github-records.js')
    expect([0, 7, -3, Number.MAX_SAFE_INTEGER].map(isSafeInteger)).toEqual([true, true, true, true])
    for (const value of [1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN, '7', null, undefined]) expect(isSafeInteger(value)).toBe(false)
  })

  it("reads a status's and a run's date as milliseconds, and NaN when it is not a text", async () => {
    const { readStatuses, readWorkflowRun, readDeployment } = await loadAfresh<typeof Records>('/src/changes/github-records.js')
    const at = '2026-11-26T10:00:00Z'
    expect(
      readStatuses([
        { state: 'success', created_at: at },
        { state: 'failure', created_at: 5 }
      ])
    ).toEqual([
      { state: 'success', at: Date.parse(at) },
      { state: 'failure', at: Number.NaN }
    ])
    const run = { id: 4, workflow_id: 7, head_sha: SHA1, head_branch: 'main', conclusion: 'success', created_at: at }
    expect(readWorkflowRun(run)).toEqual({
      id: 4,
      workflowId: 7,
      headSha: SHA1,
      headBranch: 'main',
      conclusion: 'success',
      createdAt: Date.parse(at)
    })
    expect(readWorkflowRun({ ...run, created_at: null })?.createdAt).toBeNaN()
    expect(readWorkflowRun({ ...run, id: 1.5 })).toBeUndefined()
    expect(readDeployment({ id: 3, sha: SHA256, environment: 'prod' })).toEqual({ id: 3, sha: SHA256, environment: 'prod' })
    expect(readDeployment({ id: 3, sha: `${SHA1}0`, environment: 'prod' })).toBeUndefined()
  })
})
