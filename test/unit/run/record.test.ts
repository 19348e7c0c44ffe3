import { describe, expect, it } from 'vitest'
import { Cancelled } from '../../../src/cancel.js'
import type { ChangeSet } from '../../../src/changes/index.js'
import { InputError } from '../../../src/errors.js'
import { ApiError } from '../../../src/http/errors.js'
import { getInputs } from '../../../src/inputs/index.js'
import type { OriginFound } from '../../../src/origin/index.js'
import type { OriginPlan } from '../../../src/origin/targets.js'
import { RunRecord } from '../../../src/run/record.js'
import { testCancel } from '../../support/clock.js'
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
    expect(record.origin(found)).toBe(false)
    expect(record.state.origin).toEqual({ plan, waitSeconds: 30, found })
    expect(record.state.errors).toEqual(['Origin not ready'])
    expect(record.state.durations.purgeMs).toBe(0)
  })

  it('lets the purge go after no wait, or a wait that found the origin ready', () => {
    const record = new RunRecord()
    const plan: OriginPlan = { where: 'edge', urls: [], marker: undefined, known: 0 }
    expect(record.origin(undefined)).toBe(true)
    record.originPlan(plan, 30)
    const found: OriginFound = { plan, wait: undefined, failure: undefined }
    expect(record.origin(found)).toBe(true)
    expect(record.state.origin).toEqual({ plan, waitSeconds: 30, found })
    expect(record.state.errors).toEqual([])
    expect(record.state.durations).toEqual({})
  })

  it('records the settings with their wait, then each pass of the purge after them, and times them', () => {
    const record = new RunRecord()
    const request = (kind: 'settings' | 'files', items: string[]) =>
      ({ kind, zoneId: 'z', items, label: kind, method: 'POST', path: '/p', body: {} }) as const
    const outcome = (kind: 'settings' | 'files', items: string[], ok: boolean) =>
      ({ request: request(kind, items), ok, status: 200, attempts: 1, durationMs: 1, error: undefined }) as const
    const applied = outcome('settings', [], true)
    expect(record.settings({ outcomes: [applied], ms: 5 })).toEqual([applied])
    record.spread(30)
    expect(record.state.durations.settingsMs).toBe(35)
    const first = { outcomes: [outcome('files', ['a'], true), outcome('files', ['b'], false)], ms: 7, limit: {} }
    expect(record.purged(first)).toBe(first)
    const second = { outcomes: [outcome('files', ['b'], false), outcome('files', ['a'], true)], ms: 11, limit: {} }
    record.purged(second)
    expect(record.outcomes).toEqual([applied, ...second.outcomes])
    expect(record.state.outcomes).toEqual([applied, ...second.outcomes])
    expect(record.state.durations).toEqual({ settingsMs: 35, purgeMs: 18 })
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
      const record = await stoppedBy('sending the purge requests', new TypeError('boom'))
      expect(record.state.stopped).toEqual({ phase: 'sending the purge requests', status: undefined, input: undefined })
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

describe('RunRecord, cancelled', () => {
  const cancelLines = (): string[] => lines('Cancelled (')
  const client = { requestsSent: 4, retries: 0, rateLimits: { limited: 0, waitedMs: 0, pace: undefined } }

  it('records the cancel as it comes: the signal, the phase it came in and when, by its clock; and says so in the log', async () => {
    let now = 100
    const record = new RunRecord(() => now)
    const { signal, cancel } = testCancel()
    record.watch(signal)
    await record.phase('sending the purge requests', () => undefined)
    expect(record.state.cancelled).toBeUndefined()
    expect(cancelLines()).toEqual([])
    now = 4300
    cancel()
    expect(record.state.cancelled).toEqual({ signal: 'SIGINT', phase: 'sending the purge requests', afterMs: 4200 })
    expect(cancelLines()).toEqual([
      'Cancelled (SIGINT) at: sending the purge requests. No new request starts; purges and settings in flight have up to 5 s to answer.'
    ])
  })

  it('gives changes in flight the grace of the signal that came: 1.5 s after SIGTERM or SIGBREAK', () => {
    for (const name of ['SIGTERM', 'SIGBREAK'] as const) {
      const record = new RunRecord(() => 0)
      const { signal, cancel } = testCancel(name)
      record.watch(signal)
      cancel()
      expect(record.state.cancelled).toEqual({ signal: name, phase: 'reading the inputs', afterMs: 0 })
    }
    expect(cancelLines()).toEqual(
      ['SIGTERM', 'SIGBREAK'].map(
        (name) =>
          `Cancelled (${name}) at: reading the inputs. No new request starts; purges and settings in flight have up to 1.5 s to answer.`
      )
    )
  })

  it('records a signal cancelled before it was watched at once, in the phase the run is in', () => {
    let now = 10
    const record = new RunRecord(() => now)
    const { signal, cancel } = testCancel()
    cancel()
    now = 12.5
    record.watch(signal)
    expect(record.state.cancelled).toEqual({ signal: 'SIGINT', phase: 'reading the inputs', afterMs: 2.5 })
    expect(cancelLines()).toHaveLength(1)
  })

  it('starts no phase once cancelled: the phase ends at once with the cancel, and the record keeps the phase it came in', async () => {
    const record = new RunRecord()
    const { signal, cancel, reason } = testCancel()
    record.watch(signal)
    await record.phase('the zone lookup', () => undefined)
    cancel()
    let ran = false
    const error = await record
      .phase('routing the URLs to zones', () => {
        ran = true
      })
      .catch((caught: unknown) => caught)
    expect(error).toBe(reason)
    expect(error).toBeInstanceOf(Cancelled)
    expect(ran).toBe(false)
    expect(record.state.phase).toBe('the zone lookup')
  })

  it('records nothing for an abort that is not a cancel, but starts no phase after it either', async () => {
    const record = new RunRecord()
    const controller = new AbortController()
    record.watch(controller.signal)
    const other = new RangeError('not a cancel')
    controller.abort(other)
    expect(record.state.cancelled).toBeUndefined()
    expect(cancelLines()).toEqual([])
    await expect(record.phase('the zone lookup', () => 1)).rejects.toBeInstanceOf(RangeError)
    const already = new RunRecord()
    already.watch(AbortSignal.abort(other))
    expect(already.state.cancelled).toBeUndefined()
  })

  it('once cancelled, whatever ended the run is the cancel: its phase, no HTTP status, no input, no stack', async () => {
    process.env.RUNNER_DEBUG = '1'
    try {
      for (const error of [
        new ApiError({ method: 'POST', path: '/zones/z1/purge', kind: 'http', attempts: 1, status: 503 }),
        new TypeError('a read the cancel cut short'),
        await inputErrorOf(getInputs(source({ ...minimal, 'batch-size': '0' })))
      ]) {
        const record = new RunRecord()
        const { signal, cancel } = testCancel('SIGTERM')
        record.watch(signal)
        await record.phase('sending the purge requests', () => undefined)
        cancel()
        record.state.phase = 'checking the edge'
        record.stopped(error)
        expect(record.state.stopped).toEqual({ phase: 'sending the purge requests', status: undefined, input: undefined })
        expect(record.state.errors).toEqual(['The run was cancelled (SIGTERM) at: sending the purge requests'])
      }
      expect(lines('::debug::')).toEqual([])
    } finally {
      delete process.env.RUNNER_DEBUG
    }
  })

  it('turns a cancel that ended no phase into a stop when the run finishes', () => {
    const record = new RunRecord()
    const { signal, cancel } = testCancel()
    record.watch(signal)
    record.state.phase = 'checking the edge'
    cancel()
    record.finished(client)
    expect(record.state.stopped).toEqual({ phase: 'checking the edge', status: undefined, input: undefined })
    expect(record.state.errors).toEqual(['The run was cancelled (SIGINT) at: checking the edge'])
    expect(record.state.requestsSent).toBe(4)
  })

  it('does not stop the run twice: a cancel that ended a phase is said once', async () => {
    const record = new RunRecord()
    const { signal, cancel, reason } = testCancel()
    record.watch(signal)
    cancel()
    const error = await record.phase('the zone lookup', () => undefined).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Cancelled)
    record.stopped(reason)
    record.finished(client)
    expect(record.state.errors).toEqual(['The run was cancelled (SIGINT) at: reading the inputs'])
  })

  it('leaves a run that was not cancelled without a stop when it finishes', () => {
    const record = new RunRecord()
    record.watch(testCancel().signal)
    record.finished(client)
    expect(record.state.stopped).toBeUndefined()
    expect(record.state.cancelled).toBeUndefined()
    expect(record.state.errors).toEqual([])
  })

  it('no longer listens once the run has finished: a signal during the report changes nothing', async () => {
    let now = 0
    const record = new RunRecord(() => now)
    const { signal, cancel } = testCancel()
    record.watch(signal)
    record.finished(client)
    now = 50
    cancel()
    expect(record.state.cancelled).toBeUndefined()
    expect(record.state.stopped).toBeUndefined()
    expect(record.state.errors).toEqual([])
    expect(record.state.durations.totalMs).toBe(0)
    expect(cancelLines()).toEqual([])
    // Nor does it keep a phase of the report from running.
    expect(await record.phase('writing the report', () => 7)).toBe(7)
  })
})

describe('the commit status', () => {
  it('keeps the commit status as the phases give it', () => {
    const record = new RunRecord()
    const found = { context: 'cdn-purge', commit: { sha: 'a'.repeat(40), why: 'GITHUB_SHA' } }
    record.commitStatus(found)
    expect(record.state.commitStatus).toBe(found)
    record.commitStatus(undefined)
    expect(record.state.commitStatus).toBeUndefined()
  })
})
