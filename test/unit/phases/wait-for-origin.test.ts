import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startEdge, type StandInEdge } from '../../stand-in/edge.js'
import { testCancel } from '../../support/clock.js'
import { captureStdout } from '../../support/stdout.js'
import { Cancelled } from '../../../src/cancel.js'
import type { ChangeSet } from '../../../src/changes/index.js'
import { getInputs } from '../../../src/inputs/index.js'
import { planOrigin, waitForOrigin } from '../../../src/phases/wait-for-origin.js'
import { RunRecord } from '../../../src/run/record.js'
import type { WorkAssignment } from '../../../src/purge/routing.js'
import { inputErrorOf, source } from '../../support/inputs.js'

const stdout = captureStdout()
const minimal = { 'api-key': 'phases-origin-test-key', 'api-url': 'https://api.example.net/v1', zone: 'example.com', files: '/a' }
const zone = { id: 'z1', name: 'example.com', status: 'active' }
const work = (requested: Partial<WorkAssignment['requested']>, probes: string[] = []): WorkAssignment => ({
  zones: [{ zone, requested: { everything: false, files: [], tags: [], ...requested } }],
  requested: { everything: false, files: [], tags: [], ...requested },
  changedUrls: [],
  everythingInstead: undefined,
  probes: new Map(probes.length === 0 ? [] : [['z1', probes]])
})
const changes = (deployed: [string, string][]): ChangeSet => ({
  source: 'git',
  how: 'git diff',
  base: 'a',
  head: 'b',
  commit: undefined,
  why: '',
  link: undefined,
  files: deployed.map(([, file]) => file),
  entries: deployed.map(([entry]) => entry),
  deployed: new Map(deployed),
  incomplete: undefined,
  manifest: undefined,
  nothingDeployed: undefined
})

describe('planOrigin', () => {
  it('plans nothing when wait-for-origin is off, or when nothing is to be purged', async () => {
    const off = await getInputs(source({ ...minimal, 'site-dir': 'public' }))
    expect(await planOrigin(off, work({ files: ['https://example.com/a'] }), undefined)).toBeUndefined()
    const on = await getInputs(source({ ...minimal, 'site-dir': 'public', 'wait-for-origin': '30' }))
    expect(await planOrigin(on, work({}), undefined)).toBeUndefined()
  })

  it('maps the purged URLs into site-dir, the change list’s files first, and resolves the marker on the zone', async () => {
    const given = await getInputs(source({ ...minimal, 'site-dir': 'public', 'wait-for-origin': '30', 'origin-marker': '/v.txt 1.2' }))
    const plan = await planOrigin(
      given,
      work({ files: ['https://example.com/a.html', 'https://example.com/b.html'] }),
      changes([['/a.html', 'build/a.html']])
    )
    expect(plan).toEqual({
      where: 'edge',
      urls: [
        { url: 'https://example.com/a.html', fetchUrl: 'https://example.com/a.html', file: resolve('/work/space', 'build/a.html') },
        { url: 'https://example.com/b.html', fetchUrl: 'https://example.com/b.html', file: resolve('/work/space', 'public', 'b.html') }
      ],
      marker: { url: 'https://example.com/v.txt', fetchUrl: 'https://example.com/v.txt', file: undefined, text: '1.2' },
      known: 2
    })
  })

  it('lets the probe URLs stand in for a purge of tags', async () => {
    const given = await getInputs(source({ ...minimal, files: '', tags: 't', 'site-dir': 'public', 'wait-for-origin': '30' }))
    const plan = await planOrigin(given, work({ tags: ['t'] }, ['https://example.com/']), undefined)
    expect(plan?.urls.map((url) => url.file)).toEqual([resolve('/work/space', 'public', 'index.html')])
  })

  it('names origin-marker when its URL is on no zone of the step', async () => {
    const given = await getInputs(source({ ...minimal, 'wait-for-origin': '30', 'origin-marker': 'https://other.net/v.txt 1' }))
    const error = await inputErrorOf(planOrigin(given, work({ files: ['https://example.com/a'] }), undefined))
    expect(error.input).toBe('origin-marker')
    expect(error.message).toMatch(/^Input "origin-marker": 1 entry in "origin-marker" is not a URL of this zone/)
  })

  it('checks nothing through the edge on a zone whose name is not known', async () => {
    const given = await getInputs(source({ ...minimal, 'site-dir': 'public', 'wait-for-origin': '30' }))
    const unnamed: WorkAssignment = {
      ...work({ files: ['https://example.com/a.html'] }),
      zones: [{ zone: { id: 'z1', name: undefined, status: 'active' }, requested: work({}).requested }]
    }
    const error = await inputErrorOf(planOrigin(given, unnamed, undefined))
    expect(error.input).toBe('wait-for-origin')
  })

  it('in a dry run, says in the log what would be checked and where, and fetches nothing', async () => {
    const given = await getInputs(source({ ...minimal, 'site-dir': 'public', 'wait-for-origin': '45', 'dry-run': 'true' }))
    await planOrigin(given, work({ files: ['https://example.com/a.html'] }), undefined)
    expect(stdout.join('')).toContain(
      'Dry run: would wait up to 45 s for the origin to serve the new build, checking 1 URL, through the edge, each at its own address with a cache-busting query parameter and Cache-Control: no-cache.'
    )
    stdout.length = 0
    await planOrigin({ ...given, dryRun: false }, work({ files: ['https://example.com/a.html'] }), undefined)
    expect(stdout.join('')).toBe('')
  })
})

