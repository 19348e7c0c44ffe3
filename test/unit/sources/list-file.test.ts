import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fc, test } from '../../support/property.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InputError } from '../../../src/errors.js'
import { MAX_LIST_FILE_BYTES, parseListFile, readListFile } from '../../../src/sources/list-file.js'
import { needs, NO_PROC, NO_SPECIAL_FILES, NO_SYMLINKS } from '../../support/platform.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'list-file-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('parseListFile', () => {
  it('skips blank lines and comments, reads one or more entries a line', () => {
    expect(
      parseListFile('# changed\r\n/a.html\r\n\r\n  # indented comment\n/b /c, /d\n https://example.com/x,y \n/e#not-a-comment\n')
    ).toEqual(['/a.html', '/b', '/c', '/d', 'https://example.com/x,y', '/e#not-a-comment'])
  })

  it('keeps a comma at the end of a line as part of the URL, not one a space follows', () => {
    expect(parseListFile('https://example.com/a,\r\n/b,\n/c, \n')).toEqual(['https://example.com/a,', '/b,', '/c'])
  })

  // What a run did not purge is written one URL a line; a later step passes the file as files-from to retry exactly that.
  const url = fc.webUrl({ withQueryParameters: true, withFragments: true, size: 'medium' }).map((text) => new URL(text).href)
  test.prop([
    fc.array(
      url.filter((text) => !/,(https?:\/\/)/i.test(text) && !/\s/.test(text)),
      { maxLength: 20 }
    ),
    fc.constantFrom('\n', '\r\n')
  ])('reads back any list of URLs written one a line', (urls, lineBreak) => {
    expect(parseListFile(urls.map((entry) => `${entry}${lineBreak}`).join(''))).toEqual(urls)
  })
})

describe('readListFile', () => {
  it('reads the file', async () => {
    writeFileSync(join(dir, 'urls.txt'), '/a\n/b\n')
    expect(await readListFile('files-from', join(dir, 'urls.txt'))).toEqual(['/a', '/b'])
  })

  it.each([['missing.txt', 'ENOENT']])('names the input when %s cannot be read (%s)', async (name, code) => {
    const file = join(dir, name)
    const error = await readListFile('files-from', file).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).message).toBe(
      `Input "files-from": cannot read "${file}" (${code}). Give a text file, one or more entries a line; the path is relative to GITHUB_WORKSPACE.`
    )
  })
})

describe('a list file saved in UTF-16, as Windows PowerShell 5.1 writes it', () => {
  const lines = '# changed\r\n/a.html\r\nhttps://example.com/caf\u00e9.html\r\n'
  it.each([
    ['UTF-16LE', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(lines, 'utf16le')])],
    ['UTF-16BE', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(lines, 'utf16le').swap16()])],
    ['UTF-8 with a byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines)])]
  ])('reads %s with its byte order mark, CRLF line ends and all', async (_, bytes) => {
    writeFileSync(join(dir, 'urls.txt'), bytes)
    expect(await readListFile('files-from', join(dir, 'urls.txt'), { roots: [dir] })).toEqual([
      '/a.html',
      'https://example.com/caf\u00e9.html'
    ])
  })

  it('refuses UTF-16 without its byte order mark, naming the input and saying to save it as UTF-8', async () => {
    const file = join(dir, 'urls.txt')
    writeFileSync(file, Buffer.from('/a.html\r\n/b.html\r\n', 'utf16le'))
    const error = await readListFile('files-from', file, { roots: [dir] }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InputError)
    expect(error).toMatchObject({ input: 'files-from' })
    expect((error as InputError).message).toBe(
      `Input "files-from": "${file}" holds NUL bytes and starts with no byte order mark, so it is not UTF-8 text (UTF-16 is read only with its byte order mark): save it as UTF-8.`
    )
  })
})

describe('a list file too large to read', () => {
  it('is refused naming the input and the limit, without reading it', async () => {
    const { truncateSync } = await import('node:fs')
    const file = join(dir, 'big.txt')
    writeFileSync(file, '')
    truncateSync(file, MAX_LIST_FILE_BYTES + 1)
    const error = await readListFile('files-from', file).then(
      () => undefined,
      (reason: unknown) => reason
    )
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).message).toBe(
      `Input "files-from": "${file}" is larger than 64 MiB, the most read; give a text file of at most 64 MiB inside the workspace or RUNNER_TEMP. Split the list over several steps.`
    )
  })
})

// A pull request's checkout may hold `urls.txt -> /proc/self/environ`: the environment's text ended up in errors.
describe('a list file that is not a text file of the workspace', () => {
  it.for([
    [
      'a link to /proc/self/environ',
      (path: string) => symlinkSync('/proc/self/environ', path),
      'is a file of the system (under /proc), not data'
    ],
    ['a link to /dev/zero', (path: string) => symlinkSync('/dev/zero', path), 'is a file of the system (under /dev), not data'],
    [
      'a link outside the workspace',
      (path: string) => symlinkSync(join(path, '..', '..', 'elsewhere.txt'), path),
      'resolves outside the workspace and RUNNER_TEMP'
    ],
    ['a folder', (path: string) => mkdirSync(path), 'is a folder, not a regular file'],
    ['a FIFO', (path: string) => execFileSync('mkfifo', [path]), 'is a named pipe (FIFO), not a regular file']
  ] as const)('is refused naming the input, with nothing of it read: %s', async ([what, make, why], context) => {
    needs(
      context,
      what.startsWith('a link') ? NO_SYMLINKS : undefined,
      what.includes('/proc') ? NO_PROC : undefined,
      what === 'a FIFO' ? NO_SPECIAL_FILES : undefined
    )
    // dir/workspace is the workspace; dir itself, where elsewhere.txt lies, is outside.
    writeFileSync(join(dir, 'elsewhere.txt'), 'SECRET_FROM_OUTSIDE=1\n')
    mkdirSync(join(dir, 'workspace'))
    const file = join(dir, 'workspace', 'urls.txt')
    make(file)
    const error = await readListFile('files-from', file, { roots: [join(dir, 'workspace')] }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).message).toBe(
      `Input "files-from": "${file}" ${why}; give a text file of at most 64 MiB inside the workspace or RUNNER_TEMP.`
    )
  })

  it('reads a file of exactly the cap given, and refuses one byte more', async () => {
    writeFileSync(join(dir, 'urls.txt'), '/a\n/b\n')
    expect(await readListFile('files-from', join(dir, 'urls.txt'), { maxBytes: 6 })).toEqual(['/a', '/b'])
    await expect(readListFile('files-from', join(dir, 'urls.txt'), { maxBytes: 5 })).rejects.toThrow(
      /is larger than 5 bytes, the most read; give a text file of at most 5 bytes inside the workspace or RUNNER_TEMP\. Split the list over several steps\.$/
    )
  })
})
