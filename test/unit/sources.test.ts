import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fc, test } from '@fast-check/vitest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InputError } from '../../src/errors.js'
import type { Inputs } from '../../src/inputs.js'
import { collectFileEntries, SOURCES } from '../../src/sources/index.js'
import { MAX_LIST_FILE_BYTES, parseListFile, readListFile } from '../../src/sources/list-file.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'list-file-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('parseListFile', () => {
  it('skips blank lines and comments, reads one or more entries a line', () => {
    expect(parseListFile('# changed\r\n/a.html\r\n\r\n  # indented comment\n/b /c, /d\n https://example.com/x,y \n/e#not-a-comment\n')).toEqual([
      '/a.html',
      '/b',
      '/c',
      '/d',
      'https://example.com/x,y',
      '/e#not-a-comment'
    ])
  })

  it('keeps a comma at the end of a line as part of the URL, not one a space follows', () => {
    expect(parseListFile('https://example.com/a,\r\n/b,\n/c, \n')).toEqual(['https://example.com/a,', '/b,', '/c'])
  })

  // What a run did not purge is written one URL a line; a later step passes the file as files-from to retry exactly that.
  const url = fc.webUrl({ withQueryParameters: true, withFragments: true, size: 'medium' }).map((text) => new URL(text).href)
  test.prop([fc.array(url.filter((text) => !/,(https?:\/\/)/i.test(text) && !/\s/.test(text)), { maxLength: 20 }), fc.constantFrom('\n', '\r\n')])(
    'reads back any list of URLs written one a line',
    (urls, lineBreak) => {
      expect(parseListFile(urls.map((entry) => `${entry}${lineBreak}`).join(''))).toEqual(urls)
    }
  )
})

describe('readListFile', () => {
  it('reads the file', async () => {
    writeFileSync(join(dir, 'urls.txt'), '/a\n/b\n')
    expect(await readListFile('files-from', join(dir, 'urls.txt'))).toEqual(['/a', '/b'])
  })

  it.each([
    ['missing.txt', 'ENOENT'],
    ['.', 'EISDIR']
  ])('names the input when %s cannot be read (%s)', async (name, code) => {
    const file = join(dir, name)
    const error = await readListFile('files-from', file).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).message).toBe(
      `Input "files-from": cannot read "${file}" (${code}). Give a text file, one or more entries a line; the path is relative to GITHUB_WORKSPACE.`
    )
  })
})

describe('collectFileEntries', () => {
  const inputs = (files: string[], filesFrom?: string): Inputs => ({ files, filesFrom }) as unknown as Inputs

  it('takes files, then the files-from file, in order', async () => {
    writeFileSync(join(dir, 'urls.txt'), '/c\n/a\n')
    expect(await collectFileEntries(inputs(['/a', '/b'], join(dir, 'urls.txt')))).toEqual(['/a', '/b', '/c', '/a'])
    expect(await collectFileEntries(inputs(['/a']))).toEqual(['/a'])
    expect(SOURCES.map((source) => source.name)).toEqual(['files', 'files-from'])
  })

  it('names files-from when its file cannot be read', async () => {
    const missing = join(dir, 'missing.txt')
    const error = await collectFileEntries(inputs([], missing)).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).message).toMatch(/^Input "files-from": cannot read /)
  })

  it('keeps an entry with a user name or password only with them hidden: it is reported as written, never sent', async () => {
    writeFileSync(join(dir, 'urls.txt'), 'https://user:hunter2@example.com/b\n')
    expect(await collectFileEntries(inputs(['https://user:hunter2@example.com/a', '/ok'], join(dir, 'urls.txt')))).toEqual([
      'https://***@example.com/a',
      '/ok',
      'https://***@example.com/b'
    ])
  })
})

describe('a list file too large to read', () => {
  it('is refused naming the input and the limit, without reading it', async () => {
    const { truncateSync } = await import('node:fs')
    const file = join(dir, 'big.txt')
    writeFileSync(file, '')
    truncateSync(file, MAX_LIST_FILE_BYTES + 1)
    const error = await readListFile('files-from', file).then(() => undefined, (reason: unknown) => reason)
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).message).toBe(`Input "files-from": "${file}" is 65 MiB; at most 64 MiB is read. Split the list over several steps.`)
  })
})
