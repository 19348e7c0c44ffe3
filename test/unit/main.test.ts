import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as AnalyticsModule from '../../src/analytics.js'
import type * as EdgeModule from '../../src/edge/index.js'
import type * as VerifyModule from '../../src/edge/verify.js'
import type * as ExecuteModule from '../../src/purge/execute.js'
import type * as OriginModule from '../../src/origin/index.js'
import { ApiClient } from '../../src/http/client.js'
import { PROPAGATION_MS } from '../../src/purge/execute.js'
import { WAIT_PROGRESS_EVERY_MS } from '../../src/purge/wait.js'
import { run, type RunOptions } from '../../src/main.js'
import type * as ReportModule from '../../src/report/index.js'
import type * as ResultModule from '../../src/run/result/index.js'
import type * as RoutingModule from '../../src/purge/routing.js'
import { parseOutputFile } from '../support/run-action.js'
import { startEdge, type StandInEdge } from '../stand-in/edge.js'
import { git, makeHistory } from '../stand-in/git-repo.js'
import { startGitHub, type GitHubStandIn } from '../stand-in/github.js'
import { startStandIn, zone, type StandIn } from '../stand-in/server.js'
import { captureStdout } from '../support/stdout.js'
import { FakeClock, testCancel } from '../support/clock.js'
// Loaded as the file loads, not first inside a test by the phase's import(): a mutation run then counts the module's
// top-level code as static, not as covered by that one test alone (which leaves its constants as survivors).
import '../../src/changes/index.js'

// Faults a test may set, for what no input can cause: a bug in a phase, in deriving the result, in reporting.
// Each is thrown once, as given (not always an Error: a bug may throw anything).
const bugs = vi.hoisted((): Record<'traffic' | 'execute' | 'dryRun' | 'edge' | 'result' | 'report', unknown> => ({
  traffic: undefined,
  execute: undefined,
  dryRun: undefined,
  edge: undefined,
  result: undefined,
  report: undefined
}))
function throwIfSet(what: keyof typeof bugs): void {
  const error = bugs[what]
  if (error === undefined) return
  bugs[what] = undefined
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- a bug may throw anything; main must cope
  throw error
}
vi.mock('../../src/analytics.js', async (importOriginal) => {
  const actual = await importOriginal<typeof AnalyticsModule>()
  return {
    ...actual,
    readAllTraffic: async (...args: Parameters<typeof actual.readAllTraffic>) => {
      throwIfSet('traffic')
      return actual.readAllTraffic(...args)
    }
  }
})
vi.mock('../../src/purge/execute.js', async (importOriginal) => {
  const actual = await importOriginal<typeof ExecuteModule>()
  return {
    ...actual,
    purgeAll: async (...args: Parameters<typeof actual.purgeAll>) => {
      throwIfSet('execute')
      return actual.purgeAll(...args)
    }
  }
})
vi.mock('../../src/edge/verify.js', async (importOriginal) => {
  const actual = await importOriginal<typeof VerifyModule>()
  return {
    ...actual,
    edgePlan: (...args: Parameters<typeof actual.edgePlan>) => {
      throwIfSet('dryRun')
      return actual.edgePlan(...args)
    }
  }
})
// The clocks of the run's two polls, the edge check (rechecks of what is still stale) and the wait for the origin: fresh
// for each test, each set to real time as its poll starts and moved only by the poll's waits, which take no real time
// and are recorded, so that a timeout runs out at once. A test may give the origin wait another sleep of its clock's
// (`cancelling`: a cancel that comes as a wait starts).
let edgeClock = new FakeClock()
let originClock = new FakeClock()
let originSleep: FakeClock['sleep'] | undefined
function startingNow(clock: FakeClock, now: number, sleep = clock.sleep): Pick<FakeClock, 'sleep'> & { now: () => number } {
  clock.now = now
  return { now: () => clock.now, sleep }
}
vi.mock('../../src/edge/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof EdgeModule>()
  return {
    ...actual,
    verifyAndWarm: async (...[purged, probes, request, io]: Parameters<typeof actual.verifyAndWarm>) => {
      throwIfSet('edge')
      return actual.verifyAndWarm(purged, probes, request, { ...io, ...startingNow(edgeClock, io.now()) })
    }
  }
})
vi.mock('../../src/origin/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof OriginModule>()
  return {
    ...actual,
    awaitNewBuild: async (...[plan, settings, io]: Parameters<typeof actual.awaitNewBuild>) =>
      actual.awaitNewBuild(plan, settings, { ...io, ...startingNow(originClock, io.now(), originSleep) })
  }
})
vi.mock('../../src/run/result/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof ResultModule>()
  return {
    ...actual,
    buildResult: (state: Parameters<typeof actual.buildResult>[0]) => {
      throwIfSet('result')
      return actual.buildResult(state)
    }
  }
})
// What main hands the routing as routed ahead of the zone lookup, one a run; and a look at the log when it routes early.
const earlies = vi.hoisted((): unknown[] => [])
const atRouteEarly = vi.hoisted((): { look: () => void } => ({ look: () => undefined }))
vi.mock('../../src/purge/routing.js', async (importOriginal) => {
  const actual = await importOriginal<typeof RoutingModule>()
  return {
    ...actual,
    routeEarly: (...args: Parameters<typeof actual.routeEarly>) => {
      atRouteEarly.look()
      return actual.routeEarly(...args)
    },
    assignWork: (input: Parameters<typeof actual.assignWork>[0]) => {
      earlies.push(input.early)
      return actual.assignWork(input)
    }
  }
})
// Named, so that a test that mocks the report otherwise can put this one back (vi.doUnmock would leave the real module).
const reportMock = vi.hoisted(() => async (importOriginal: <T>() => Promise<T>): Promise<typeof ReportModule> => {
  const actual = await importOriginal<typeof ReportModule>()
  return {
    ...actual,
    writeReport: async (...args: Parameters<typeof actual.writeReport>) => {
      throwIfSet('report')
      return actual.writeReport(...args)
    }
  }
})
vi.mock('../../src/report/index.js', reportMock)

// run() in this process, the way @github/local-action runs it: inputs from INPUT_* variables, outputs
// and the summary to real files, against the loopback stand-in. (The end-to-end tests run the bundle.)

const dir = mkdtempSync(join(tmpdir(), 'cdn-purge-main-'))
const workspace = join(dir, 'workspace')
const outputPath = join(dir, 'output')
const summaryPath = join(dir, 'summary.md')
const saved = { ...process.env }
let api: StandIn
let edge: StandInEdge | undefined
const log = captureStdout()
// One GitHub stand-in for the file: the GitHub client keeps the API address it was first loaded with, so
// every test that reaches it must give the same one, whichever runs first.
const githubToken = 'ghs_mainTestToken000000000000000000000000'
let github: GitHubStandIn

