import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { zone } from '../stand-in/server.js'
import { errorLine, noStackTrace, standIn } from './fixture.js'
import type { ActionRun } from '../support/run-action.js'

// Text from the API, the repository or the workflow must never run as a workflow command, break the
// summary, or carry a secret out, and a failure must leave an exact list to retry.

const OWNED = /owned|set-output|stop-commands/
/** Lines the runner would execute that carry text the action did not write itself. */
const foreignCommands = (run: ActionRun): string[] =>
  run.stdout
    .split(/\r\n|[\n\r\u0085\u2028\u2029]/)
    .filter(
      (line) =>
        /^\s*::/.test(line) &&
        OWNED.test(line.replace(/^\s*::[a-z-]+( [^:]*)?::/, '')) &&
        /^\s*::[a-z-]+( [^:]*)?::(owned|set-output|stop-commands|warning|error)/.test(line)
    )
const SEPARATORS = ['\n', '\r', '\r\n', '\u0085', '\u2028', '\u2029']

describe('hostile text from the API (end to end)', () => {
  it('never turns a zone name or status into a workflow command, nor breaks the summary table', async () => {
    const evil = SEPARATORS.map((sep) => `${sep}::warning::owned${sep}::set-output name=zone-id::owned`).join('')
    const api = await standIn({ zones: [{ ...zone('zn1', `example.com${evil}`), status: `active` }] })
    const run = await api.run({ zone: 'zn1', tags: 'release' })
    expect(run.code).toBe(0)
    expect(foreignCommands(run)).toEqual([])
    // The name is quoted on one line, cut: its line breaks are spaces, so no `::` starts a line.
    expect(run.log).toContain('Zone example.com ::warning::owned ::set-output name=zone-id::owned')
    expect(run.outputs['zone-id']).toBe('zn1')
    for (const line of run.summary.split('\n').filter((entry) => entry.startsWith('| Zone'))) expect(line.split('|')).toHaveLength(4)
    expect(noStackTrace(run)).toBe(true)
  })

  it('quotes a zone name of a megabyte cut to one line, with how much was left out', async () => {
    const api = await standIn({ zones: [zone('zn1', `example.com${'x'.repeat(2 ** 20)}`)] })
    const run = await api.run({ zone: 'zn1', tags: 'release' })
    expect(run.code).toBe(0)
    expect(run.log).toContain(`Zone example.com${'x'.repeat(189)}… (1,048,387 more characters) (zn1), status active.`)
    expect(run.log.length).toBeLessThan(2 ** 20)
  })

  it('neutralises a server error message that carries commands', async () => {
    const api = await standIn()
    api.fault({
      method: 'POST',
      path: '/zones/zone-example/purge',
      status: 400,
      body: JSON.stringify({ success: false, errors: [{ message: 'bad\n::warning::owned\r::stop-commands::x\u2028::error::owned' }] })
    })
    const run = await api.run({ tags: 'a' })
    expect(run.code).toBe(1)
    expect(foreignCommands(run)).toEqual([])
    expect(JSON.parse(run.outputs['failed-tags'] ?? '')).toEqual(['a'])
  })

  it('neutralises a create answer of any text', async () => {
    const api = await standIn({ zones: [] })
    const data = {
      id: 'zn-evil',
      name: 'new.example\n::warning::owned',
      status: 'pending\r::error::owned',
      cname_target: 'edge.test\u2028::set-output name=a::b'
    }
    api.fault({ method: 'POST', path: '/zones', status: 200, body: JSON.stringify({ success: true, data }) })
    const run = await api.run({ zone: 'new.example', 'create-zone': 'true', tags: 't' })
    expect(foreignCommands(run)).toEqual([])
    expect(noStackTrace(run)).toBe(true)
    expect(run.summary).not.toMatch(/\n::/)
  })

  it('lets no part of the key out when the server echoes it near the cut of its message', async () => {
    const api = await standIn()
    for (const offset of [280, 290, 295, 299]) {
      api.fault({
        method: 'POST',
        path: '/zones/zone-example/purge',
        status: 400,
        body: JSON.stringify({ errors: [{ message: `${'x'.repeat(offset)}${api.apiKey} tail` }] })
      })
    }
    const runs = [await api.run({ tags: 'a' }), await api.run({ tags: 'a' }), await api.run({ tags: 'a' }), await api.run({ tags: 'a' })]
    const key = api.apiKey
    const pieces = Array.from({ length: key.length - 5 }, (_, i) => key.slice(i, i + 6))
    for (const run of runs) {
      expect(run.code).toBe(1)
      const seen = [run.log, run.stderr, run.summary, ...Object.values(run.outputs)].join('\n')
      for (const piece of pieces) expect(seen).not.toContain(piece)
    }
  })
})

