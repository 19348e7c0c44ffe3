import { describe, expect, it } from 'vitest'
import type { ChangeSet } from '../../../src/changes/index.js'
import { InputError } from '../../../src/errors.js'
import { ApiError } from '../../../src/http/errors.js'
import { getInputs } from '../../../src/inputs/index.js'
import type { OriginFound } from '../../../src/origin/index.js'
import type { OriginPlan } from '../../../src/origin/targets.js'
import { RunRecord } from '../../../src/run/record.js'
import { inputErrorOf, source } from '../../support/inputs.js'
import { captureStdout } from '../../support/stdout.js'

const log = captureStdout()
const minimal = { 'api-key': 'phases-record-test-key', 'api-url': 'https://api.example.net/v1', zone: 'example.com', files: '/a' }
const lines = (prefix: string): string[] =>
  log
    .join('')
    .split('\n')
    .filter((line) => line.startsWith(prefix))

/** What a phase that throws `error` leaves in the record. */
async function stoppedBy(name: string, error: unknown): Promise<RunRecord> {
  const record = new RunRecord()
  await expect(
    record.phase(name, () => {
      throw error
    })
  ).rejects.toBe(error)
  record.stopped(error)
  return record
}

describe('RunRecord', () => {
  it('runs a phase under its name and hands on what it returns', async () => {
    const record = new RunRecord()
    expect(record.state.phase).toBe('reading the inputs')
    expect(await record.phase('the zone lookup', () => 42)).toBe(42)
    expect(record.state.phase).toBe('the zone lookup')
  })

  it('records why the step ends with nothing to send, and whether it does', () => {
    const record = new RunRecord()
    expect(record.nothingToSend(undefined)).toBe(false)
    expect(record.state.nothingToSend).toBeUndefined()
    expect(record.nothingToSend('This push deleted refs/heads/x: nothing changed to purge')).toBe(true)
    expect(record.state.nothingToSend).toBe('This push deleted refs/heads/x: nothing changed to purge')
  })

  it('records what wait-for-origin checks and its longest wait, then what the wait found, whose failure fails the step', () => {
    const record = new RunRecord()
    const plan: OriginPlan = { where: 'edge', urls: [], marker: undefined, known: 0 }
    expect(record.originPlan(undefined, 30)).toBeUndefined()
    expect(record.state.origin).toBeUndefined()
    expect(record.originPlan(plan, 30)).toBe(plan)
    expect(record.state.origin).toEqual({ plan, waitSeconds: 30 })
    const found: OriginFound = { plan, wait: undefined, failure: 'Origin not ready' }
    expect(record.origin(found)).toBe(found)
    expect(record.state.origin).toEqual({ plan, waitSeconds: 30, found })
    expect(record.state.errors).toEqual(['Origin not ready'])
  })

  it('keeps no origin section for a wait it was not told of, but still fails the step for its failure', () => {
    const record = new RunRecord()
    const plan: OriginPlan = { where: 'origin-url', urls: [], marker: undefined, known: 0 }
    record.origin({ plan, wait: undefined, failure: 'Origin not ready' })
    expect(record.state.origin).toBeUndefined()
    expect(record.state.errors).toEqual(['Origin not ready'])
    record.origin({ plan, wait: undefined, failure: undefined })
    expect(record.state.errors).toEqual(['Origin not ready'])
  })

  it('names the phase an API error stopped the run in, with its HTTP status, and gives no stack for it', async () => {
    process.env.RUNNER_DEBUG = '1'
    try {
      const error = new ApiError({ method: 'GET', path: '/zones', kind: 'http', attempts: 1, status: 401 })
      const record = await stoppedBy('the zone lookup', error)
      expect(record.state.stopped).toEqual({ phase: 'the zone lookup', status: 401, input: undefined })
      expect(record.state.errors).toEqual([error.message])
      expect(lines('::debug::')).toEqual([])
    } finally {
      delete process.env.RUNNER_DEBUG
    }
  })

  it('names the input whose value stopped the run', async () => {
    const error = await inputErrorOf(getInputs(source({ ...minimal, 'batch-size': '0' })))
    const record = await stoppedBy('reading the inputs', error)
    expect(error).toBeInstanceOf(InputError)
    expect(record.state.stopped).toEqual({ phase: 'reading the inputs', status: undefined, input: 'batch-size' })
  })

  it('says an unexpected error is a bug, with its stack in the debug log', async () => {
    process.env.RUNNER_DEBUG = '1'
    try {
      const record = await stoppedBy('sending the requests', new TypeError('boom'))
      expect(record.state.stopped).toEqual({ phase: 'sending the requests', status: undefined, input: undefined })
      expect(record.state.errors).toEqual([
        'Unexpected error: TypeError: boom. Please report this as a bug; the debug log (ACTIONS_STEP_DEBUG) has the stack trace'
      ])
      expect(lines('::debug::')).toHaveLength(1)
      expect(lines('::debug::')[0]).toMatch(/^::debug::TypeError: boom%0A\s+at /)
    } finally {
      delete process.env.RUNNER_DEBUG
    }
  })

  it('logs a warning and keeps it for the result', () => {
    const record = new RunRecord()
    record.warn('careful')
    expect(lines('::warning::')).toEqual(['::warning::careful'])
    expect(record.state.warnings).toEqual(['careful'])
  })

  it('records the inputs: dry run, the zone input as given (auto, names, ids) and their warnings', async () => {
    const record = new RunRecord()
    const given = await getInputs(source({ ...minimal, zone: 'zn2, example.com', 'dry-run': 'true', 'verify-timeout': '5' }))
    expect(record.inputs(given)).toBe(given)
    expect(record.state).toMatchObject({ dryRun: true, zoneInput: ['zn2', 'example.com'] })
    expect(record.state.warnings).toHaveLength(1)
    expect(lines('::warning::')).toEqual([`::warning::${record.state.warnings[0]}`])
    const auto = new RunRecord()
    auto.inputs(await getInputs(source({ ...minimal, zone: 'auto', files: 'https://example.com/a' })))
    expect(auto.state).toMatchObject({ dryRun: false, zoneInput: ['auto'] })
  })

  it('records everything asked for before the zones are known: the lists and the changed entries, each once', () => {
    const record = new RunRecord()
    const lists = { everything: false, entries: ['/a', '/b'], tags: ['t'] }
    const changes = { entries: ['/b', '/c'] } as unknown as ChangeSet
    expect(record.changes(changes, lists)).toBe(changes)
    expect(record.state.changes).toBe(changes)
    expect(record.state.requested).toEqual({ everything: false, files: ['/a', '/b', '/c'], tags: ['t'] })
    record.changes(undefined, { everything: true, entries: ['/a'], tags: [] })
    expect(record.state.requested).toEqual({ everything: true, files: ['/a'], tags: [] })
  })

  it('records what talking to the API cost, and how long the run took on its clock', () => {
    let now = 100
    const record = new RunRecord(() => now)
    now = 350
    const rateLimits = { limited: 2, waitedMs: 1500, pace: 4 }
    record.finished({ requestsSent: 3, retries: 1, rateLimits })
    expect(record.state).toMatchObject({ requestsSent: 3, retries: 1, rateLimits, durations: { totalMs: 250 } })
    const nothingSent = new RunRecord(() => 0)
    nothingSent.finished(undefined)
    expect(nothingSent.state).toMatchObject({ requestsSent: 0, retries: 0, rateLimits: undefined, durations: { totalMs: 0 } })
  })

  it('records what the edge showed, and fails the step for what was still stale', () => {
    const record = new RunRecord()
    const checked = { verification: undefined, warm: undefined }
    record.edge({ checked, failure: undefined })
    expect(record.state.edge).toBe(checked)
    expect(record.state.errors).toEqual([])
    record.edge({ checked, failure: '1 URL still stale' })
    expect(record.state.errors).toEqual(['1 URL still stale'])
    record.edge(undefined)
    expect(record.state.edge).toBeUndefined()
  })
})
