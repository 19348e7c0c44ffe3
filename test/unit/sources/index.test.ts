import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InputError } from '../../../src/errors.js'
import { collectFileEntries, SOURCES, type ListInputs } from '../../../src/sources/index.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'list-file-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('collectFileEntries', () => {
  const inputs = (files: string[], filesFrom?: string): ListInputs => ({ files, filesFrom })

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
