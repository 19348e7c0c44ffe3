// The parts of safe file access that only a file system caught in the act shows: a file that grows after
// its size was read, a path swapped for a link after it was resolved, a rename that fails. The file system
// calls are wrapped to watch and to stage them; everything else is the real thing.
import type * as FsPromises from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, parse } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Files from '../../src/files.js'
import { fileSha256, readFileBounded, UnsafeFileError, writeFileSafely } from '../../src/files.js'
import { loadAfresh } from '../support/fresh.js'
import { needs, NO_SYMLINKS } from '../support/platform.js'

interface Watched {
  path: string
  reads: number[]
  closed: boolean
}
const staged = vi.hoisted(() => ({ opened: [] as Watched[], created: [] as string[], noRoot: false, rootAsked: 0 }))

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>()
  const watch = (handle: FileHandle, path: string): FileHandle => {
    const watched: Watched = { path, reads: [], closed: false }
    staged.opened.push(watched)
    return new Proxy(handle, {
      get(target, name) {
        // A file that grows after it was opened: its size, read at open, says it is empty.
        if (name === 'stat' && path.endsWith('growing.txt')) return async () => Object.assign(await target.stat(), { size: 0 })
        if (name === 'read') {
          return (buffer: Buffer, offset: number, length: number, position: null) => {
            watched.reads.push(length)
            return target.read(buffer, offset, length, position)
          }
        }
        if (name === 'close') {
          return () => {
            watched.closed = true
            return target.close()
          }
        }
        const value: unknown = Reflect.get(target, name)
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
      }
    })
  }
  return {
    ...fs,
    open: async (path: string, flags: number, mode?: number) => {
      if (typeof flags === 'number' && (flags & fs.constants.O_CREAT) !== 0) staged.created.push(path)
      return watch(await fs.open(path, flags, mode), path)
    },
    // A path swapped for a link after it was resolved: resolving it gives the link itself.
    // With `noRoot`, the root ("/", or the drive of the working directory) stands for a drive that is not there (Z:\ on Windows): it does not resolve at first.
    realpath: (path: string) => {
      const root = parse(process.cwd()).root
      const missing = (): Promise<never> =>
        Promise.reject(Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' }))
      if (staged.noRoot && path.startsWith(join(root, 'no-drive'))) return missing()
      if (staged.noRoot && path === root) return ++staged.rootAsked > 3 ? Promise.resolve(root) : missing()
      return path.endsWith('swapped.txt') ? Promise.resolve(path) : fs.realpath(path)
    },
    rename: (from: string, to: string) =>
      to.endsWith('rename-fails.json')
        ? Promise.reject(Object.assign(new Error('EXDEV: cross-device link'), { code: 'EXDEV' }))
        : fs.rename(from, to)
  }
})

let workspace: string
let outside: string
beforeEach(() => {
  workspace = mkdtempSync(join(tmpdir(), 'files-io-'))
  outside = mkdtempSync(join(tmpdir(), 'files-io-outside-'))
  writeFileSync(join(outside, 'secret.txt'), 'TOP SECRET\n')
  staged.opened.length = 0
  staged.created.length = 0
  staged.noRoot = false
  staged.rootAsked = 0
})
afterEach(() => {
  rmSync(workspace, { recursive: true, force: true })
  rmSync(outside, { recursive: true, force: true })
})

describe('reading', () => {
  it('reads nothing of a file larger than the cap: its size, from the opened file, is enough', async () => {
    writeFileSync(join(workspace, 'big.txt'), 'x'.repeat(100))
    await expect(fileSha256(join(workspace, 'big.txt'), { maxBytes: 10, roots: [workspace] })).rejects.toBeInstanceOf(UnsafeFileError)
    expect(staged.opened).toEqual([{ path: join(workspace, 'big.txt'), reads: [], closed: true }])
  })

  it('reads at most the cap and one byte of a file that grew after it was opened, and refuses it', async () => {
    const piece = 256 * 1024
    writeFileSync(join(workspace, 'growing.txt'), Buffer.alloc(3 * piece, 'a'))
    const error = await readFileBounded(join(workspace, 'growing.txt'), { maxBytes: piece + 5, roots: [workspace] }).catch(
      (caught: unknown) => caught
    )
    expect(error).toEqual(new UnsafeFileError('too large', 'is larger than 256 KiB, the most read'))
    expect((error as UnsafeFileError).kind).toBe('too large')
    expect(staged.opened[0]?.reads).toEqual([piece, 6])
    expect(staged.opened[0]?.closed).toBe(true)
  })

  it('closes the file after reading it whole', async () => {
    writeFileSync(join(workspace, 'a.txt'), 'abc')
    expect((await readFileBounded(join(workspace, 'a.txt'), { maxBytes: 3, roots: [workspace] })).toString()).toBe('abc')
    expect(staged.opened).toEqual([{ path: join(workspace, 'a.txt'), reads: [4, 1], closed: true }])
  })

  it('does not follow a link put in place of the resolved path before it is opened', async (context) => {
    needs(context, NO_SYMLINKS)
    symlinkSync(join(outside, 'secret.txt'), join(workspace, 'swapped.txt'))
    await expect(readFileBounded(join(workspace, 'swapped.txt'), { maxBytes: 100, roots: [workspace] })).rejects.toMatchObject({
      code: 'ELOOP'
    })
  })
})

