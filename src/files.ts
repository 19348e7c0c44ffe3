// Safe file access: every file the action reads from the workspace or writes into it goes through here.
// A pull request's checkout can hold anything: links to files outside (`urls.txt -> /proc/self/environ`),
// devices (`z.html -> /dev/zero`), FIFOs, links planted where the action writes. So a file is read only
// when it lies, links resolved, inside the workspace or RUNNER_TEMP, is a regular file, and is within a
// size cap; and a file is written only through a new, randomly named file in a folder that lies inside
// them, renamed into place, never through a link.
import { createHash, randomBytes } from 'node:crypto'
import { constants, type Stats } from 'node:fs'
import { lstat, mkdir, open, realpath, rename, rm, type FileHandle } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as nodePath from 'node:path'
import { basename, dirname, join, resolve } from 'node:path'
import { sizeText } from './text.js'

/** A file the action will not read or write, and why: `message` reads after the file's name ("is a folder, not a file"). */
export class UnsafeFileError extends Error {
  override name = 'UnsafeFileError'

  constructor(
    readonly kind: 'system' | 'outside' | 'not a file' | 'link' | 'too large' | 'not text',
    message: string
  ) {
    super(message)
  }
}

/** An error of writing or reading a file as a clause: "the file is a symbolic link, …" for a refusal, else the error's message. */
export function fileProblem(error: unknown): string {
  if (error instanceof UnsafeFileError) return `the file ${error.message}`
  return error instanceof Error ? error.message : String(error)
}

/**
 * Where the kernel shows itself as files: they report size 0 or never end (/proc/self/environ, /dev/zero), and are never data.
 * POSIX only: on Windows "/dev" names a folder like any other on the current drive (C:\dev), where a self-hosted runner may work.
 */
const SYSTEM_FOLDERS = ['/proc', '/sys', '/dev']

/** Read in pieces of this size: a bound on what one read holds, large enough that a 64 MiB list takes few reads. */
const CHUNK_BYTES = 256 * 1024

/** Opened for reading: no link as the last part (the path given is already resolved), and a FIFO without a writer does not block. */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)

/** Created for writing: a new file or nothing. With O_CREAT, O_EXCL also refuses a link of that name, dangling or not, and never follows it. */
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL

/** The folders files may lie in: the workspace (GITHUB_WORKSPACE, else the working directory) and RUNNER_TEMP (else the system's temporary folder). */
export function allowedRoots(env: NodeJS.ProcessEnv = process.env): string[] {
  return [resolve(env.GITHUB_WORKSPACE ?? process.cwd()), resolve(env.RUNNER_TEMP || tmpdir())]
}

export interface ReadLimits {
  /** The most bytes read; a larger file is refused. */
  readonly maxBytes: number
  /** Default: allowedRoots(). */
  readonly roots?: readonly string[] | undefined
}

/** The path functions of one system: node:path where the action runs; path.win32 or path.posix in tests. */
export type PathFlavour = nodePath.PlatformPath

/**
 * Whether `path` is `root` or lies below it, both absolute. With path.win32, drive letters and names compare
 * case-insensitively (`d:\A\repo` lies in `D:\a`), another drive or share is outside, and `/` and `\` both separate.
 */
export function isWithin(path: string, root: string, flavour: PathFlavour = nodePath): boolean {
  const rest = flavour.relative(root, path)
  return rest !== '..' && !rest.startsWith(`..${flavour.sep}`) && !flavour.isAbsolute(rest)
}

/** The system folder `real` (a resolved path) lies in, if any; never one on Windows, which has none. */
export function systemFolderOf(real: string, flavour: PathFlavour = nodePath): string | undefined {
  if (flavour.sep !== '/') return undefined
  return SYSTEM_FOLDERS.find((folder) => isWithin(real, folder, flavour))
}