describe('waitForOrigin', () => {
  const dir = mkdtempSync(join(tmpdir(), 'phases-origin-'))
  /** A plan that checks one URL through the edge against the deployed file `file` of the site folder. */
  const edgePlan = (url: string, file: string) =>
    ({ where: 'edge', urls: [{ url, fetchUrl: url, file: join(dir, file) }], marker: undefined, known: 1 }) as const
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  let edge: StandInEdge
  beforeEach(async () => {
    edge = await startEdge()
    for (const name of ['http_proxy', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY']) vi.stubEnv(name, undefined)
    vi.stubEnv('HTTP_PROXY', edge.url)
  })
  afterEach(async () => {
    await edge.close()
    vi.unstubAllEnvs()
  })

  it('waits for nothing without a plan, and the run records that the purge may go', async () => {
    const given = await getInputs(source(minimal))
    const record = new RunRecord()
    const found = await waitForOrigin(given, undefined, record.warn)
    expect(found).toBeUndefined()
    expect(record.origin(found)).toBe(true)
    expect(edge.requests).toEqual([])
  })

  it('waits, records what it found in the run, and lets the purge go when the origin is ready', async () => {
    writeFileSync(join(dir, 'a.html'), 'new a')
    edge.set('http://example.com/a.html', { body: 'new a' })
    const given = await getInputs(source({ ...minimal, 'site-dir': 'public', 'wait-for-origin': '7', timeout: '3' }))
    const record = new RunRecord()
    const plan = edgePlan('http://example.com/a.html', 'a.html')
    record.originPlan(plan, 7)
    expect(record.origin(await waitForOrigin(given, plan, record.warn))).toBe(true)
    expect(record.state.origin?.found?.wait).toMatchObject({ ready: true, checks: 1 })
    expect(record.state.errors).toEqual([])
    expect(record.state.durations.purgeMs).toBeUndefined()
    expect(stdout.join('')).toContain('::group::Origin')
    expect(stdout.join('')).toContain('Waiting up to 7 s for the origin to serve the new build')
    expect(edge.requests[0]?.headers['user-agent']).toMatch(/^cdn-purge-action\//)
  })

  it('holds the purge and records the failure when the origin cannot be shown ready', async () => {
    const given = await getInputs(source({ ...minimal, 'site-dir': 'public', 'wait-for-origin': '7' }))
    const record = new RunRecord()
    const plan = edgePlan('http://example.com/x.html', 'x.html')
    record.originPlan(plan, 7)
    expect(record.origin(await waitForOrigin(given, plan, record.warn))).toBe(false)
    expect(record.state.warnings).toHaveLength(1)
    expect(record.state.errors).toHaveLength(1)
    // Nothing was purged, in no time.
    expect(record.state.durations.purgeMs).toBe(0)
    expect(record.state.errors[0]).toMatch(/^Input "wait-for-origin": none of the deployed files/)
    expect(edge.requests).toEqual([])
  })

  it('ends the wait at once when the run is cancelled, rejecting with the cancel, and records no verdict', async () => {
    writeFileSync(join(dir, 'a.html'), 'new a')
    edge.set('http://example.com/a.html', { hang: true })
    // Only the run's signal can end this wait before the test times out.
    const given = await getInputs(source({ ...minimal, 'site-dir': 'public', 'wait-for-origin': '600', timeout: '120' }))
    const record = new RunRecord()
    const plan = edgePlan('http://example.com/a.html', 'a.html')
    record.originPlan(plan, 600)
    const run = testCancel()
    const gate = waitForOrigin(given, plan, record.warn, run.signal)
    await vi.waitFor(() => expect(edge.requests).toHaveLength(1))
    run.cancel()
    await expect(gate).rejects.toBe(run.reason)
    await expect(gate).rejects.toBeInstanceOf(Cancelled)
    expect(record.state.origin?.found).toBeUndefined()
    expect(edge.requests).toHaveLength(1)
  })
})
