import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fileCommands, writeOutputs, type Output } from '../../../src/report/output-file.js'
import { parseOutputFile } from '../../support/run-action.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'output-file-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
  vi.restoreAllMocks()
})

describe('writeOutputs', () => {
  it('writes every output in the runner format, values with new lines and markup kept whole', () => {
    const path = join(dir, 'output')
    writeFileSync(path, 'before<<x\nkept\nx\n')
    const outputs: Output[] = [
      ['zone-id', 'zn-1'],
      ['result', '{\n  "ok": true\n}'],
      ['failed-files', ''],
      ['odd', 'a<<b\nghadelimiter_looks-like-one\n::warning::not a command']
    ]
    expect(writeOutputs(outputs, { env: { GITHUB_OUTPUT: path } })).toEqual([])
    expect(parseOutputFile(readFileSync(path, 'utf8'))).toEqual({
      before: 'kept',
      'zone-id': 'zn-1',
      result: '{\n  "ok": true\n}',
      'failed-files': '',
      odd: 'a<<b\nghadelimiter_looks-like-one\n::warning::not a command'
    })
  })

  it('gives back every output, with the toolkit message, when the file is missing, and writes none', () => {
    const path = join(dir, 'missing', 'output')
    const failures = writeOutputs(
      [
        ['a', '1'],
        ['b', '2']
      ],
      { env: { GITHUB_OUTPUT: path } }
    )
    expect(failures.map(({ name }) => name)).toEqual(['a', 'b'])
    for (const { error } of failures) {
      expect(error).toBeInstanceOf(Error)
      expect(error.message).toBe(`Missing file at path: ${path}`)
    }
  })

  it('gives back every output with the write error when the path cannot be appended to', () => {
    // A folder exists but cannot be appended to as a file.
    const failures = writeOutputs([['a', '1']], { env: { GITHUB_OUTPUT: dir } })
    expect(failures).toHaveLength(1)
    expect(failures[0]?.name).toBe('a')
    expect((failures[0]?.error as NodeJS.ErrnoException).code).toBe('EISDIR')
  })

  it('without GITHUB_OUTPUT, sets each output through @actions/core (the set-output command)', () => {
    const written: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk))
      return true
    })
    expect(
      writeOutputs(
        [
          ['a', '1'],
          ['b', 'two']
        ],
        { env: {} }
      )
    ).toEqual([])
    const commands = written
      .join('')
      .split(/\r?\n/)
      .filter((line) => line.startsWith('::'))
    expect(commands).toEqual(['::set-output name=a::1', '::set-output name=b::two'])
  })
})

describe('fileCommands', () => {
  it('uses one delimiter for all outputs', () => {
    const text = fileCommands(
      [
        ['a', '1'],
        ['b', '2']
      ],
      () => 'u1'
    )
    expect(text).toBe('a<<ghadelimiter_u1\n1\nghadelimiter_u1\nb<<ghadelimiter_u1\n2\nghadelimiter_u1\n'.replaceAll('\n', EOLs()))
  })

  it('draws a new delimiter while a value or a name holds the drawn one', () => {
    const draws = ['taken', 'also', 'free']
    const unique = vi.fn(() => draws.shift() as string)
    const text = fileCommands(
      [
        ['a', 'x ghadelimiter_taken y'],
        ['ghadelimiter_also', '2']
      ],
      unique
    )
    expect(unique).toHaveBeenCalledTimes(3)
    expect(text.startsWith('a<<ghadelimiter_free')).toBe(true)
    expect(parseOutputFile(text)).toEqual({ a: 'x ghadelimiter_taken y', ghadelimiter_also: '2' })
  })
})

function EOLs(): string {
  return process.platform === 'win32' ? '\r\n' : '\n'
}
