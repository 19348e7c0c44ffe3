import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorLine, posts, standIn } from './fixture.js'

let workspace: string
beforeEach(() => {
  workspace = mkdtempSync(join(tmpdir(), 'manifest-site-'))
  build({ 'index.html': 'home', 'docs/index.html': 'docs', 'docs/guide.html': 'guide', 'app.css': 'css', 'img/logo.png': 'png' })
})
afterEach(() => rmSync(workspace, { recursive: true, force: true }))

/** Writes (or, for null, deletes) files of the built site in public/. */
function build(files: Record<string, string | null>): void {
  for (const [path, text] of Object.entries(files)) {
    const full = join(workspace, 'public', path)
    if (text === null) rmSync(full)
    else {
      mkdirSync(dirname(full), { recursive: true })
      writeFileSync(full, text)
    }
  }
}
const inputs = { 'site-dir': 'public', 'previous-manifest': '.cache/cdn-manifest.json', manifest: '.cache/cdn-manifest.json' }
const sorted = (json: string | undefined): string[] => (JSON.parse(json ?? '[]') as string[]).sort()

describe('purging what a build changed (manifest, end to end)', () => {
  it('first run purges every file and writes the manifest; the next purges only what changed', async () => {
    const api = await standIn()
    const first = await api.run(inputs, { workspace })
    expect(first.code).toBe(0)
    expect(first.log).toMatch(/^::warning::No previous manifest at .*cdn-manifest.json, so every file of public counts as changed/m)
    expect(sorted(first.outputs['changed-urls'])).toEqual([
      'https://example.com/',
      'https://example.com/app.css',
      'https://example.com/docs/',
      'https://example.com/docs/guide.html',
      'https://example.com/docs/index.html',
      'https://example.com/img/logo.png',
      'https://example.com/index.html'
    ])
    const manifest = JSON.parse(readFileSync(join(workspace, '.cache/cdn-manifest.json'), 'utf8')) as {
      format: string
      version: number
      files: Record<string, string>
    }
    expect(manifest).toMatchObject({ format: 'cdn-purge-action/manifest', version: 1, algorithm: 'sha256' })
    expect(Object.keys(manifest.files)).toEqual(['app.css', 'docs/guide.html', 'docs/index.html', 'img/logo.png', 'index.html'])
    expect(first.summary).toContain('Manifest for the next run written to')

    build({ 'docs/index.html': 'docs v2', 'img/logo.png': null, 'new.html': 'new' })
    const before = api.purges.length
    const second = await api.run(inputs, { workspace })
    expect(second.code).toBe(0)
    expect(sorted(second.outputs['changed-files'])).toEqual(['docs/index.html', 'img/logo.png', 'new.html'])
    expect(
      api.purges
        .slice(before)
        .flatMap((p) => p.files)
        .sort()
    ).toEqual([
      'https://example.com/docs/',
      'https://example.com/docs/index.html',
      'https://example.com/img/logo.png',
      'https://example.com/new.html'
    ])
    expect(second.summary).toContain('Found comparing with the previous manifest')

    const third = await api.run(inputs, { workspace })
    expect(third.code).toBe(0)
    expect(third.outputs['changed-urls']).toBe('[]')
  })

  it('does not write the manifest when the purge failed, so the next run purges the same files again', async () => {
    const api = await standIn()
    api.fault({ path: '/zones/zone-example/purge', status: 400 })
    const run = await api.run(inputs, { workspace })
    expect(run.code).toBe(1)
    expect(existsSync(join(workspace, '.cache/cdn-manifest.json'))).toBe(false)
  })

  it('does not write the manifest in a dry run', async () => {
    const api = await standIn()
    const run = await api.run({ ...inputs, 'dry-run': 'true' }, { workspace })
    expect(run.code).toBe(0)
    expect(existsSync(join(workspace, '.cache/cdn-manifest.json'))).toBe(false)
  })

  it('refuses a malformed or foreign manifest with a clear error, before any purge', async () => {
    const api = await standIn()
    for (const [text, why] of [
      ['{"files": ', 'it is not JSON'],
      ['{"format": "some-other-tool", "files": {}}', 'its "format" is not "cdn-purge-action/manifest"']
    ]) {
      const run = await api.run(inputs, { workspace, files: { '.cache/cdn-manifest.json': text as string } })
      expect(run.code).toBe(1)
      expect(errorLine(run)).toContain(`is not a manifest this action wrote (${why as string})`)
    }
    expect(api.requests).toEqual([])
  })

  it('says which folder is missing', async () => {
    const api = await standIn()
    const run = await api.run({ ...inputs, 'site-dir': 'dist-site' }, { workspace })
    expect(errorLine(run)).toMatch(/Input "site-dir": ".*dist-site" is not a folder/)
    expect(api.requests).toEqual([])
  })

  it('refuses changed-since together with previous-manifest', async () => {
    const api = await standIn()
    const run = await api.run({ ...inputs, 'changed-since': 'auto' }, { workspace })
    expect(errorLine(run)).toContain(
      'Inputs "changed-since" and "previous-manifest" are two ways to find what changed: give one of them, not both.'
    )
    expect(posts(api)).toEqual([])
  })
})
