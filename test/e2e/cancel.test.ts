// A cancelled run, end to end: the bundle gets real signals, at the moments and with the timings GitHub's runner
// uses (SIGINT; SIGTERM 7.5 s later; a kill 2.5 s after that), and must stop at once, give changes in flight their
// grace, and report exactly what was purged. The moments are found from what the stand-in has received, not from
// timers, so that a loaded machine changes nothing; the times measured are bounds the runner itself sets.
import type { ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startEdge, type StandInEdge } from '../stand-in/edge.js'
import { startGitHub } from '../stand-in/github.js'
import type { StandIn } from '../stand-in/server.js'
import { EXPRESSION_DEFAULTS, type ActionRun } from '../support/run-action.js'
import { posts, standIn } from './fixture.js'

/** The runner's timings (actions/runner, ProcessInvoker.CancelAndKillProcessTree). */
const SIGTERM_AFTER_MS = 7500
const KILL_AFTER_MS = 2500

const urls = (count: number): string[] => Array.from({ length: count }, (_, i) => `https://example.com/p/${i + 1}.html`)
const batchBody = (first: number): string => `"https://example.com/p/${first}.html"`
const purgePosts = (api: StandIn) => api.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/purge'))

interface Cancelled {
  signal: string
  phase: string
  afterMs: number
  files: { confirmed: number; notConfirmed: number; notSent: number }
  tags: { confirmed: number; notConfirmed: number; notSent: number }
}
/** The summary's text as it reads once rendered: the entities that escape Markdown decoded. */
const read = (markdown: string): string =>
  markdown
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
const resultOf = (run: ActionRun) => JSON.parse(run.outputs.result ?? '{}') as { cancelled: Cancelled | null; ok: boolean }

const timers: NodeJS.Timeout[] = []
const edges: StandInEdge[] = []
const folders: string[] = []
afterEach(async () => {
  timers.splice(0).forEach(clearInterval)
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
  await Promise.all(edges.splice(0).map((edge) => edge.close()))
})

/**
 * Sends `first` once `when()` holds (checked every 5 ms), then plays the runner: SIGTERM 7.5 s later and a kill
 * 2.5 s after that, if the process is still there. `at` is when the first signal was sent, and how many requests
 * the stand-in had then.
 */
function cancelWhen(
  api: StandIn,
  when: () => boolean,
  first: NodeJS.Signals = 'SIGINT',
  second?: { signal: NodeJS.Signals; afterMs: number }
) {
  const at = { sent: Number.NaN, requests: Number.NaN, killed: false }
  const onStart = (child: ChildProcess): void => {
    const poll = setInterval(() => {
      if (!when()) return
      clearInterval(poll)
      at.requests = api.requests.length
      at.sent = performance.now()
      child.kill(first)
      const then = second ?? { signal: 'SIGTERM', afterMs: first === 'SIGINT' ? SIGTERM_AFTER_MS : KILL_AFTER_MS }
      const later = setTimeout(() => {
        if (child.exitCode !== null || child.signalCode !== null) return
        child.kill(then.signal)
        if (then.signal === 'SIGKILL') at.killed = true
        const kill = setTimeout(() => {
          if (child.exitCode !== null || child.signalCode !== null) return
          at.killed = true
          child.kill('SIGKILL')
        }, KILL_AFTER_MS)
        timers.push(kill)
      }, then.afterMs)
      timers.push(later)
    }, 5)
    timers.push(poll)
  }
  return { at, onStart }
}

/** The key appears nowhere the step wrote (the runner prints no ::add-mask:: line): log, stderr, outputs, summary, the list of URLs not purged. */
function keyNowhere(run: ActionRun, key: string): void {
  for (const text of [run.log, run.stderr, run.summary, run.failedFilesText, ...Object.values(run.outputs)]) {
    expect(text).not.toContain(key)
    expect(text).not.toContain(key.slice(0, 8))
    expect(text).not.toContain(Buffer.from(key).toString('base64'))
  }
}