beforeAll(async () => {
  github = await startGitHub(githubToken)
})
beforeEach(async () => {
  edgeClock = new FakeClock()
  originClock = new FakeClock()
  originSleep = undefined
  github.comparisons.clear()
  api = await startStandIn({ zones: [zone('zn1', 'example.com'), zone('zn2', 'example.org')] })
  rmSync(workspace, { recursive: true, force: true })
  mkdirSync(workspace, { recursive: true })
  writeFileSync(outputPath, '')
  writeFileSync(summaryPath, '')
})
afterEach(async () => {
  vi.restoreAllMocks()
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name]
  Object.assign(process.env, saved)
  process.exitCode = undefined
  await api.close()
  await edge?.close()
  edge = undefined
})
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  await github.close()
})

async function runWith(
  inputs: Record<string, string>,
  env: Record<string, string> = {},
  options?: RunOptions
): Promise<{ outputs: Record<string, string>; summary: string; log: string; code: number | undefined }> {
  // Each run's own log, outputs and summary.
  log.length = 0
  writeFileSync(outputPath, '')
  writeFileSync(summaryPath, '')
  // The same process.env object, changed in place: the inputs module keeps a reference to it.
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name]
  Object.assign(
    process.env,
    saved,
    { GITHUB_OUTPUT: outputPath, GITHUB_STEP_SUMMARY: summaryPath, GITHUB_WORKSPACE: workspace, RUNNER_TEMP: dir },
    env
  )
  for (const [name, value] of Object.entries({ 'api-key': api.apiKey, 'api-url': api.url, zone: 'example.com', ...inputs })) {
    process.env[`INPUT_${name.toUpperCase()}`] = value
  }
  await run(options)
  return {
    outputs: parseOutputFile(readFileSync(outputPath, 'utf8')),
    summary: readFileSync(summaryPath, 'utf8'),
    log: log.join(''),
    code: process.exitCode === undefined ? undefined : Number(process.exitCode)
  }
}

/** The deployed page whose new build wait-for-origin waits for. */
const ORIGIN_URL = 'http://example.com/a.html'
/** A run that waits up to 5 s for the origin (through the stand-in edge) to serve ORIGIN_URL's new build, as `served` says it does. */
async function waitForOrigin(served: Parameters<StandInEdge['set']>[1], options?: RunOptions): ReturnType<typeof runWith> {
  edge = await startEdge()
  mkdirSync(join(workspace, 'public'), { recursive: true })
  writeFileSync(join(workspace, 'public', 'a.html'), 'new a')
  edge.set(ORIGIN_URL, served)
  return runWith(
    { files: ORIGIN_URL, 'site-dir': 'public', 'url-base': 'http://example.com/', 'wait-for-origin': '5' },
    { HTTP_PROXY: edge.url, NO_PROXY: '127.0.0.1' },
    options
  )
}

const errorLines = (text: string): string[] => text.split('\n').filter((line) => line.startsWith('::error'))