/** Throws UnsafeFileError unless `real` (a resolved path) lies inside one of the roots, and in no system folder. */
async function checkPlace(real: string, roots: readonly string[]): Promise<void> {
  const system = systemFolderOf(real)
  if (system !== undefined) throw new UnsafeFileError('system', `is a file of the system (under ${system}), not data`)
  // The roots resolved too: the workspace itself may lie behind a link (/var -> /private/var).
  const realRoots = await Promise.all(roots.map((root) => realpath(root).catch(() => resolve(root))))
  if (!realRoots.some((root) => isWithin(real, root)))
    throw new UnsafeFileError('outside', 'resolves outside the workspace and RUNNER_TEMP')
}

/** Links resolved: throws UnsafeFileError when `path` lies outside the roots (errors of the file system, such as ENOENT, as they are). */
export async function checkInside(path: string, roots: readonly string[] = allowedRoots()): Promise<string> {
  const real = await realpath(path)
  await checkPlace(real, roots)
  return real
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder'
  if (stats.isFIFO()) return 'a named pipe (FIFO)'
  if (stats.isSocket()) return 'a socket'
  return 'a device'
}

/** Opens a file to read after every check, on the opened file itself (no race between a check and the open). */
async function openChecked(path: string, limits: ReadLimits): Promise<FileHandle> {
  const real = await checkInside(path, limits.roots)
  const handle = await open(real, READ_FLAGS)
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) throw new UnsafeFileError('not a file', `is ${kindOf(stats)}, not a regular file`)
    if (stats.size > limits.maxBytes) throw new UnsafeFileError('too large', tooLarge(limits.maxBytes))
    return handle
  } catch (error) {
    await handle.close()
    throw error
  }
}

const tooLarge = (maxBytes: number): string => `is larger than ${sizeText(maxBytes)}, the most read`

/** Hands every piece of the file to `take`, at most `maxBytes` in all: one byte more (a file that grew) is UnsafeFileError. */
async function readPieces(path: string, limits: ReadLimits, take: (piece: Buffer) => void): Promise<void> {
  const handle = await openChecked(path, limits)
  try {
    let total = 0
    for (;;) {
      // A new buffer each time: `take` may keep the piece.
      const piece = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, limits.maxBytes + 1 - total))
      const { bytesRead } = await handle.read(piece, 0, piece.length, null)
      if (bytesRead === 0) return
      total += bytesRead
      if (total > limits.maxBytes) throw new UnsafeFileError('too large', tooLarge(limits.maxBytes))
      take(piece.subarray(0, bytesRead))
    }
  } finally {
    await handle.close()
  }
}

/** The file's bytes: a regular file inside the roots, at most `maxBytes`. Refusals are UnsafeFileError; nothing of a refused file is read. */
export async function readFileBounded(path: string, limits: ReadLimits): Promise<Buffer> {
  const pieces: Buffer[] = []
  await readPieces(path, limits, (piece) => pieces.push(piece))
  return Buffer.concat(pieces)
}

/** UnsafeFileError of a file that holds NUL: it reads after the file's name, as every refusal does. */
const NOT_UTF8 =
  'holds NUL bytes and starts with no byte order mark, so it is not UTF-8 text (UTF-16 is read only with its byte order mark): save it as UTF-8'
const NOT_TEXT = 'holds NUL characters, so it is not text: save it as UTF-8'

/** UTF-16 (the byte order mark gone) as a string: big-endian pairs swapped, a last odd byte left out. */
function utf16(bytes: Buffer, bigEndian: boolean): string {
  const even = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)))
  return (bigEndian ? even.swap16() : even).toString('utf16le')
}

/**
 * A text file's bytes as text, told by its byte order mark: UTF-8 with or without one, UTF-16LE and
 * UTF-16BE with one (as Windows PowerShell 5.1 writes `> urls.txt` and `Out-File`), the mark dropped.
 * Bytes that are not UTF-8 read as U+FFFD. NUL is never text: a file that holds it is UnsafeFileError,
 * since UTF-16 without its mark (or UTF-32) would otherwise read as a NUL between every character.
 */
