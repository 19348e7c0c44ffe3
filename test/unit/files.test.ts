import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createServer } from 'node:net'
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, posix, resolve, win32 } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Files from '../../src/files.js'
import {
  allowedRoots,
  checkInside,
  decodeText,
  fileProblem,
  fileSha256,
  isWithin,
  readFileBounded,
  readTextFile,
  systemFolderOf,
  UnsafeFileError,
  writeFileSafely
} from '../../src/files.js'
import { loadAfresh } from '../support/fresh.js'
import { needs, NO_PROC, NO_SPECIAL_FILES, NO_SYMLINKS } from '../support/platform.js'

// Each test has a workspace and, beside it (outside), a folder standing for the rest of the machine.
let base: string
let workspace: string
let outside: string
let roots: string[]
beforeEach(() => {
  // Resolved, as the checks resolve it: macOS's temporary folder lies behind a link (/var), Windows' behind a short name (RUNNER~1).
  base = realpathSync.native(mkdtempSync(join(tmpdir(), 'files-')))
  workspace = join(base, 'workspace')
  outside = join(base, 'outside')
  mkdirSync(workspace)
  mkdirSync(outside)
  writeFileSync(join(outside, 'secret.txt'), 'TOP SECRET\n')
  roots = [workspace, join(base, 'runner-temp')]
})
afterEach(() => rmSync(base, { recursive: true, force: true }))

const refusal = async (promise: Promise<unknown>): Promise<UnsafeFileError> => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason
  )
  expect(error).toBeInstanceOf(UnsafeFileError)
  return error as UnsafeFileError
}

describe('allowedRoots', () => {
  it('is the workspace and RUNNER_TEMP, else the working directory and the system temporary folder', () => {
    expect(allowedRoots({ GITHUB_WORKSPACE: '/w/s', RUNNER_TEMP: '/r/t' })).toEqual([resolve('/w/s'), resolve('/r/t')])
    expect(allowedRoots({ RUNNER_TEMP: '' })).toEqual([process.cwd(), tmpdir()])
  })
})