describe('run', () => {
  it('purges, writes every output and the summary, and succeeds', async () => {
    const step = await runWith({ files: '/a.html\nhttps://example.com/b.css', tags: 'release' })
    expect(step.code).toBeUndefined()
    expect(step.outputs).toMatchObject({ 'zone-id': 'zn1', 'purged-files': '2', 'purged-tags': '1', 'failed-files': '[]', requests: '3' })
    expect(api.purges).toEqual([
      { zoneId: 'zn1', everything: false, files: ['https://example.com/a.html', 'https://example.com/b.css'], tags: [] },
      { zoneId: 'zn1', everything: false, files: [], tags: ['release'] }
    ])
    expect(step.log).toMatch(/^::group::Zone\n(::debug::.*\n)*Zone example\.com \(zn1\), status active\.\n::endgroup::$/m)
    expect(step.log).toContain('Planned 2 requests over 1 zone: 2 URLs and 1 tag, up to 30 a request.')
    expect(step.log).toContain('example.com: purged 2 of 2 URLs, purged 1 of 1 tag (3 HTTP requests).')
    expect(step.summary).toContain('## CDN purge: example.com')
    const result = JSON.parse(step.outputs.result ?? '{}') as { durations: Record<string, number>; stoppedAt: unknown; zoneInput: string[] }
    expect(Object.keys(result.durations).sort()).toEqual(['purgeMs', 'settingsMs', 'totalMs', 'zoneMs'])
    expect(result.stoppedAt).toBeNull()
    expect(result.zoneInput).toEqual(['example.com'])
  })

  it('closes its connections to the API before it returns, unless the process ends when it does', async () => {
    const close = vi.spyOn(ApiClient.prototype, 'close')
    await runWith({ files: '/a.html', 'dry-run': 'true' })
    expect(close).toHaveBeenCalledTimes(1)
    close.mockClear()
    // The action's entry: the exit closes them, so closing first would only be work on a cold start.
    const step = await runWith({ files: '/a.html', 'dry-run': 'true' }, {}, { processEnds: true })
    expect(close).not.toHaveBeenCalled()
    expect(step.code).toBeUndefined()
    expect(step.outputs).toMatchObject({ 'zone-id': 'zn1', requests: '1' })
  })

  it('stops at a bad input before any request, with one titled error and every output', async () => {
    const step = await runWith({ files: '/a', 'batch-size': '0' })
    expect(api.requests).toEqual([])
    expect(errorLines(step.log)).toEqual([
      '::error title=Invalid input "batch-size"::Input "batch-size" must be a whole number of URLs or tags from 1 to 1000, got "0".'
    ])
    expect(step.code).toBe(1)
    expect(step.outputs).toMatchObject({ 'purged-files': '0', 'failed-files': '[]', requests: '0' })
    expect(JSON.parse(step.outputs.result ?? '{}')).toMatchObject({ stoppedAt: 'reading the inputs failed', invalidInput: 'batch-size' })
  })

  it('says where it stopped when the zone lookup fails, and counts everything as not purged', async () => {
    const step = await runWith({ files: '/a.html', 'api-key': 'not-the-key' })
    expect(step.code).toBe(1)
    expect(step.log).toContain('Nothing purged: the zone lookup failed (HTTP 401).')
    expect(JSON.parse(step.outputs['failed-files'] ?? '')).toEqual(['/a.html'])
    expect(JSON.parse(step.outputs.result ?? '{}')).toMatchObject({
      stoppedAt: 'the zone lookup failed (HTTP 401)',
      zoneInput: ['example.com']
    })
    expect(step.summary).toContain('## CDN purge: example.com')
  })

  it('routes the URLs among the zones the input names while the lookup is on the wire, and hands them to the routing', async () => {
    earlies.length = 0
    // Routed once the lookup's request is out and before its answer is in: the zone's line is not in the log yet.
    const zoneLogged: boolean[] = []
    atRouteEarly.look = () => zoneLogged.push(log.some((line) => line.includes('Zone example.com (zn1)')))
    const named = await runWith({ files: '/a https://www.example.com/b' })
    atRouteEarly.look = () => undefined
    expect(named.code).toBeUndefined()
    expect(zoneLogged).toEqual([false])
    expect(named.log).toContain('Zone example.com (zn1), status active.')
    expect(earlies).toEqual([
      { hosts: ['example.com'], outcome: { routed: new Map([['0', ['https://example.com/a', 'https://www.example.com/b']]]) } }
    ])
    expect(named.outputs['purged-files']).toBe('2')
    earlies.length = 0
    const byId = await runWith({ zone: 'zn1', files: '/a' })
    expect(byId.code).toBeUndefined()
    expect(earlies).toEqual([undefined])
  })

  it('names several zones, and auto as given', async () => {
    const several = await runWith({ zone: 'example.com, zn2', files: 'https://example.com/a\nhttps://example.org/b' })
    expect(several.outputs).toMatchObject({ 'zone-id': 'zn1,zn2', 'purged-files': '2' })
    const auto = await runWith({ zone: 'auto', files: 'https://example.org/c' })
    expect(auto.log).toContain('zone: auto - URLs go to the longest matching of 2 active or pending zones.')
    expect(auto.outputs['zone-id']).toBe('zn2')
  })

  it('sends nothing in a dry run and says so', async () => {
    const step = await runWith({ files: '/a.html', 'dry-run': 'true', verify: 'true', warm: 'true' })
    expect(api.requests.map((request) => request.method)).toEqual(['GET'])
    expect(step.log).toContain('Dry run: no purge or settings request is sent, and nothing is fetched from the edge.')
    expect(step.summary).toContain('Dry run: would check 1 URL at the edge and would warm 1 URL.')
    expect(step.code).toBeUndefined()
  })

  it('reads the traffic, warning for what cannot be read, and purges anyway', async () => {
    api.fault({ method: 'GET', path: '/zones/zn1/analytics/traffic', status: 500, times: 10 })
    const step = await runWith({ files: '/a', analytics: '2h', 'max-attempts': '1' })
    expect(step.code).toBeUndefined()
    expect(step.log).toMatch(
      /^::warning::The traffic of example.com could not be read \(GET \/zones\/zn1\/analytics\/traffic failed: HTTP 500/m
    )
    expect(step.outputs['purged-files']).toBe('1')
  })

  it('finds what a build changed from manifests, and writes the new manifest after a good run', async () => {
    mkdirSync(join(workspace, 'public'), { recursive: true })
    writeFileSync(join(workspace, 'public', 'index.html'), 'hello')
    const step = await runWith({
      'previous-manifest': 'cache/m.json',
      manifest: 'cache/m.json',
      'site-dir': 'public',
      'index-file': 'index.html'
    })
    expect(errorLines(step.log)).toEqual([])
    expect(step.code).toBeUndefined()
    expect(step.log).toMatch(/^::group::Changes$/m)
    expect(api.purges.flatMap((purge) => purge.files)).toEqual(['https://example.com/index.html', 'https://example.com/'])
    expect(existsSync(join(workspace, 'cache', 'm.json'))).toBe(true)
    expect(step.log).toContain(`Manifest of ${join(workspace, 'public')} written to ${join(workspace, 'cache', 'm.json')}.`)
    expect(JSON.parse(step.outputs.result ?? '{}')).toMatchObject({ manifestWritten: join(workspace, 'cache', 'm.json') })
  })

  it('does not write the manifest after a failed purge, and warns when it cannot write it', async () => {
    mkdirSync(join(workspace, 'public'), { recursive: true })
    writeFileSync(join(workspace, 'public', 'a.html'), 'a')
    api.fault({ method: 'POST', status: 400 })
    await runWith({ 'previous-manifest': 'm.json', manifest: 'm.json', 'site-dir': 'public' })
    expect(existsSync(join(workspace, 'm.json'))).toBe(false)
    mkdirSync(join(workspace, 'blocked'))
    writeFileSync(join(workspace, 'blocked', 'file'), '')
    const step = await runWith({ 'previous-manifest': 'm.json', manifest: 'blocked/file/m.json', 'site-dir': 'public' })
    expect(step.log).toMatch(
      /^::warning::Input "manifest": the manifest was not written to .*blocked[\\/]file[\\/]m\.json: .*The next run will compare with an older one and purge more\.$/m
    )
  })

  it('checks and warms at the edge, and fails for what is still stale', async () => {
    edge = await startEdge()
    edge.set('http://example.com/a.html', { age: 900 })
    edge.set('http://example.com/b.html', { age: 0 })
    const step = await runWith(
      { files: 'http://example.com/a.html\nhttp://example.com/b.html', verify: 'true', 'verify-timeout': '1', warm: 'true' },
      { HTTP_PROXY: edge.url, NO_PROXY: '127.0.0.1' }
    )
    expect(step.code).toBe(1)
    expect(step.outputs).toMatchObject({ 'verified-files': '1', 'stale-files': '["http://example.com/a.html"]', 'warmed-files': '2' })
    expect(errorLines(step.log)[0]).toMatch(
      /^::error title=CDN purge failed::1 of 2 URLs checked at the edge still served a copy cached before the purge after 1 s/
    )
    // The stale URL was checked again until verify-timeout, on the injected clock.
    expect(edgeClock.sleeps).toEqual([1000])
  })

  it('says how long the run and the zone lookup took, of this run, and how many retries there were', async () => {
    api.fault({ method: 'POST', status: 500 })
    const before = performance.now()
    const step = await runWith({ files: '/a', 'max-attempts': '2' })
    const elapsed = performance.now() - before
    const result = JSON.parse(step.outputs.result ?? '{}') as { retries: number; durations: { zoneMs: number; totalMs: number } }
    expect(result.retries).toBe(1)
    expect(result.durations.zoneMs).toBeLessThanOrEqual(result.durations.totalMs)
    expect(result.durations.totalMs).toBeLessThanOrEqual(Math.ceil(elapsed))
  })

  it('waits the delay before the purge and purge-again-after before the second pass', async () => {
    // The waits are real timers: they are recorded and cut to nothing here.
    const waits: number[] = []
    const realSetTimeout = globalThis.setTimeout
    vi.spyOn(globalThis, 'setTimeout').mockImplementation((fn: () => void, ms?: number) => {
      if (ms !== 7000 && ms !== 9000) return realSetTimeout(fn, ms)
      waits.push(ms)
      return realSetTimeout(fn, 0)
    })
    const step = await runWith({ files: '/a', delay: '7', 'purge-again-after': '9' })
    expect(waits).toEqual([7000, 9000])
    expect(step.log).toContain('Waiting before the purge (delay): 7 s left.')
    expect(step.log).toContain('Waiting before the second pass (purge-again-after): 9 s left.')
    expect(api.purges).toHaveLength(2)
    expect(step.outputs['purged-files']).toBe('1')
  })

  it('gives the input warnings, and writes the summary by default even when an input is wrong', async () => {
    const step = await runWith({ files: '/a', 'verify-timeout': '5' })
    expect(step.log).toMatch(/^::warning::Input "verify-timeout" has no effect without "verify": nothing is checked at the edge\.$/m)
    expect(JSON.parse(step.outputs.result ?? '{}')).toMatchObject({
      warnings: ['Input "verify-timeout" has no effect without "verify": nothing is checked at the edge.']
    })
    const bad = await runWith({ files: '/a', concurrency: 'many' })
    expect(bad.summary).toContain('## CDN purge')
  })

  it('writes no summary when asked not to', async () => {
    const step = await runWith({ files: '/a', summary: 'false' })
    expect(step.summary).toBe('')
    expect(step.outputs['purged-files']).toBe('1')
  })

  it('names the zone input as given: auto, names and ids', async () => {
    const auto = await runWith({ zone: 'auto', files: 'https://example.org/c' })
    expect(JSON.parse(auto.outputs.result ?? '{}')).toMatchObject({ zoneInput: ['auto'] })
    const ids = await runWith({ zone: 'zn2, example.com', files: 'https://example.com/a' })
    expect(JSON.parse(ids.outputs.result ?? '{}')).toMatchObject({ zoneInput: ['zn2', 'example.com'] })
  })

  it('says which phase stopped the step', async () => {
    const stoppedAt = async (inputs: Record<string, string>): Promise<unknown> =>
      (JSON.parse((await runWith(inputs)).outputs.result ?? '{}') as { stoppedAt: unknown }).stoppedAt
    expect(await stoppedAt({ 'files-from': 'missing.txt' })).toBe('reading the URL lists failed')
    expect(await stoppedAt({ 'changed-since': 'HEAD~1' })).toBe('finding what changed failed')
    expect(await stoppedAt({ files: 'https://example.net/x' })).toBe('routing the URLs to zones failed')
  })

  it('says the planning stopped it when settings need the name of a zone known only by id', async () => {
    await api.close()
    api = await startStandIn({ zones: [zone('zn1', 'example.com')], denyListing: true })
    const step = await runWith({ zone: 'zn1', files: 'https://example.com/a', settings: 'limits: {enabled: true}' })
    expect(step.log).toContain('Zone (name unknown) (zn1), status unknown.')
    expect(step.log).toMatch(/^::warning::The API key may not list zones \(HTTP 403\), so zone zn1 is used by id alone/m)
    expect(JSON.parse(step.outputs.result ?? '{}')).toMatchObject({ stoppedAt: 'planning the requests failed', invalidInput: 'settings' })
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([])
  })

  it('says the planning of the origin check stopped it when origin-marker is on no zone of the step, before any purge', async () => {
    const step = await runWith({ files: '/a', 'wait-for-origin': '30', 'origin-marker': 'https://other.net/v.txt 1' })
    expect(step.code).toBe(1)
    expect(JSON.parse(step.outputs.result ?? '{}')).toMatchObject({
      stoppedAt: 'planning the origin check failed',
      invalidInput: 'origin-marker'
    })
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([])
  })

  it('ends once it knows a push deleted a tag, with no zone looked up and no request', async () => {
    const eventPath = join(dir, 'deleted-push.json')
    writeFileSync(eventPath, JSON.stringify({ ref: 'refs/tags/v1', deleted: true, after: '0'.repeat(40) }))
    const step = await runWith({ 'changed-since': 'auto', 'site-dir': 'site' }, { GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: eventPath })
    expect(step.code).toBeUndefined()
    expect(api.requests).toEqual([])
    expect(step.log).toContain('This push deleted refs/tags/v1: nothing changed to purge (no zone looked up, no request sent).')
    expect(JSON.parse(step.outputs.result ?? '{}')).toMatchObject({
      ok: true,
      nothingToSend: 'This push deleted refs/tags/v1: nothing changed to purge',
      stoppedAt: null
    })
  })

  it('creates a zone that does not exist when asked, and says it would in a dry run', async () => {
    const dry = await runWith({ zone: 'new.example', 'create-zone': 'true', 'dry-run': 'true', tags: 't' })
    expect(dry.log).toContain('Zone new.example does not exist: it would be created (dry run).')
    expect(api.zones).toHaveLength(2)
    const step = await runWith({ zone: 'new.example', 'create-zone': 'true', tags: 't' })
    expect(step.log).toContain('Created zone new.example (zn-new-3), status pending.')
    expect(step.outputs['zone-id']).toBe('zn-new-3')
  })

  it('says a purge of everything was planned', async () => {
    const step = await runWith({ 'purge-everything': 'true' })
    expect(step.log).toContain('Planned 1 request over 1 zone: purge everything.')
    expect(api.purges).toEqual([{ zoneId: 'zn1', everything: true, files: [], tags: [] }])
  })

  it('names only the URLs in the plan and the closing line when no tags were asked for', async () => {
    const files = Array.from({ length: 25 }, (_, i) => `/page-${i}.html`).join('\n')
    const step = await runWith({ files, 'batch-size': '10' })
    expect(step.log).toContain('Planned 3 requests over 1 zone: 25 URLs, up to 10 a request.')
    expect(step.log).toContain('example.com: purged 25 of 25 URLs (4 HTTP requests).')
    expect(step.log).not.toMatch(/\btags?\b/)
  })

  it('names only the tags when no URLs were asked for, and one of each in the singular', async () => {
    const tags = await runWith({ tags: 'a, b, c' })
    expect(tags.log).toContain('Planned 1 request over 1 zone: 3 tags, up to 30 a request.')
    expect(tags.log).toContain('example.com: purged 3 of 3 tags (2 HTTP requests).')
    expect(tags.log).not.toMatch(/\bURLs?\b/)
    const one = await runWith({ files: '/a.html', tags: 't' })
    expect(one.log).toContain('Planned 2 requests over 1 zone: 1 URL and 1 tag, up to 30 a request.')
    expect(one.log).toContain('example.com: purged 1 of 1 URL, purged 1 of 1 tag (3 HTTP requests).')
  })

  it('warns when it purges everything instead of a long change list, and only then', async () => {
    mkdirSync(join(workspace, 'public'), { recursive: true })
    writeFileSync(join(workspace, 'public', 'a.html'), 'a')
    writeFileSync(join(workspace, 'public', 'b.html'), 'b')
    const step = await runWith({ 'previous-manifest': 'm.json', 'site-dir': 'public', 'purge-everything-over': '1' })
    expect(step.log).toMatch(
      /^::warning::Purging everything instead of the list: 2 changed URLs is more than purge-everything-over \(1\)\.$/m
    )
    expect(api.purges).toEqual([{ zoneId: 'zn1', everything: true, files: [], tags: [] }])
    const short = await runWith({ 'previous-manifest': 'm.json', 'site-dir': 'public', 'purge-everything-over': '5' })
    expect(short.log).not.toContain('Purging everything')
  })

  describe('with a shallow checkout whose origin is gone, so the GitHub compare API is asked', () => {
    // One history and one clone for these tests (the runs only read the checkout): making them is some twenty git
    // commands, which took most of each test's time, more than a fifth of its limit in a mutation run's initial run.
    let history: ReturnType<typeof makeHistory>
    let checkout = ''
    let base = ''
    let head = ''
    beforeAll(() => {
      history = makeHistory()
      checkout = history.clone('shallow')
      git(checkout, 'remote', 'set-url', 'origin', join(history.root, 'no-such-remote'))
      ;[base, head] = [history.commits[1] ?? '', history.commits[3] ?? '']
    })
    afterAll(() => {
      history.remove()
    })
    const runAgainstCompare = (): Promise<Awaited<ReturnType<typeof runWith>>> =>
      runWith(
        { 'changed-since': base, 'site-dir': 'site', 'github-token': githubToken },
        { GITHUB_WORKSPACE: checkout, GITHUB_SHA: head, GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: github.url }
      )

    it('warns once, not twice, when it purges everything because the change list may be cut off', async () => {
      github.comparisons.set(
        `${base}...${head}`,
        Array.from({ length: 350 }, (_, i) => ({ filename: `site/page-${i}.html`, status: 'modified' }))
      )
      const step = await runAgainstCompare()
      expect(step.code).toBeUndefined()
      expect(step.log.split('\n').filter((line) => line.startsWith('::warning::Purging everything'))).toEqual([
        '::warning::Purging everything: the GitHub compare API lists at most 300 files and this comparison reached that, so the list may be cut off. Check out with enough history (or let the action fetch the base commit) for an exact list.'
      ])
      expect(api.purges).toEqual([{ zoneId: 'zn1', everything: true, files: [], tags: [] }])
    })

    it('reports a failed GitHub compare as itself, not as a bug, and sends nothing', async () => {
      // No comparison set: the stand-in answers 404, a failed call, not a bug.
      const step = await runAgainstCompare()
      expect(step.code).toBe(1)
      const [error] = errorLines(step.log)
      expect(error).toMatch(
        new RegExp(`^::error title=CDN purge failed::GitHub API: comparing ${base}\\.\\.\\.${head} failed \\(HTTP 404\\): `)
      )
      expect(error).not.toContain('Unexpected error')
      expect(api.purges).toEqual([])
    })
  })

  it('posts the pending commit status before the first purge and the final one after it, and reports both', async () => {
    github.statuses.length = 0
    const sha = '9'.repeat(40)
    let purgesAtPending = -1
    const statuses = github.statuses
    const push = statuses.push.bind(statuses)
    statuses.push = (...items) => {
      if (purgesAtPending < 0) purgesAtPending = api.purges.length
      return push(...items)
    }
    try {
      const step = await runWith(
        { files: '/a.html', 'commit-status': 'cdn-purge', 'github-token': githubToken },
        { GITHUB_SHA: sha, GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: github.url }
      )
      expect(step.code).toBeUndefined()
      expect(purgesAtPending).toBe(0)
      expect(github.statuses.map((status) => [status.sha, status.state, status.description])).toEqual([
        [sha, 'pending', 'purging 1 URL on example.com'],
        [sha, 'success', expect.stringMatching(/^1 URL purged on example\.com in /)]
      ])
      expect(step.outputs['commit-status-sha']).toBe(sha)
      expect(JSON.parse(step.outputs.result ?? '{}')).toMatchObject({
        commitStatus: { context: 'cdn-purge', sha, postedOn: sha, pending: { posted: true }, final: { state: 'success', posted: true } }
      })
      expect(step.summary).toContain('### Commit status')
    } finally {
      statuses.push = push
      github.statuses.length = 0
    }
  })

  it('writes a manifest built from the site when no previous one was compared', async () => {
    mkdirSync(join(workspace, 'public'), { recursive: true })
    writeFileSync(join(workspace, 'public', 'a.html'), 'a')
    const step = await runWith({ files: '/a.html', manifest: 'm.json', 'site-dir': 'public' })
    expect(step.code).toBeUndefined()
    expect(JSON.stringify(JSON.parse(readFileSync(join(workspace, 'm.json'), 'utf8')))).toContain('a.html')
  })

  it('passes on what the traffic answer left out', async () => {
    api.fault({
      method: 'GET',
      path: '/zones/zn1/analytics/traffic',
      status: 200,
      body: JSON.stringify({ success: true, data: { totals: { requests: 5, bandwidth: 10, cache_hit_rate: 0.5 } } })
    })
    const step = await runWith({ files: '/a', analytics: '2h' })
    expect(step.log).toMatch(/^::warning::The traffic answer for example\.com has no "timeseries" list, so there is no chart\.$/m)
    expect(step.code).toBeUndefined()
  })

  it('reads the traffic without a warning when it can', async () => {
    const step = await runWith({ files: '/a', analytics: '2h' })
    expect(step.log).toMatch(/^::group::Traffic$/m)
    expect(step.log).not.toContain('::warning::')
    expect((JSON.parse(step.outputs.result ?? '{}') as { traffic: unknown[] }).traffic).toHaveLength(1)
  })

  it('in a dry run, counts what verify and warm would fetch, probes included', async () => {
    const edgePlan = async (inputs: Record<string, string>): Promise<unknown> =>
      (JSON.parse((await runWith({ files: '/a\n/b\n/c', 'dry-run': 'true', ...inputs })).outputs.result ?? '{}') as { edgePlan: unknown })
        .edgePlan
    expect(await edgePlan({ verify: '2', 'probe-urls': '/p' })).toEqual({ verify: 3, warm: 0 })
    expect(await edgePlan({ verify: '5' })).toEqual({ verify: 3, warm: 0 })
    // A probe that is also purged is checked once, as the real check does (chooseTargets).
    expect(await edgePlan({ verify: '5', 'probe-urls': '/a\n/p' })).toEqual({ verify: 4, warm: 0 })
    expect(await edgePlan({ warm: 'true', 'probe-urls': '/a\n/p' })).toEqual({ verify: 0, warm: 4 })
    expect(await edgePlan({})).toBeNull()
  })

  it('warms alone when verify is off, and verifies alone when warm is off', async () => {
    edge = await startEdge()
    const env = { HTTP_PROXY: edge.url, NO_PROXY: '127.0.0.1' }
    const warmed = await runWith({ files: 'http://example.com/a.html', warm: 'true' }, env)
    expect(warmed.code).toBeUndefined()
    expect(JSON.parse(warmed.outputs.result ?? '{}')).toMatchObject({ verification: null, warm: { urls: 1, warmed: 1 } })
    edge.set('http://example.com/a.html', { age: 0 })
    const verified = await runWith({ files: 'http://example.com/a.html', verify: 'true' }, env)
    expect(verified.code).toBeUndefined()
    expect(JSON.parse(verified.outputs.result ?? '{}')).toMatchObject({ verification: { counts: { fresh: 1 } }, warm: null })
  })

  it('compares what the edge serves with the deployed file of each changed URL', async () => {
    edge = await startEdge()
    mkdirSync(join(workspace, 'public'), { recursive: true })
    writeFileSync(join(workspace, 'public', 'a.html'), 'the new page')
    edge.set('http://example.com/a.html', { age: 0, body: 'the new page' })
    const step = await runWith(
      { 'previous-manifest': 'm.json', 'site-dir': 'public', 'url-base': 'http://example.com/', verify: 'true' },
      { HTTP_PROXY: edge.url, NO_PROXY: '127.0.0.1' }
    )
    expect(step.code).toBeUndefined()
    const result = JSON.parse(step.outputs.result ?? '{}') as { verification: { verdicts: { url: string; content: string }[] } }
    expect(result.verification.verdicts).toMatchObject([{ url: 'http://example.com/a.html', content: 'same' }])
  })

  describe('wait-for-origin', () => {
    const a = ORIGIN_URL

    it('purges once the origin serves the new build', async () => {
      const step = await waitForOrigin([{ body: 'old a', times: 1 }, { body: 'new a' }])
      expect(originClock.sleeps).toHaveLength(1)
      expect(step.code).toBeUndefined()
      expect(step.outputs['origin-ready']).toBe('true')
      expect(api.purges).toEqual([{ zoneId: 'zn1', everything: false, files: [a], tags: [] }])
    })

    it('sends no purge when the origin does not serve the new build in time, and says so in one error', async () => {
      const step = await waitForOrigin({ body: 'old a' })
      expect(originClock.sleeps.length).toBeGreaterThan(0)
      expect(api.purges).toEqual([])
      expect(api.requests.map((request) => request.method)).toEqual(['GET'])
      expect(step.code).toBe(1)
      expect(step.outputs['origin-ready']).toBe('false')
      expect(step.outputs['purged-files']).toBe('0')
      expect(JSON.parse(step.outputs['failed-files'] ?? '')).toEqual([a])
      expect(errorLines(step.log)).toHaveLength(1)
      expect(errorLines(step.log)[0]).toMatch(/^::error title=Origin not ready \(wait-for-origin\)::/)
      expect(JSON.parse(step.outputs.result ?? '{}')).toMatchObject({ ok: false, stoppedAt: null, origin: { ready: false } })
    })
  })

  describe('cancelled', () => {
    interface CancelledResult {
      cancelled: { signal: string; phase: string; afterMs: number; files: unknown; tags: unknown } | null
      stoppedAt: string | null
      errors: string[]
      ok: boolean
    }
    const resultOf = (step: { outputs: Record<string, string> }): CancelledResult =>
      JSON.parse(step.outputs.result ?? '{}') as CancelledResult
    /** The real sleep of `ms` (the delay, purge-again-after) does not wait: the run is cancelled as it starts. */
    const cancelDuringWait = (ms: number, cancel: () => void): void => {
      const realSetTimeout = globalThis.setTimeout
      vi.spyOn(globalThis, 'setTimeout').mockImplementation((fn: () => void, after?: number) => {
        if (after !== ms) return realSetTimeout(fn, after)
        // Once the sleep listens to the signal: the cancel ends it, and the timer is cleared.
        queueMicrotask(cancel)
        return realSetTimeout(() => undefined, 0)
      })
    }

    it('starts no phase when cancelled before it began: no request, and the cancel as the one error', async () => {
      const { signal, cancel } = testCancel()
      cancel()
      const step = await runWith({ files: '/a.html' }, {}, { signal })
      expect(api.requests).toEqual([])
      expect(step.code).toBe(1)
      expect(errorLines(step.log)).toHaveLength(1)
      expect(errorLines(step.log)[0]).toMatch(
        /^::error title=Cancelled \(SIGINT\) at%3A reading the inputs::Cancelled \(SIGINT\) \d+\.\d s in, at: reading the inputs\. Nothing was purged\.%0ARun the workflow again/
      )
      expect(resultOf(step)).toMatchObject({
        ok: false,
        stoppedAt: 'reading the inputs failed',
        cancelled: { signal: 'SIGINT', phase: 'reading the inputs' },
        errors: ['The run was cancelled (SIGINT) at: reading the inputs']
      })
    })

    it('cancelled during the delay, sends no purge and says exactly what was not sent', async () => {
      const { signal, cancel } = testCancel()
      cancelDuringWait(7000, cancel)
      const step = await runWith({ files: '/a\n/b', tags: 't', delay: '7', verify: 'true' }, {}, { signal })
      expect(api.purges).toEqual([])
      expect(api.requests.map((request) => request.method)).toEqual(['GET'])
      expect(step.code).toBe(1)
      expect(step.log).toContain('Waiting before the purge (delay): 7 s left.')
      expect(step.log).toContain(
        'Cancelled (SIGINT) at: waiting before the purge (delay). No new request starts; purges and settings in flight have up to 5 s to answer.'
      )
      const result = resultOf(step)
      expect(result).toMatchObject({
        ok: false,
        stoppedAt: 'waiting before the purge (delay) failed',
        cancelled: {
          signal: 'SIGINT',
          phase: 'waiting before the purge (delay)',
          files: { confirmed: 0, notConfirmed: 0, notSent: 2 },
          tags: { confirmed: 0, notConfirmed: 0, notSent: 1 }
        },
        // The requests not sent add no error of their own; nothing was checked at the edge.
        errors: ['The run was cancelled (SIGINT) at: waiting before the purge (delay)'],
        verification: null
      })
      expect(result.cancelled?.afterMs).toBeGreaterThanOrEqual(0)
      expect(JSON.parse(step.outputs['failed-files'] ?? '')).toEqual(['https://example.com/a', 'https://example.com/b'])
      expect(errorLines(step.log)).toHaveLength(1)
      expect(errorLines(step.log)[0]).toMatch(
        /^::error title=Cancelled \(SIGINT\) at%3A waiting before the purge \(delay\)::Cancelled \(SIGINT\) \d+\.\d s in, at: waiting before the purge \(delay\)\. Nothing was purged\. 2 URLs: 0 confirmed, 2 not sent; 1 tag: 0 confirmed, 1 not sent\.%0ARun the workflow again/
      )
      expect(step.summary).toMatch(/^## CDN purge: example\.com\n\n> \[!WARNING\]\n> \*\*Cancelled &#40;SIGINT&#41; /)
    })

    it('cancelled by SIGTERM before the second pass: the first pass stands as purged, with the shorter grace', async () => {
      const { signal, cancel } = testCancel('SIGTERM')
      cancelDuringWait(9000, cancel)
      const step = await runWith({ files: '/a', 'purge-again-after': '9' }, {}, { signal })
      expect(api.purges).toHaveLength(1)
      expect(step.code).toBe(1)
      expect(step.log).toContain(
        'Cancelled (SIGTERM) at: the second pass (purge-again-after). No new request starts; purges and settings in flight have up to 1.5 s to answer.'
      )
      expect(resultOf(step)).toMatchObject({
        cancelled: {
          signal: 'SIGTERM',
          phase: 'the second pass (purge-again-after)',
          files: { confirmed: 1, notConfirmed: 0, notSent: 0 }
        },
        errors: ['The run was cancelled (SIGTERM) at: the second pass (purge-again-after)']
      })
      expect(step.outputs['purged-files']).toBe('1')
      expect(errorLines(step.log)[0]).toMatch(/^::error title=Cancelled \(SIGTERM\) at%3A the second pass \(purge-again-after\)::/)
      expect(errorLines(step.log)[0]).not.toContain('Nothing was purged.')
      expect((JSON.parse(step.outputs.result ?? '{}') as { sent: unknown[] }).sent).toHaveLength(1)
    })

    /** Where a cancel came: the phase the result names, what it left unsent, and that no purge went out. */
    const cancelledIn = (step: { outputs: Record<string, string> }, phase: string): void => {
      expect(api.purges).toEqual([])
      expect(resultOf(step)).toMatchObject({
        ok: false,
        stoppedAt: `${phase} failed`,
        cancelled: { signal: 'SIGINT', phase, files: { confirmed: 0, notConfirmed: 0, notSent: 1 } },
        errors: [`The run was cancelled (SIGINT) at: ${phase}`]
      })
    }

    it('cancelled while the pending commit status is posted, says so and sends no purge', async () => {
      const { signal, cancel } = testCancel()
      const statuses = github.statuses
      const push = statuses.push.bind(statuses)
      statuses.push = (...items) => {
        if (items[0]?.state === 'pending') cancel()
        return push(...items)
      }
      try {
        const step = await runWith(
          { files: '/a.html', 'commit-status': 'cdn-purge', 'github-token': githubToken },
          { GITHUB_SHA: '8'.repeat(40), GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: github.url },
          { signal }
        )
        cancelledIn(step, 'posting the commit status')
      } finally {
        statuses.push = push
        github.statuses.length = 0
      }
    })

    it('cancelled while the settings are sent, says so and sends no purge', async () => {
      await api.close()
      const { signal, cancel } = testCancel()
      api = await startStandIn({
        zones: [zone('zn1', 'example.com')],
        onRequest: (request) => {
          if (request.path.endsWith('/settings')) cancel()
        }
      })
      const step = await runWith({ files: '/a.html', settings: 'limits: {enabled: true}' }, {}, { signal })
      expect(api.requests.map((request) => [request.method, request.path])).toEqual([
        ['GET', '/zones'],
        ['POST', '/zones/example.com/settings']
      ])
      cancelledIn(step, 'applying the settings')
    })

    it('cancelled while the settings spread, says so and sends no purge', async () => {
      const { signal, cancel } = testCancel()
      // The wait's first part, up to its first progress line.
      cancelDuringWait(Math.min(WAIT_PROGRESS_EVERY_MS, PROPAGATION_MS), cancel)
      const step = await runWith({ files: '/a.html', settings: 'limits: {enabled: true}', 'wait-for-propagation': 'true' }, {}, { signal })
      expect(api.requests.map((request) => request.method)).toEqual(['GET', 'POST'])
      expect(step.log).toContain(`Waiting for the settings to reach every edge location: ${PROPAGATION_MS / 1000} s left.`)
      cancelledIn(step, 'waiting for the settings to spread')
    })

    it('cancelled while it waits for the origin, says so, sends no purge, and the origin is not ready', async () => {
      const { signal, cancel } = testCancel()
      originSleep = originClock.cancelling(cancel)
      const step = await waitForOrigin({ body: 'old a' }, { signal })
      expect(originClock.sleeps).toHaveLength(1)
      expect(step.outputs['origin-ready']).toBe('false')
      cancelledIn(step, 'waiting for the origin')
    })

    it('changes nothing when its signal is not aborted', async () => {
      const step = await runWith({ files: '/a' }, {}, { signal: testCancel().signal })
      expect(step.code).toBeUndefined()
      expect(resultOf(step)).toMatchObject({ ok: true, cancelled: null, stoppedAt: null })
    })
  })

  describe('a bug', () => {
    const BUG = 'Please report this as a bug; the debug log (ACTIONS_STEP_DEBUG) has the stack trace'
    const stackLines = (text: string): string[] => text.split('\n').filter((line) => /^::debug::.*%0A\s+at /.test(line))
    /** The lines after the step's error annotation: the stack, when there is one, and nothing else. */
    const afterError = (text: string): string[] =>
      text
        .split('\n')
        .slice(text.split('\n').findIndex((line) => line.startsWith('::error')) + 1)
        .filter((line) => line !== '')
    const withoutStack = <T extends Error>(error: T): T => Object.assign(error, { stack: undefined })
    // The stack goes to the debug log, which is written only when the run has debug logging on.
    const runDebug = (inputs: Record<string, string>): ReturnType<typeof runWith> => runWith(inputs, { RUNNER_DEBUG: '1' })

    it('in a phase is reported as one, with where it stopped and the stack in the debug log', async () => {
      bugs.execute = new TypeError('boom')
      const step = await runDebug({ files: '/a' })
      expect(step.code).toBe(1)
      expect(JSON.parse(step.outputs.result ?? '{}')).toMatchObject({
        stoppedAt: 'sending the purge requests failed',
        errors: [`Unexpected error: TypeError: boom. ${BUG}`]
      })
      expect(stackLines(step.log)).toHaveLength(1)
      expect(stackLines(step.log)[0]).toMatch(/^::debug::TypeError: boom%0A/)
      bugs.edge = 'not an Error'
      const edgeStep = await runDebug({ files: '/a', warm: 'true' })
      expect(JSON.parse(edgeStep.outputs.result ?? '{}')).toMatchObject({
        stoppedAt: 'checking the edge failed',
        errors: [`Unexpected error: not an Error. ${BUG}`]
      })
      expect(stackLines(edgeStep.log)).toEqual([])
      expect(edgeStep.log).not.toMatch(/^::debug::(undefined)?$/m)
      bugs.traffic = withoutStack(new Error('no stack'))
      const trafficStep = await runDebug({ files: '/a', analytics: '2h' })
      expect(JSON.parse(trafficStep.outputs.result ?? '{}')).toMatchObject({
        stoppedAt: 'reading the traffic failed',
        errors: [`Unexpected error: Error: no stack. ${BUG}`]
      })
      expect(trafficStep.log).not.toMatch(/^::debug::(undefined)?$/m)
      bugs.dryRun = new TypeError('dry')
      const dryStep = await runDebug({ files: '/a', warm: 'true', 'dry-run': 'true' })
      expect(JSON.parse(dryStep.outputs.result ?? '{}')).toMatchObject({
        stoppedAt: 'the dry run failed',
        errors: [`Unexpected error: TypeError: dry. ${BUG}`]
      })
    })

    it("shows a RangeError without its message (V8's internals), and any other message cut, on one line", async () => {
      bugs.execute = new RangeError('Invalid string length')
      const ranged = await runDebug({ files: '/a' })
      const rangedResult = JSON.parse(ranged.outputs.result ?? '{}') as { errors: string[] }
      expect(rangedResult.errors).toEqual([
        `Unexpected error: something too large to hold (a text, list or nesting past what Node.js can hold). ${BUG}`
      ])
      expect(errorLines(ranged.log).join('\n')).not.toContain('Invalid string length')
      bugs.execute = new TypeError(`long\n${'x'.repeat(130_000)}`)
      const long = await runDebug({ files: '/a' })
      expect(JSON.parse(long.outputs.result ?? '{}')).toMatchObject({
        errors: [`Unexpected error: TypeError: long ${'x'.repeat(184)}… (129,816 more characters). ${BUG}`]
      })
    })

    it('is not what a wrong input or a refusal is: no stack for those', async () => {
      const input = await runDebug({ files: '/a', 'batch-size': '0' })
      expect(stackLines(input.log)).toEqual([])
      const refused = await runDebug({ files: '/a', 'api-key': 'not-the-key' })
      expect(stackLines(refused.log)).toEqual([])
    })

    it('in deriving the result leaves every URL and tag as not purged, with the error', async () => {
      bugs.result = new RangeError('no result')
      const step = await runDebug({ files: '/a\n/b', tags: 't' })
      expect(step.code).toBe(1)
      expect(api.purges).toHaveLength(2)
      expect(JSON.parse(step.outputs.result ?? '{}')).toMatchObject({
        ok: false,
        zoneInput: ['example.com'],
        failedFiles: ['https://example.com/a', 'https://example.com/b'],
        failedTags: ['t'],
        purgedFiles: 0,
        requests: 3,
        errors: [`Unexpected error: something too large to hold (a text, list or nesting past what Node.js can hold). ${BUG}`]
      })
      expect(stackLines(step.log)[0]).toMatch(/^::debug::RangeError: no result%0A/)
      for (const bug of [withoutStack(new RangeError('no stack')), 'no result either']) {
        bugs.result = bug
        const quiet = await runDebug({ files: '/a' })
        expect(JSON.parse(quiet.outputs.result ?? '{}')).toMatchObject({ ok: false, failedFiles: ['https://example.com/a'] })
        expect(quiet.log).not.toMatch(/^::debug::(undefined)?$/m)
      }
    })

    it('in reporting still ends in one error annotation', async () => {
      bugs.report = new Error('no report')
      const step = await runDebug({ files: '/a' })
      expect(step.code).toBe(1)
      expect(errorLines(step.log)).toEqual([`::error title=CDN purge failed::Unexpected error: Error: no report. ${BUG}.`])
      expect(stackLines(step.log)[0]).toMatch(/^::debug::Error: no report%0A/)
      expect(afterError(step.log)).toEqual([stackLines(step.log)[0]])
      bugs.report = 'no report either'
      const text = await runDebug({ files: '/a' })
      expect(errorLines(text.log)).toEqual([`::error title=CDN purge failed::Unexpected error: no report either. ${BUG}.`])
      expect(afterError(text.log)).toEqual([])
      bugs.report = withoutStack(new Error('no stack'))
      const noStack = await runDebug({ files: '/a' })
      expect(afterError(noStack.log)).toEqual([])
    })

    it('that keeps the report from loading still ends in one error annotation, and nothing escapes in the meantime', async () => {
      vi.doMock('../../src/report/index.js', () => {
        throw new Error('no report code')
      })
      try {
        const step = await runDebug({ files: '/a' })
        expect(step.code).toBe(1)
        expect(errorLines(step.log)).toHaveLength(1)
        expect(errorLines(step.log)[0]).toMatch(/^::error title=CDN purge failed::Unexpected error: Error: .*Please report this as a bug/)
        expect(step.outputs).toEqual({})
      } finally {
        vi.doMock('../../src/report/index.js', reportMock)
      }
    })
  })
})
