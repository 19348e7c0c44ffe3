import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { run } from '../../src/main.js'
import { parseOutputFile } from '../e2e/run-action.js'
import { startEdge, type StandInEdge } from '../stand-in/edge.js'
import { startStandIn, zone, type StandIn } from '../stand-in/server.js'

// run() in this process, the way @github/local-action runs it: inputs from INPUT_* variables, outputs
// and the summary to real files, against the loopback stand-in. (The end-to-end tests run the bundle.)

const dir = mkdtempSync(join(tmpdir(), 'cdn-purge-main-'))
const workspace = join(dir, 'workspace')
const outputPath = join(dir, 'output')
const summaryPath = join(dir, 'summary.md')
const saved = { ...process.env }
let api: StandIn
let edge: StandInEdge | undefined
let log: string[] = []

beforeEach(async () => {
  api = await startStandIn({ zones: [zone('zn1', 'example.com'), zone('zn2', 'example.org')] })
  rmSync(workspace, { recursive: true, force: true })
  mkdirSync(workspace, { recursive: true })
  writeFileSync(outputPath, '')
  writeFileSync(summaryPath, '')
  log = []
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    log.push(String(chunk))
    return true
  })
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
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function runWith(inputs: Record<string, string>, env: Record<string, string> = {}): Promise<{ outputs: Record<string, string>; summary: string; log: string; code: number | undefined }> {
  // The same process.env object, changed in place: the inputs module keeps a reference to it.
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name]
  Object.assign(process.env, saved, { GITHUB_OUTPUT: outputPath, GITHUB_STEP_SUMMARY: summaryPath, GITHUB_WORKSPACE: workspace, RUNNER_TEMP: dir }, env)
  for (const [name, value] of Object.entries({ 'api-key': api.apiKey, 'api-url': api.url, zone: 'example.com', ...inputs })) {
    process.env[`INPUT_${name.toUpperCase()}`] = value
  }
  await run()
  return {
    outputs: parseOutputFile(readFileSync(outputPath, 'utf8')),
    summary: readFileSync(summaryPath, 'utf8'),
    log: log.join(''),
    code: process.exitCode === undefined ? undefined : Number(process.exitCode)
  }
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
    expect(step.log).toContain('Planned 2 request(s) over 1 zone(s): 2 URL(s), 1 tag(s) in batches of up to 30.')
    expect(step.log).toContain('example.com: purged 2 of 2 URLs, purged 1 of 1 tags (3 HTTP requests).')
    expect(step.summary).toContain('## CDN purge: example.com')
    const result = JSON.parse(step.outputs.result ?? '{}') as { durations: Record<string, number>; stoppedAt: unknown; zoneInput: string[] }
    expect(Object.keys(result.durations).sort()).toEqual(['purgeMs', 'settingsMs', 'totalMs', 'zoneMs'])
    expect(result.stoppedAt).toBeNull()
    expect(result.zoneInput).toEqual(['example.com'])
  })

  it('stops at a bad input before any request, with one titled error and every output', async () => {
    const step = await runWith({ files: '/a', 'batch-size': '0' })
    expect(api.requests).toEqual([])
    expect(errorLines(step.log)).toEqual(['::error title=Invalid input "batch-size"::Input "batch-size" must be a whole number from 1 to 1000, got "0".'])
    expect(step.code).toBe(1)
    expect(step.outputs).toMatchObject({ 'purged-files': '0', 'failed-files': '[]', requests: '0' })
    expect(JSON.parse(step.outputs.result ?? '{}')).toMatchObject({ stoppedAt: 'reading the inputs failed', invalidInput: 'batch-size' })
  })

  it('says where it stopped when the zone lookup fails, and counts everything as not purged', async () => {
    const step = await runWith({ files: '/a.html', 'api-key': 'not-the-key' })
    expect(step.code).toBe(1)
    expect(step.log).toContain('Nothing purged: the zone lookup failed (HTTP 401).')
    expect(JSON.parse(step.outputs['failed-files'] ?? '')).toEqual(['/a.html'])
    expect(JSON.parse(step.outputs.result ?? '{}')).toMatchObject({ stoppedAt: 'the zone lookup failed (HTTP 401)', zoneInput: ['example.com'] })
    expect(step.summary).toContain('## CDN purge: example.com')
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
    expect(step.log).toMatch(/^::warning::The traffic of example.com could not be read \(GET \/zones\/zn1\/analytics\/traffic failed: HTTP 500/m)
    expect(step.outputs['purged-files']).toBe('1')
  })

  it('finds what a build changed from manifests, and writes the new manifest after a good run', async () => {
    mkdirSync(join(workspace, 'public'), { recursive: true })
    writeFileSync(join(workspace, 'public', 'index.html'), 'hello')
    const step = await runWith({ 'previous-manifest': 'cache/m.json', manifest: 'cache/m.json', 'site-dir': 'public', 'index-file': 'index.html' })
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
    expect(step.log).toMatch(/^::warning::The manifest was not written to .*blocked\/file\/m\.json: .*The next run will compare with an older one and purge more\.$/m)
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
    expect(errorLines(step.log)[0]).toMatch(/^::error title=CDN purge failed::1 of 2 URLs checked at the edge still served a copy cached before the purge after 1 s/)
  })
})