describe('what failed, exactly, for a later step (end to end)', () => {
  it('lists every URL not purged in the file failed-files-path names, which files-from takes back', async () => {
    const temp = mkdtempSync(join(tmpdir(), 'cdn-purge-runner-temp-'))
    try {
      const api = await standIn()
      api.fault({ method: 'POST', path: '/zones/zone-example/purge', status: 400, times: 1 })
      const files = ['/a,b.html', '/c d.html', '/é.html', '/x?q=1,2', '/y']
      const first = await api.run(
        { files: files.map((file) => encodeURI(file).replace(/,/g, ',')).join('\n'), 'batch-size': '2', concurrency: '1' },
        { env: { RUNNER_TEMP: temp } }
      )
      expect(first.code).toBe(1)
      const failed = JSON.parse(first.outputs['failed-files'] ?? '') as string[]
      const path = first.outputs['failed-files-path'] ?? ''
      expect(path.startsWith(temp)).toBe(true)
      expect(readFileSync(path, 'utf8')).toBe(failed.map((url) => `${url}\n`).join(''))
      expect(failed).toHaveLength(2)

      const before = api.purges.length
      const retry = await api.run({ 'files-from': path }, { env: { RUNNER_TEMP: temp } })
      expect(retry.code).toBe(0)
      expect(api.purges.slice(before).flatMap((purge) => purge.files)).toEqual(failed)
      expect(readFileSync(retry.outputs['failed-files-path'] ?? '', 'utf8')).toBe('')
    } finally {
      rmSync(temp, { recursive: true, force: true })
    }
  })

  it('cuts failed-files under 512 KiB with a warning, and the file still lists them all', async () => {
    const api = await standIn()
    api.fault({ method: 'POST', path: '/zones/zone-example/purge', status: 400, times: 100 })
    const files = Array.from({ length: 6000 }, (_, i) => `/${String(i).padStart(5, '0')}/${'p'.repeat(100)}`)
    const run = await api.run({ 'files-from': 'urls.txt', 'batch-size': '1000' }, { files: { 'urls.txt': files.join('\n') } })
    expect(run.code).toBe(1)
    const listed = JSON.parse(run.outputs['failed-files'] ?? '') as string[]
    expect(Buffer.byteLength(run.outputs['failed-files'] ?? '')).toBeLessThanOrEqual(512 * 1024)
    expect(listed.length).toBeGreaterThan(4000)
    expect(listed).toEqual(files.slice(0, listed.length).map((file) => `https://example.com${file}`))
    expect(run.log).toContain('::warning::Output "failed-files" was cut to stay under 512 KiB')
  })

  it('only warns when the job summary cannot be written', async () => {
    const api = await standIn()
    const run = await api.run({ tags: 'a' }, { env: { GITHUB_STEP_SUMMARY: '/nonexistent/folder/summary.md' } })
    expect(run.code).toBe(0)
    expect(run.log).toMatch(/^::warning::The job summary could not be written: /m)
    expect(run.outputs['purged-tags']).toBe('1')
    expect(noStackTrace(run)).toBe(true)
  })
})

describe('hostile lengths (end to end)', () => {
  it('refuses a list file line of "@" and a mebibyte of colons (18 s for 80,000 before), naming files-from and the line, sending nothing', async () => {
    const api = await standIn()
    // In the workspace: a list file outside it is refused before it is read (src/files.ts).
    const run = await api.run(
      { 'files-from': 'urls.txt' },
      { files: { 'urls.txt': `# urls\nhttps://example.com/a\n@${':'.repeat(2 ** 20)}\n` } }
    )
    expect(run.code).toBe(1)
    expect(errorLine(run)).toBe(
      `::error::Input "files-from", line 3: an entry of 1,048,577 characters ("@${':'.repeat(199)}… (1,048,377 more characters)"); at most 16,384 are accepted for one value, URL, path or tag. Nothing was sent.`
    )
    expect(api.requests).toEqual([])
    expect(noStackTrace(run)).toBe(true)
  })

  it('quotes a changed-since of 130,000 characters cut, in the one error, sending nothing', async () => {
    const api = await standIn()
    const run = await api.run({ 'changed-since': 'r'.repeat(130_000) })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toBe(
      `::error::Input "changed-since" is 130,000 characters ("${'r'.repeat(200)}… (129,800 more characters)"); at most 16,384 are accepted for one value, URL, path or tag. Nothing was sent.`
    )
    expect(run.stdout.length).toBeLessThan(20_000)
    expect(api.requests).toEqual([])
  })
})