/** Every URL is in exactly one of purged or failed, and nothing counted purged was not accepted by the API. */
function accountsForEvery(run: ActionRun, api: StandIn, asked: readonly string[]): void {
  const failed = JSON.parse(run.outputs['failed-files'] ?? '[]') as string[]
  const accepted = new Set(api.purges.flatMap((purge) => purge.files))
  expect(Number(run.outputs['purged-files']) + failed.length).toBe(asked.length)
  expect(new Set(failed).size).toBe(failed.length)
  const purged = asked.filter((url) => !failed.includes(url))
  expect(purged.every((url) => accepted.has(url))).toBe(true)
  expect(run.failedFilesText.split('\n').filter(Boolean)).toEqual(failed)
}

describe('a cancelled run (end to end, real signals)', () => {
  it('SIGINT mid-purge: no request starts after it, the batch in flight gets its answer, and every URL is accounted for', async () => {
    const api = await standIn()
    // The third batch answers a second late: the signal comes while it is in flight, and its answer within the grace.
    api.fault({ method: 'POST', bodyIncludes: batchBody(61), delayMs: 1000 })
    const asked = urls(300)
    const { at, onStart } = cancelWhen(api, () => purgePosts(api).length === 3)
    const run = await api.run({ files: asked.join('\n'), 'batch-size': '30', concurrency: '1' }, { onStart })
    expect(run.signal).toBeNull()
    expect(run.code).toBe(1)
    expect(at.killed).toBe(false)
    // Before the SIGTERM the runner would send next.
    expect(run.endedAt - at.sent).toBeLessThan(SIGTERM_AFTER_MS)
    expect(api.requests).toHaveLength(at.requests)
    expect(purgePosts(api)).toHaveLength(3)
    expect(run.outputs['purged-files']).toBe('90')
    accountsForEvery(run, api, asked)
    expect(resultOf(run).cancelled).toMatchObject({
      signal: 'SIGINT',
      phase: 'sending the purge requests',
      files: { confirmed: 90, notConfirmed: 0, notSent: 210 }
    })
    expect(resultOf(run).cancelled?.afterMs).toBeGreaterThan(0)
    expect(read(run.summary)).toMatch(
      /\[!WARNING\]\n> \*\*Cancelled \(SIGINT\) [\d.]+ s in, at: sending the purge requests\. 300 URLs: 90 confirmed, 210 not sent\.\*\*/
    )
    expect(run.log).toMatch(/^Cancelled \(SIGINT\) [\d.]+ s in, at: sending the purge requests\. 300 URLs: 90 confirmed, 210 not sent\.$/m)
    const errors = run.log.split('\n').filter((line) => line.startsWith('::error'))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^::error title=Cancelled \(SIGINT\) at%3A sending the purge requests::/)
    expect(errors[0]).toContain('if: cancelled()')
    expect(run.outputs.manifest).toBeUndefined()
    keyNowhere(run, api.apiKey)
  })

  it('SIGTERM alone: the grace is shorter, and the step still ends before the kill with every URL accounted for', async () => {
    const api = await standIn()
    api.fault({ method: 'POST', bodyIncludes: batchBody(31), delayMs: 500 })
    const asked = urls(120)
    const { at, onStart } = cancelWhen(api, () => purgePosts(api).length === 2, 'SIGTERM')
    const run = await api.run({ files: asked.join('\n'), 'batch-size': '30', concurrency: '1' }, { onStart })
    expect(run.signal).toBeNull()
    expect(run.code).toBe(1)
    expect(at.killed).toBe(false)
    expect(run.endedAt - at.sent).toBeLessThan(KILL_AFTER_MS)
    expect(api.requests).toHaveLength(at.requests)
    expect(resultOf(run).cancelled).toMatchObject({ signal: 'SIGTERM', files: { confirmed: 60, notConfirmed: 0, notSent: 60 } })
    accountsForEvery(run, api, asked)
    keyNowhere(run, api.apiKey)
  })

  it('a batch that never answers, SIGINT, then SIGTERM as the runner sends it: the step ends before the kill, the batch not confirmed', async () => {
    const api = await standIn()
    api.fault({ method: 'POST', bodyIncludes: batchBody(31), hang: true })
    const asked = urls(90)
    const { at, onStart } = cancelWhen(api, () => purgePosts(api).length === 2)
    const run = await api.run({ files: asked.join('\n'), 'batch-size': '30', concurrency: '1' }, { onStart })
    expect(run.signal).toBeNull()
    expect(run.code).toBe(1)
    expect(at.killed).toBe(false)
    expect(run.endedAt - at.sent).toBeLessThan(SIGTERM_AFTER_MS + KILL_AFTER_MS)
    expect(api.requests).toHaveLength(at.requests)
    expect(run.outputs['purged-files']).toBe('30')
    expect(resultOf(run).cancelled?.files).toEqual({ confirmed: 30, notConfirmed: 30, notSent: 30 })
    expect(read(run.summary)).toContain('90 URLs: 30 confirmed, 30 not confirmed (in flight), 30 not sent.')
    expect(run.log).toContain('no answer before the run was cancelled (SIGINT): the API may or may not have carried it out')
    accountsForEvery(run, api, asked)
    keyNowhere(run, api.apiKey)
  })

  it('a second signal gives up on the batch in flight at once', async () => {
    const api = await standIn()
    api.fault({ method: 'POST', bodyIncludes: batchBody(31), hang: true })
    const asked = urls(60)
    const { at, onStart } = cancelWhen(api, () => purgePosts(api).length === 2, 'SIGINT', { signal: 'SIGTERM', afterMs: 300 })
    const run = await api.run({ files: asked.join('\n'), 'batch-size': '30', concurrency: '1' }, { onStart })
    expect(run.code).toBe(1)
    // Well before the SIGINT's own grace (5 s) would have ended.
    expect(run.endedAt - at.sent).toBeLessThan(4000)
    expect(resultOf(run).cancelled?.files).toEqual({ confirmed: 30, notConfirmed: 30, notSent: 0 })
    accountsForEvery(run, api, asked)
  })

  it('SIGINT during the zone lookup: nothing is sent, and the step says nothing was purged', async () => {
    const api = await standIn()
    api.fault({ method: 'GET', path: '/zones', hang: true })
    const asked = urls(5)
    const { at, onStart } = cancelWhen(api, () => api.requests.length === 1)
    const run = await api.run({ files: asked.join('\n') }, { onStart })
    expect(run.code).toBe(1)
    expect(run.signal).toBeNull()
    // A read is abandoned at once: no grace.
    expect(run.endedAt - at.sent).toBeLessThan(2000)
    expect(api.requests).toHaveLength(1)
    expect(run.outputs['purged-files']).toBe('0')
    expect(JSON.parse(run.outputs['failed-files'] ?? '[]')).toEqual(asked)
    expect(resultOf(run).cancelled).toMatchObject({ phase: 'the zone lookup', files: { confirmed: 0, notConfirmed: 0, notSent: 5 } })
    expect(read(run.summary)).toContain('at: the zone lookup. Nothing was purged. 5 URLs: 0 confirmed, 5 not sent.')
    keyNowhere(run, api.apiKey)
  })

  it('SIGINT during a dry run: it ends at once with exit code 1, and its summary says it was cancelled', async () => {
    const api = await standIn()
    api.fault({ method: 'GET', path: '/zones', hang: true })
    const { at, onStart } = cancelWhen(api, () => api.requests.length === 1)
    const run = await api.run({ files: urls(3).join('\n'), 'dry-run': 'true' }, { onStart })
    expect(run.code).toBe(1)
    expect(run.endedAt - at.sent).toBeLessThan(2000)
    expect(read(run.summary)).toContain('at: the zone lookup. Dry run: nothing was sent.')
    expect(run.summary).toContain('[!WARNING]')
    expect(resultOf(run).cancelled).toMatchObject({ signal: 'SIGINT', phase: 'the zone lookup' })
    keyNowhere(run, api.apiKey)
  })

  it('SIGINT during wait-for-origin: the wait ends at once, nothing is purged, and origin-ready is false', async () => {
    const api = await standIn()
    const edge = await startEdge()
    edges.push(edge)
    const workspace = mkdtempSync(join(tmpdir(), 'cancel-origin-'))
    folders.push(workspace)
    mkdirSync(join(workspace, 'public'))
    writeFileSync(join(workspace, 'public', 'a.html'), 'new a')
    // The old build for good: the deploy never lands, and the wait would go on for a minute.
    edge.set('http://example.com/a.html', { body: 'old a' })
    const checks = () => edge.requests.length
    const { at, onStart } = cancelWhen(api, () => checks() >= 2)
    const run = await api.run(
      { files: 'http://example.com/a.html', 'site-dir': 'public', 'url-base': 'http://example.com/', 'wait-for-origin': '60' },
      { env: { HTTP_PROXY: edge.url, NO_PROXY: '127.0.0.1' }, workspace, onStart }
    )
    const apiRequestsAtSignal = at.requests
    expect(run.code).toBe(1)
    expect(run.signal).toBeNull()
    // About a second: nothing is in flight that changes anything, so there is no grace.
    expect(run.endedAt - at.sent).toBeLessThan(2000)
    expect(api.purges).toEqual([])
    expect(posts(api)).toEqual([])
    expect(api.requests).toHaveLength(apiRequestsAtSignal)
    expect(checks()).toBeLessThanOrEqual(3)
    expect(run.outputs['origin-ready']).toBe('false')
    expect(run.outputs['purged-files']).toBe('0')
    expect(JSON.parse(run.outputs['failed-files'] ?? '[]')).toEqual(['http://example.com/a.html'])
    expect(resultOf(run).cancelled).toMatchObject({ phase: 'waiting for the origin', files: { confirmed: 0, notConfirmed: 0, notSent: 1 } })
    expect(read(run.summary)).toContain('at: waiting for the origin. Nothing was purged.')
    keyNowhere(run, api.apiKey)
  })

  it('SIGTERM mid-purge with commit-status: the final status still goes out, error, with what was purged, before the kill', async () => {
    const github = await startGitHub(EXPRESSION_DEFAULTS['${{ github.token }}'] as string)
    try {
      const api = await standIn()
      api.fault({ method: 'POST', bodyIncludes: batchBody(61), delayMs: 500 })
      const asked = urls(300)
      const { at, onStart } = cancelWhen(api, () => purgePosts(api).length === 3, 'SIGTERM')
      const sha = 'c'.repeat(40)
      const env = { GITHUB_SHA: sha, GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: github.url }
      const run = await api.run(
        { files: asked.join('\n'), 'batch-size': '30', concurrency: '1', 'commit-status': 'cdn-purge' },
        { onStart, env }
      )
      expect(run.signal).toBeNull()
      expect(run.code).toBe(1)
      expect(at.killed).toBe(false)
      expect(run.endedAt - at.sent).toBeLessThan(KILL_AFTER_MS)
      expect(github.statuses.map(({ state, description }) => [state, description])).toEqual([
        ['pending', 'purging 300 URLs on example.com'],
        ['error', 'cancelled: 90 of 300 URLs purged']
      ])
      expect(run.outputs['commit-status-sha']).toBe(sha)
      accountsForEvery(run, api, asked)
      keyNowhere(run, api.apiKey)
    } finally {
      await github.close()
    }
  })
})