export function decodeText(bytes: Buffer): string {
  const [first, second, third] = bytes
  let text: string
  if (first === 0xff && second === 0xfe) text = utf16(bytes.subarray(2), false)
  else if (first === 0xfe && second === 0xff) text = utf16(bytes.subarray(2), true)
  else {
    if (bytes.includes(0)) throw new UnsafeFileError('not text', NOT_UTF8)
    return bytes.toString('utf8', first === 0xef && second === 0xbb && third === 0xbf ? 3 : 0)
  }
  if (text.includes('\u0000')) throw new UnsafeFileError('not text', NOT_TEXT)
  return text
}

/** The text of a file (see decodeText), with the checks and the cap of readFileBounded: refusals, of a file that is not text too, are UnsafeFileError. */
export async function readTextFile(path: string, limits: ReadLimits): Promise<string> {
  return decodeText(await readFileBounded(path, limits))
}

/** SHA-256 (hex) of a file, read in pieces, with the checks and the cap of readFileBounded. */
export async function fileSha256(path: string, limits: ReadLimits): Promise<string> {
  const hash = createHash('sha256')
  await readPieces(path, limits, (piece) => hash.update(piece))
  return hash.digest('hex')
}

/**
 * The nearest folder of `folder` that resolves, resolved (so that creating the rest cannot follow a link out);
 * "/" always does, but a drive or share that is not there (Z:\ on Windows) does not, and is returned as it is: it has
 * no folder above to try, and lies outside the roots. A folder that cannot be resolved for another reason than not
 * existing is passed too: mkdir then says what is wrong.
 */
async function nearestExisting(folder: string): Promise<string> {
  const resolved = await realpath(folder).catch(() => undefined)
  if (resolved !== undefined) return resolved
  const above = dirname(folder)
  return above === folder ? folder : nearestExisting(above)
}

/** Creates `folder` when missing and returns it resolved; UnsafeFileError when it (or the part that exists, checked before creating anything) lies outside the roots. */
async function placeFolder(folder: string, roots: readonly string[]): Promise<string> {
  try {
    // mkdir would follow a linked folder on the way and create folders outside.
    await checkPlace(await nearestExisting(folder), roots)
    await mkdir(folder, { recursive: true })
    return await checkInside(folder, roots)
  } catch (error) {
    if (error instanceof UnsafeFileError) throw new UnsafeFileError(error.kind, `lies in a folder that ${error.message}`)
    throw error
  }
}

export interface WriteOptions {
  /** Default: allowedRoots(). */
  readonly roots?: readonly string[]
  /** The temporary name's random part; a fixed one in tests. */
  readonly random?: () => string
}

/**
 * Writes `text` to `path` atomically (a reader sees the old file or the new one): into a new file of a
 * random name in the same folder, opened exclusively, then renamed over the target. Missing folders are
 * created. Refused (UnsafeFileError) when the folder, links resolved, lies outside the roots, or when the
 * target is a link or not a regular file; a planted file or link of the temporary name fails the write
 * (EEXIST) and is left as it is.
 */
export async function writeFileSafely(path: string, text: string, options: WriteOptions = {}): Promise<void> {
  const roots = options.roots ?? allowedRoots()
  const target = resolve(path)
  const folder = await placeFolder(dirname(target), roots)
  const final = join(folder, basename(target))
  // Not there (or not to be seen): the exclusive open and the rename below never follow a link either way.
  const existing = await lstat(final).catch(() => undefined)
  if (existing?.isSymbolicLink()) throw new UnsafeFileError('link', 'is a symbolic link, which is never written through')
  if (existing !== undefined && !existing.isFile()) throw new UnsafeFileError('not a file', `is ${kindOf(existing)}, not a regular file`)
  const temporary = join(folder, `.${basename(target)}.${(options.random ?? (() => randomBytes(8).toString('hex')))()}.tmp`)
  const handle = await open(temporary, CREATE_FLAGS, 0o666)
  try {
    try {
      await handle.writeFile(text)
    } finally {
      await handle.close()
    }
    // rename replaces a link put there meanwhile; it never writes through one.
    await rename(temporary, final)
  } catch (error) {
    // The write's own error is the one to report, not a failure to clean up after it.
    await rm(temporary).catch(() => undefined)
    throw error
  }
}