describe('writing', () => {
  it('writes through a new file of a random name each time', async () => {
    await writeFileSafely(join(workspace, 'm.json'), 'one', { roots: [workspace] })
    await writeFileSafely(join(workspace, 'm.json'), 'two', { roots: [workspace] })
    const names = staged.created.map((path) => path.slice(workspace.length + 1))
    expect(names).toHaveLength(2)
    for (const name of names) expect(name).toMatch(/^\.m\.json\.[0-9a-f]{16}\.tmp$/)
    expect(names[0]).not.toBe(names[1])
    expect(staged.opened.map((handle) => handle.closed)).toEqual([true, true])
    expect(readFileSync(join(workspace, 'm.json'), 'utf8')).toBe('two')
  })

  it('removes its temporary file when the rename fails, and reports the rename error', async () => {
    mkdirSync(join(workspace, 'cache'))
    await expect(writeFileSafely(join(workspace, 'cache', 'rename-fails.json'), 'x', { roots: [workspace] })).rejects.toMatchObject({
      code: 'EXDEV'
    })
    expect(readdirSync(join(workspace, 'cache'))).toEqual([])
  })

  // Asking for the folder above the root again and again would never end.
  it('refuses a path on a drive that is not there as outside, asking for its root once', async () => {
    staged.noRoot = true
    const error = await writeFileSafely(join(parse(process.cwd()).root, 'no-drive', 'cache', 'm.json'), 'x', { roots: [workspace] }).catch(
      (caught: unknown) => caught
    )
    expect(error).toBeInstanceOf(UnsafeFileError)
    expect(error).toMatchObject({ kind: 'outside', message: 'lies in a folder that resolves outside the workspace and RUNNER_TEMP' })
    expect(staged.rootAsked).toBe(1)
    expect(staged.created).toEqual([])
  })

  it('reports an error of the file system on the way as it is, not as a refusal', async () => {
    writeFileSync(join(workspace, 'file.txt'), '')
    const error = await writeFileSafely(join(workspace, 'file.txt', 'sub', 'm.json'), 'x', { roots: [workspace] }).catch(
      (caught: unknown) => caught
    )
    expect(error).not.toBeInstanceOf(UnsafeFileError)
    expect(error).toMatchObject({ code: 'ENOTDIR' })
  })
})

// Each test loads files.ts anew (test/support/fresh.ts), with the file system calls above wrapped as for the rest, and
// so covers what the module makes as it loads: the size of a piece, the flags a file is opened with.
describe('reading, the module loaded by the test', () => {
  it('reads in pieces of 256 KiB, the last one cut to the cap and one byte', async () => {
    const { readFileBounded: read } = await loadAfresh<typeof Files>('/src/files.js')
    const data = Buffer.alloc(600 * 1024, 'ab')
    writeFileSync(join(workspace, 'big.bin'), data)
    expect((await read(join(workspace, 'big.bin'), { maxBytes: data.length, roots: [workspace] })).equals(data)).toBe(true)
    expect(staged.opened).toEqual([{ path: join(workspace, 'big.bin'), reads: [262144, 262144, 90113, 1], closed: true }])
  })

  it('does not follow a link put in place of the resolved path before it is opened', async (context) => {
    needs(context, NO_SYMLINKS)
    const { readFileBounded: read } = await loadAfresh<typeof Files>('/src/files.js')
    symlinkSync(join(outside, 'secret.txt'), join(workspace, 'swapped.txt'))
    await expect(read(join(workspace, 'swapped.txt'), { maxBytes: 100, roots: [workspace] })).rejects.toMatchObject({
      code: 'ELOOP'
    })
    expect(staged.opened).toEqual([])
  })
})
