// What a hostile checkout can plant among the files the action reads and writes: links to /proc, to
// /dev/zero and out of the workspace. The bundle, run as the runner runs it, reads none of them and
// writes through none of them.
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { git } from '../stand-in/git-repo.js'
import { startEdge, type StandInEdge } from '../stand-in/edge.js'
import { errorLine, noStackTrace, posts, standIn } from './fixture.js'

// The workspace, and beside it a folder that stands for the rest of the machine (outside the workspace and RUNNER_TEMP).
let root: string
let workspace: string
let outside: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cdn-purge-files-'))
  workspace = join(root, 'workspace')
  outside = join(root, 'outside')
  mkdirSync(workspace)
  mkdirSync(outside)
  writeFileSync(join(outside, 'victim.txt'), 'NOT YOURS\n')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const edges: StandInEdge[] = []
afterEach(async () => {
  await Promise.all(edges.splice(0).map((edge) => edge.close()))
})

describe('files the action reads', () => {
  it('refuses files-from linked to /proc/self/environ, naming the input, and shows none of the environment', async () => {
    const marker = 'ENVIRONMENT_TEXT_7f3a9c'
    symlinkSync('/proc/self/environ', join(workspace, 'urls.txt'))
    const api = await standIn()
    const run = await api.run({ 'files-from': 'urls.txt' }, { workspace, env: { LEAKED_IF_SHOWN: marker } })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toBe(
      `::error::Input "files-from": "${join(workspace, 'urls.txt')}" is a file of the system (under /proc), not data; give a text file of at most 64 MiB inside the workspace or RUNNER_TEMP.`
    )
    expect(run.log).toMatch(/^::error title=Invalid input "files-from"::/m)
    for (const text of [run.log, run.summary, ...Object.values(run.outputs)]) {
      expect(text).not.toContain(marker)
      expect(text).not.toContain('LEAKED_IF_SHOWN')
    }
    expect(posts(api)).toEqual([])
    expect(noStackTrace(run)).toBe(true)
  })

  it('refuses previous-manifest linked to a file outside the workspace, naming the input', async () => {
    symlinkSync(join(outside, 'victim.txt'), join(workspace, 'previous.json'))
    mkdirSync(join(workspace, 'public'))
    writeFileSync(join(workspace, 'public', 'a.html'), 'a')
    const api = await standIn()
    const run = await api.run({ 'previous-manifest': 'previous.json', 'site-dir': 'public' }, { workspace })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toContain(
      `Input "previous-manifest": "${join(workspace, 'previous.json')}" resolves outside the workspace and RUNNER_TEMP`
    )
    expect(run.log).not.toContain('NOT YOURS')
    expect(posts(api)).toEqual([])
  })

  // A committed `z.html -> /dev/zero` hung the step in "Verify", hashing for ever.
  it('ends the step when a changed file links to /dev/zero: the content check says why it did not compare', async () => {
    git(workspace, 'init', '--quiet', '--initial-branch=main')
    git(workspace, 'config', 'user.email', 'test@example.com')
    git(workspace, 'config', 'user.name', 'Test')
    mkdirSync(join(workspace, 'site'))
    writeFileSync(join(workspace, 'site', 'a.html'), 'a')
    git(workspace, 'add', '--all')
    git(workspace, 'commit', '--quiet', '-m', 'site')
    const base = git(workspace, 'rev-parse', 'HEAD')
    symlinkSync('/dev/zero', join(workspace, 'site', 'z.html'))
    git(workspace, 'add', '--all')
    git(workspace, 'commit', '--quiet', '-m', 'a link to /dev/zero')

    const api = await standIn()
    const edge = await startEdge()
    edges.push(edge)
    edge.set('http://example.com/z.html', { age: 0, body: 'served' })
    const run = await api.run(
      { 'changed-since': base, 'site-dir': 'site', 'url-base': 'http://example.com/', verify: 'true', 'index-file': '' },
      { workspace, env: { HTTP_PROXY: edge.url, NO_PROXY: '127.0.0.1' } }
    )
    expect(run.code).toBe(0)
    expect(run.outputs['changed-urls']).toBe('["http://example.com/z.html"]')
    const result = JSON.parse(run.outputs.result ?? '{}') as {
      verification: { verdicts: { url: string; verdict: string; content: string }[] }
    }
    expect(result.verification.verdicts).toEqual([
      expect.objectContaining({
        url: 'http://example.com/z.html',
        verdict: 'fresh',
        content: 'not compared: the deployed file is a file of the system (under /dev), not data'
      })
    ])
    expect(run.summary).toContain(
      '| fresh | 0 s |  | not compared: the deployed file is a file of the system &#40;under /dev&#41;, not data |'
    )
  }, 60_000)
})

describe('files the action writes', () => {
  const site = (): void => {
    mkdirSync(join(workspace, 'public'))
    writeFileSync(join(workspace, 'public', 'a.html'), 'a')
  }

  it('never writes the manifest through a link to a file outside: the file is left as it was, with a warning naming the input', async () => {
    site()
    symlinkSync(join(outside, 'victim.txt'), join(workspace, 'm.json'))
    const api = await standIn()
    const run = await api.run({ 'previous-manifest': 'previous.json', manifest: 'm.json', 'site-dir': 'public' }, { workspace })
    expect(run.code).toBe(0)
    expect(readFileSync(join(outside, 'victim.txt'), 'utf8')).toBe('NOT YOURS\n')
    expect(lstatSync(join(workspace, 'm.json')).isSymbolicLink()).toBe(true)
    expect(readlinkSync(join(workspace, 'm.json'))).toBe(join(outside, 'victim.txt'))
    expect(run.log).toContain(
      `::warning::Input "manifest": the manifest was not written to ${join(workspace, 'm.json')}: the file is a symbolic link, which is never written through. The next run will compare with an older one and purge more.`
    )
    expect(JSON.parse(run.outputs.result ?? '{}')).toMatchObject({ manifestWritten: null })
  })

  it('never writes the manifest into a linked folder that leads outside, nor creates folders there', async () => {
    site()
    symlinkSync(outside, join(workspace, 'cache'))
    const api = await standIn()
    const run = await api.run({ 'previous-manifest': 'previous.json', manifest: 'cache/deep/m.json', 'site-dir': 'public' }, { workspace })
    expect(run.code).toBe(0)
    expect(run.log).toMatch(
      /^::warning::Input "manifest": the manifest was not written to .*cache\/deep\/m\.json: the file lies in a folder that resolves outside the workspace and RUNNER_TEMP\./m
    )
    expect(readFileSync(join(outside, 'victim.txt'), 'utf8')).toBe('NOT YOURS\n')
    expect(() => lstatSync(join(outside, 'deep'))).toThrow()
  })
})