describe('readFileBounded', () => {
  it('reads a regular file inside the workspace, also through a link that stays inside', async (context) => {
    needs(context, NO_SYMLINKS)
    writeFileSync(join(workspace, 'urls.txt'), '/a\n')
    symlinkSync('urls.txt', join(workspace, 'link.txt'))
    expect((await readFileBounded(join(workspace, 'link.txt'), { maxBytes: 3, roots })).toString()).toBe('/a\n')
  })

  it('reads a file of exactly the cap, and refuses one byte more', async () => {
    writeFileSync(join(workspace, 'at.txt'), 'x'.repeat(10))
    writeFileSync(join(workspace, 'over.txt'), 'x'.repeat(11))
    expect((await readFileBounded(join(workspace, 'at.txt'), { maxBytes: 10, roots })).length).toBe(10)
    const error = await refusal(readFileBounded(join(workspace, 'over.txt'), { maxBytes: 10, roots }))
    expect(error).toMatchObject({ kind: 'too large', message: 'is larger than 10 bytes, the most read' })
  })

  it('reads a file larger than one piece whole', async () => {
    const data = Buffer.alloc(600 * 1024, 'ab')
    writeFileSync(join(workspace, 'big.bin'), data)
    expect((await readFileBounded(join(workspace, 'big.bin'), { maxBytes: data.length, roots })).equals(data)).toBe(true)
  })

  it('refuses a link to a file outside the workspace and RUNNER_TEMP', async (context) => {
    needs(context, NO_SYMLINKS)
    symlinkSync(join(outside, 'secret.txt'), join(workspace, 'urls.txt'))
    const error = await refusal(readFileBounded(join(workspace, 'urls.txt'), { maxBytes: 100, roots }))
    expect(error).toMatchObject({ kind: 'outside', message: 'resolves outside the workspace and RUNNER_TEMP' })
  })

  it('refuses a file below a linked folder that leads outside', async (context) => {
    needs(context, NO_SYMLINKS)
    symlinkSync(outside, join(workspace, 'dir'))
    expect(await refusal(readFileBounded(join(workspace, 'dir', 'secret.txt'), { maxBytes: 100, roots }))).toMatchObject({
      kind: 'outside'
    })
  })

  it('reads a file in RUNNER_TEMP', async () => {
    mkdirSync(join(base, 'runner-temp'))
    writeFileSync(join(base, 'runner-temp', 'failed.txt'), '/b\n')
    expect((await readFileBounded(join(base, 'runner-temp', 'failed.txt'), { maxBytes: 3, roots })).toString()).toBe('/b\n')
  })

  // /proc files report size 0 and /dev/zero never ends: neither is opened, even where the workspace is /.
  it.for([
    ['/proc/self/environ', 'is a file of the system (under /proc), not data'],
    ['/sys/kernel/mm', 'is a file of the system (under /sys), not data'],
    ['/dev/zero', 'is a file of the system (under /dev), not data']
  ] as const)('refuses a link to %s, even when the workspace is /', async ([target, message], context) => {
    needs(context, NO_SYMLINKS, target === '/dev/zero' ? undefined : NO_PROC)
    symlinkSync(target, join(workspace, 'urls.txt'))
    const error = await refusal(readFileBounded(join(workspace, 'urls.txt'), { maxBytes: 100, roots: ['/'] }))
    expect(error).toMatchObject({ kind: 'system', message })
  })

  it('refuses a folder', async () => {
    mkdirSync(join(workspace, 'site'))
    expect(await refusal(readFileBounded(join(workspace, 'site'), { maxBytes: 100, roots }))).toMatchObject({
      kind: 'not a file',
      message: 'is a folder, not a regular file'
    })
  })

  it('refuses a FIFO without waiting for a writer', async (context) => {
    needs(context, NO_SPECIAL_FILES)
    execFileSync('mkfifo', [join(workspace, 'pipe')])
    expect(await refusal(readFileBounded(join(workspace, 'pipe'), { maxBytes: 100, roots }))).toMatchObject({
      kind: 'not a file',
      message: 'is a named pipe (FIFO), not a regular file'
    })
  })

  // Only root may make a device node; elsewhere the /dev rule above is what stands between a link and a device.
  it.skipIf(process.getuid?.() !== 0)('refuses a device node made in the workspace (a copy of /dev/zero)', async () => {
    execFileSync('mknod', [join(workspace, 'zero'), 'c', '1', '5'])
    expect(await refusal(readFileBounded(join(workspace, 'zero'), { maxBytes: 100, roots }))).toMatchObject({
      kind: 'not a file',
      message: 'is a device, not a regular file'
    })
  })

  it('cannot open a socket, and refuses to write over one', async (context) => {
    needs(context, NO_SPECIAL_FILES)
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(join(workspace, 'sock'), resolve))
    try {
      // Linux says ENXIO, macOS EOPNOTSUPP: either way the socket is never read.
      const error = (await readFileBounded(join(workspace, 'sock'), { maxBytes: 100, roots }).catch(
        (caught: unknown) => caught
      )) as NodeJS.ErrnoException
      expect(['ENXIO', 'EOPNOTSUPP']).toContain(error.code)
      expect(await refusal(writeFileSafely(join(workspace, 'sock'), 'x', { roots }))).toMatchObject({
        message: 'is a socket, not a regular file'
      })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('passes on errors of the file system as they are', async () => {
    await expect(readFileBounded(join(workspace, 'missing.txt'), { maxBytes: 100, roots })).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('uses the workspace and RUNNER_TEMP of the environment when no roots are given', async (context) => {
    needs(context, NO_SYMLINKS)
    symlinkSync(join(outside, 'secret.txt'), join(workspace, 'urls.txt'))
    vi.stubEnv('GITHUB_WORKSPACE', workspace)
    vi.stubEnv('RUNNER_TEMP', join(base, 'runner-temp'))
    try {
      expect(await refusal(readFileBounded(join(workspace, 'urls.txt'), { maxBytes: 100 }))).toMatchObject({ kind: 'outside' })
    } finally {
      vi.unstubAllEnvs()
    }
  })
})

/** `text` as Windows PowerShell 5.1 or another editor may save it: a byte order mark (or none), then the encoding's bytes. */
function saved(text: string, encoding: 'utf-8' | 'utf-8 with BOM' | 'utf-16le' | 'utf-16be'): Buffer {
  if (encoding === 'utf-8') return Buffer.from(text, 'utf8')
  if (encoding === 'utf-8 with BOM') return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])
  const le = Buffer.from(text, 'utf16le')
  return encoding === 'utf-16le' ? Buffer.concat([Buffer.from([0xff, 0xfe]), le]) : Buffer.concat([Buffer.from([0xfe, 0xff]), le.swap16()])
}

describe('decodeText', () => {
  const text = '/a.html\r\nhttps://example.com/caf\u00e9 \u{1f600}\r\n/b\n'
  it.each(['utf-8', 'utf-8 with BOM', 'utf-16le', 'utf-16be'] as const)('reads %s, CRLF kept, the byte order mark dropped', (encoding) => {
    expect(decodeText(saved(text, encoding))).toBe(text)
  })

  it.each([
    ['0xff alone', [0xff, 0x41, 0x42, 0x43]],
    ['0xfe second alone', [0x41, 0xfe, 0x42, 0x43]],
    ['0xfe alone', [0xfe, 0x41, 0x42, 0x43]],
    ['0xff second alone', [0x41, 0xff, 0x42, 0x43]],
    ['the UTF-8 mark without its last byte', [0xef, 0xbb, 0x41, 0x42]],
    ['the UTF-8 mark without its middle byte', [0xef, 0x41, 0xbf, 0x42]],
    ['the UTF-8 mark without its first byte', [0x41, 0xbb, 0xbf, 0x42]],
    ['its last byte alone', [0x41, 0x42, 0xbf, 0x43]]
  ])('reads bytes that only look like a byte order mark (%s) as UTF-8, dropping nothing', (_, bytes) => {
    const buffer = Buffer.from(bytes)
    expect(decodeText(buffer)).toBe(buffer.toString('utf8'))
  })

  it('reads an empty file, and one of a byte order mark alone, as no text', () => {
    expect(decodeText(Buffer.alloc(0))).toBe('')
    expect(decodeText(saved('', 'utf-16le'))).toBe('')
    expect(decodeText(saved('', 'utf-16be'))).toBe('')
    expect(decodeText(saved('', 'utf-8 with BOM'))).toBe('')
  })

  it('leaves out the odd last byte of a UTF-16 file cut short', () => {
    expect(decodeText(Buffer.concat([saved('/a', 'utf-16le'), Buffer.from([0x2f])]))).toBe('/a')
    expect(decodeText(Buffer.concat([saved('/a', 'utf-16be'), Buffer.from([0x00])]))).toBe('/a')
  })

  it.each([
    ['UTF-16LE without its byte order mark', Buffer.from('/a.html\r\n', 'utf16le')],
    ['UTF-16BE without its byte order mark', Buffer.from('/a.html\r\n', 'utf16le').swap16()],
    ['a NUL in UTF-8', Buffer.from('/a\u0000b\n')]
  ])('refuses %s as not UTF-8, saying to save it as UTF-8', (_, bytes) => {
    let error: unknown
    try {
      decodeText(bytes)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(UnsafeFileError)
    expect(error).toMatchObject({ kind: 'not text' })
    expect((error as Error).message).toBe(
      'holds NUL bytes and starts with no byte order mark, so it is not UTF-8 text (UTF-16 is read only with its byte order mark): save it as UTF-8'
    )
  })

  it('refuses NUL characters after a UTF-16 byte order mark (UTF-32LE starts with the same two bytes)', () => {
    const utf32le = Buffer.from([0xff, 0xfe, 0, 0, 0x2f, 0, 0, 0])
    for (const bytes of [utf32le, saved('/a\u0000', 'utf-16be')]) {
      expect(() => decodeText(bytes)).toThrow(UnsafeFileError)
      expect(() => decodeText(bytes)).toThrow(expect.objectContaining({ kind: 'not text' }))
      expect(() => decodeText(bytes)).toThrow('holds NUL characters, so it is not text: save it as UTF-8')
    }
  })
})

describe('readTextFile', () => {
  it('reads a UTF-16LE file with CRLF line ends as text, with the checks and the cap of readFileBounded', async () => {
    const path = join(workspace, 'urls.txt')
    writeFileSync(path, saved('/a\r\n/b\r\n', 'utf-16le'))
    expect(await readTextFile(path, { maxBytes: 1024, roots })).toBe('/a\r\n/b\r\n')
    expect((await refusal(readTextFile(path, { maxBytes: 4, roots }))).kind).toBe('too large')
  })
})

describe('fileSha256', () => {
  it('hashes the file, with the checks of readFileBounded', async (context) => {
    needs(context, NO_SYMLINKS)
    writeFileSync(join(workspace, 'a.html'), '<p>a</p>')
    expect(await fileSha256(join(workspace, 'a.html'), { maxBytes: 8, roots })).toBe(createHash('sha256').update('<p>a</p>').digest('hex'))
    expect(await refusal(fileSha256(join(workspace, 'a.html'), { maxBytes: 7, roots }))).toMatchObject({ kind: 'too large' })
    symlinkSync('/dev/zero', join(workspace, 'z.html'))
    expect(await refusal(fileSha256(join(workspace, 'z.html'), { maxBytes: 100, roots }))).toMatchObject({ kind: 'system' })
  })
})

describe('checkInside', () => {
  it('takes a root itself as inside, and the folder above it as outside', async () => {
    expect(await checkInside(workspace, [workspace])).toBe(workspace)
    expect(await refusal(checkInside(base, [workspace]))).toMatchObject({ kind: 'outside' })
  })

  it('returns the resolved path of a place inside, and refuses one outside', async (context) => {
    needs(context, NO_SYMLINKS)
    mkdirSync(join(workspace, 'site'))
    expect(await checkInside(join(workspace, 'site'), roots)).toBe(join(workspace, 'site'))
    symlinkSync(outside, join(workspace, 'out'))
    expect(await refusal(checkInside(join(workspace, 'out'), roots))).toMatchObject({ kind: 'outside' })
  })
})

describe('writeFileSafely', () => {
  const outsideText = (): string => readFileSync(join(outside, 'secret.txt'), 'utf8')

  it('creates missing folders, writes, and writes again over its own file, leaving no temporary file', async () => {
    const path = join(workspace, 'a', 'b', 'm.json')
    await writeFileSafely(path, 'one', { roots })
    await writeFileSafely(path, 'two', { roots })
    expect(readFileSync(path, 'utf8')).toBe('two')
    expect(readdirSync(join(workspace, 'a', 'b'))).toEqual(['m.json'])
  })

  it('refuses a target that is a link, even one that stays inside, and leaves the link and its file as they are', async (context) => {
    needs(context, NO_SYMLINKS)
    writeFileSync(join(workspace, 'real.json'), 'mine')
    symlinkSync('real.json', join(workspace, 'inside.json'))
    symlinkSync(join(outside, 'secret.txt'), join(workspace, 'm.json'))
    for (const name of ['inside.json', 'm.json']) {
      const error = await refusal(writeFileSafely(join(workspace, name), 'overwritten', { roots }))
      expect(error).toMatchObject({ kind: 'link', message: 'is a symbolic link, which is never written through' })
    }
    expect(outsideText()).toBe('TOP SECRET\n')
    expect(readFileSync(join(workspace, 'real.json'), 'utf8')).toBe('mine')
    expect(lstatSync(join(workspace, 'm.json')).isSymbolicLink()).toBe(true)
  })

  it('refuses a dangling link as the target (it would create the file it points to)', async (context) => {
    needs(context, NO_SYMLINKS)
    symlinkSync(join(outside, 'new.txt'), join(workspace, 'm.json'))
    expect(await refusal(writeFileSafely(join(workspace, 'm.json'), 'x', { roots }))).toMatchObject({ kind: 'link' })
    expect(readdirSync(outside)).toEqual(['secret.txt'])
  })

  it('refuses a folder on the way that leads outside, before creating anything there', async (context) => {
    needs(context, NO_SYMLINKS)
    symlinkSync(outside, join(workspace, 'cache'))
    const error = await refusal(writeFileSafely(join(workspace, 'cache', 'deep', 'm.json'), 'x', { roots }))
    expect(error).toMatchObject({ kind: 'outside', message: 'lies in a folder that resolves outside the workspace and RUNNER_TEMP' })
    expect(readdirSync(outside)).toEqual(['secret.txt'])
    expect(await refusal(writeFileSafely(join(workspace, 'cache', 'm.json'), 'x', { roots }))).toMatchObject({ kind: 'outside' })
    expect(readdirSync(outside)).toEqual(['secret.txt'])
  })

  it('refuses a path outside the roots given as it is', async () => {
    expect(await refusal(writeFileSafely(join(outside, 'secret.txt'), 'x', { roots }))).toMatchObject({ kind: 'outside' })
    expect(outsideText()).toBe('TOP SECRET\n')
  })

  it('refuses a target that is a folder, and leaves no temporary file', async () => {
    mkdirSync(join(workspace, 'm.json'))
    expect(await refusal(writeFileSafely(join(workspace, 'm.json'), 'x', { roots }))).toMatchObject({
      kind: 'not a file',
      message: 'is a folder, not a regular file'
    })
    expect(readdirSync(workspace)).toEqual(['m.json'])
  })

  // The old writer wrote `<manifest>.<pid>.tmp` with a plain write: a link of that name sent the text outside.
  it('never writes through links planted at temporary names, the old fixed one or the very name it picks', async (context) => {
    needs(context, NO_SYMLINKS)
    symlinkSync(join(outside, 'secret.txt'), join(workspace, `m.json.${process.pid}.tmp`))
    await writeFileSafely(join(workspace, 'm.json'), 'new', { roots })
    expect(readFileSync(join(workspace, 'm.json'), 'utf8')).toBe('new')
    expect(outsideText()).toBe('TOP SECRET\n')

    symlinkSync(join(outside, 'secret.txt'), join(workspace, '.n.json.fixed.tmp'))
    await expect(writeFileSafely(join(workspace, 'n.json'), 'new', { roots, random: () => 'fixed' })).rejects.toMatchObject({
      code: 'EEXIST'
    })
    expect(outsideText()).toBe('TOP SECRET\n')
    // The planted link is not the writer's to remove, and no target was made.
    expect(readlinkSync(join(workspace, '.n.json.fixed.tmp'))).toBe(join(outside, 'secret.txt'))
    expect(readdirSync(workspace)).not.toContain('n.json')
  })

  it('writes into RUNNER_TEMP', async () => {
    mkdirSync(join(base, 'runner-temp'))
    await writeFileSafely(join(base, 'runner-temp', 'failed-files.txt'), '/a\n', { roots })
    expect(readFileSync(join(base, 'runner-temp', 'failed-files.txt'), 'utf8')).toBe('/a\n')
  })
})

// The containment check as it runs on each system, with that system's path functions (Windows runs here with path.win32).
describe('isWithin', () => {
  // POSIX: a sibling whose name starts the same, the folder above or a path up and back is outside.
  // Windows: drive letters and names compare case-insensitively, either slash separates, another drive or share is outside.
  it.for([
    ['posix', '/w/repo', '/w/repo', true],
    ['posix', '/w/repo/a/b.txt', '/w/repo', true],
    ['posix', '/w/repo/..notes', '/w/repo', true],
    ['posix', '/w/repo2/a.txt', '/w/repo', false],
    ['posix', '/w', '/w/repo', false],
    ['posix', '/etc/passwd', '/w/repo', false],
    ['win32', 'D:\\a\\repo\\repo\\site\\index.html', 'D:\\a\\repo\\repo', true],
    ['win32', 'd:\\A\\Repo\\repo\\urls.txt', 'D:\\a\\repo\\repo', true],
    ['win32', 'D:/a/repo/repo/urls.txt', 'D:\\a\\repo\\repo', true],
    ['win32', 'D:\\a\\_temp\\m.json', 'D:\\a\\_temp', true],
    ['win32', 'D:\\a\\repo\\repo2\\urls.txt', 'D:\\a\\repo\\repo', false],
    ['win32', 'D:\\a\\repo\\repo\\..\\secret.txt', 'D:\\a\\repo\\repo', false],
    ['win32', 'C:\\a\\repo\\repo\\urls.txt', 'D:\\a\\repo\\repo', false],
    ['win32', '\\\\server\\share\\repo\\urls.txt', 'D:\\a\\repo\\repo', false],
    ['win32', '\\\\SERVER\\Share\\w\\a.txt', '\\\\server\\share\\w', true]
  ] as const)('%s: %s in %s is %s', ([flavour, path, root, inside]) => {
    expect(isWithin(path, root, { posix, win32 }[flavour])).toBe(inside)
  })
})

describe('systemFolderOf', () => {
  it('names /proc, /sys and /dev on a POSIX system, and no folder whose name only starts so', () => {
    expect(systemFolderOf('/proc/self/environ', posix)).toBe('/proc')
    expect(systemFolderOf('/sys/kernel', posix)).toBe('/sys')
    expect(systemFolderOf('/dev/zero', posix)).toBe('/dev')
    expect(systemFolderOf('/devices/a.html', posix)).toBeUndefined()
    expect(systemFolderOf('/home/dev/a.html', posix)).toBeUndefined()
  })
  // Read as /dev, C:\dev would have every file of a self-hosted runner in C:\dev\actions-runner refused as "a file of the system".
  it('names none on Windows, where \\dev is a folder like any other', () => {
    expect(systemFolderOf('C:\\dev\\actions-runner\\_work\\site\\urls.txt', win32)).toBeUndefined()
    expect(systemFolderOf('\\proc\\self\\environ', win32)).toBeUndefined()
  })
})

describe('fileProblem', () => {
  it('reads a refusal as a clause about the file, and any other error as its message', () => {
    expect(fileProblem(new UnsafeFileError('link', 'is a symbolic link, which is never written through'))).toBe(
      'the file is a symbolic link, which is never written through'
    )
    expect(fileProblem(new Error('EACCES: permission denied'))).toBe('EACCES: permission denied')
    expect(fileProblem('odd')).toBe('odd')
    expect(new UnsafeFileError('outside', 'resolves outside').name).toBe('UnsafeFileError')
  })
})

// Each test loads files.ts anew (test/support/fresh.ts), and so covers what the module makes as it loads: the system
// folders, the size of a piece, the flags a file is opened with, the refusals' words. The UnsafeFileError of a module
// so loaded is its own class, not the one imported above.
describe('files, the module loaded by the test', () => {
  const refusedBy = async (loaded: typeof Files, promise: Promise<unknown>): Promise<Files.UnsafeFileError> => {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason
    )
    expect(error).toBeInstanceOf(loaded.UnsafeFileError)
    return error as Files.UnsafeFileError
  }

  it('names /proc, /sys and /dev as the system folders', async () => {
    const loaded = await loadAfresh<typeof Files>('/src/files.js')
    expect(loaded.systemFolderOf('/proc/self/environ', posix)).toBe('/proc')
    expect(loaded.systemFolderOf('/sys/kernel', posix)).toBe('/sys')
    expect(loaded.systemFolderOf('/dev/zero', posix)).toBe('/dev')
    expect(loaded.systemFolderOf('/dev', posix)).toBe('/dev')
    expect(loaded.systemFolderOf('/home/runner/a.html', posix)).toBeUndefined()
    expect(loaded.systemFolderOf('/', posix)).toBeUndefined()
  })

  it('refuses a link to /dev/zero, even when the workspace is /', async (context) => {
    needs(context, NO_SYMLINKS)
    const loaded = await loadAfresh<typeof Files>('/src/files.js')
    symlinkSync('/dev/zero', join(workspace, 'urls.txt'))
    expect(await refusedBy(loaded, loaded.readFileBounded(join(workspace, 'urls.txt'), { maxBytes: 100, roots: ['/'] }))).toMatchObject({
      kind: 'system',
      message: 'is a file of the system (under /dev), not data'
    })
  })

  it('reads files larger than a piece whole, and says how large a file it refuses', async () => {
    const loaded = await loadAfresh<typeof Files>('/src/files.js')
    const data = Buffer.alloc(600 * 1024, 'ab')
    writeFileSync(join(workspace, 'big.bin'), data)
    expect((await loaded.readFileBounded(join(workspace, 'big.bin'), { maxBytes: data.length, roots })).equals(data)).toBe(true)
    expect(await loaded.fileSha256(join(workspace, 'big.bin'), { maxBytes: data.length, roots })).toBe(
      createHash('sha256').update(data).digest('hex')
    )
    expect(await refusedBy(loaded, loaded.readFileBounded(join(workspace, 'big.bin'), { maxBytes: 1000, roots }))).toMatchObject({
      kind: 'too large',
      message: 'is larger than 1000 bytes, the most read'
    })
  })

  it('refuses a FIFO without waiting for a writer', async (context) => {
    needs(context, NO_SPECIAL_FILES)
    const loaded = await loadAfresh<typeof Files>('/src/files.js')
    execFileSync('mkfifo', [join(workspace, 'pipe')])
    expect(await refusedBy(loaded, loaded.readFileBounded(join(workspace, 'pipe'), { maxBytes: 100, roots }))).toMatchObject({
      kind: 'not a file',
      message: 'is a named pipe (FIFO), not a regular file'
    })
  })

  it('says why NUL is not text, with or without a byte order mark', async () => {
    const loaded = await loadAfresh<typeof Files>('/src/files.js')
    expect(() => loaded.decodeText(Buffer.from('/a\u0000b\n'))).toThrow(
      new loaded.UnsafeFileError(
        'not text',
        'holds NUL bytes and starts with no byte order mark, so it is not UTF-8 text (UTF-16 is read only with its byte order mark): save it as UTF-8'
      )
    )
    expect(() => loaded.decodeText(saved('/a\u0000', 'utf-16le'))).toThrow(
      new loaded.UnsafeFileError('not text', 'holds NUL characters, so it is not text: save it as UTF-8')
    )
    expect(loaded.decodeText(saved('/a\r\n', 'utf-16be'))).toBe('/a\r\n')
  })
})
