import { readdir, stat } from 'node:fs/promises'
import * as nodePath from 'node:path'
import { mapConcurrent } from '../concurrency.js'
import { InputError } from '../errors.js'
import {
  checkInside,
  fileSha256,
  readTextFile,
  UnsafeFileError,
  writeFileSafely,
  type PathFlavour,
  type ReadLimits,
  type WriteOptions
} from '../files.js'
import { shown, sizeText } from '../text.js'

export const MANIFEST_FORMAT = 'cdn-purge-action/manifest'
export const MANIFEST_VERSION = 1

/**
 * A content manifest of a built site, version 1:
 * `{"format": "cdn-purge-action/manifest", "version": 1, "algorithm": "sha256", "files": {"<path>": "<hex>"}}`,
 * paths relative to site-dir with `/` separators, sorted, so that the same site always gives the same file.
 */
export interface Manifest {
  readonly format: typeof MANIFEST_FORMAT
  readonly version: typeof MANIFEST_VERSION
  readonly algorithm: 'sha256'
  readonly files: Readonly<Record<string, string>>
}

/** The largest site file hashed for a manifest: far above what a CDN caches as one file, and a bound on the time one file takes. */
export const MAX_SITE_FILE_BYTES = 4 * 1024 * 1024 * 1024

/** The largest previous manifest read, as for files-from: some 500,000 files' paths and hashes, far more than one site holds. */
export const MAX_MANIFEST_BYTES = 64 * 1024 * 1024

/**
 * A file's key in the manifest: its path relative to `dir`, with `/` between folders whatever the system
 * (`D:\site\docs\a.html` in `D:\site` is `docs/a.html`), so that a manifest written on Windows is read on Linux and back.
 */
export function manifestKey(dir: string, file: string, flavour: PathFlavour = nodePath): string {
  return flavour.relative(dir, file).split(flavour.sep).join('/')
}

/**
 * Hashes every file below `dir`: links are followed to files inside the workspace or RUNNER_TEMP; folders
 * (linked or not) and broken links are skipped. Throws InputError when `dir` is not a folder inside them, or
 * when a file in it is not a regular file inside them within MAX_SITE_FILE_BYTES (a device, a FIFO, a link
 * out of the workspace), naming the file and never reading it.
 */
export async function buildManifest(dir: string, input = 'site-dir', limits: Partial<ReadLimits> = {}): Promise<Manifest> {
  const folder = await stat(dir).catch(() => undefined)
  if (!folder?.isDirectory()) {
    throw new InputError(
      input,
      `Input "${input}": "${shown(dir)}" is not a folder. With a manifest, site-dir is the build output folder, relative to GITHUB_WORKSPACE.`
    )
  }
  const refused = (path: string, why: string): InputError =>
    new InputError(
      input,
      `Input "${input}": "${shown(path)}" ${why}, so it is not hashed for the manifest. Remove it from the build output, or exclude it from site-dir.`
    )
  try {
    // Else a link to /proc or / would have the whole tree below it listed.
    await checkInside(dir, limits.roots)
  } catch (error) {
    throw error instanceof UnsafeFileError ? refused(dir, error.message) : error
  }
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const candidates = entries.map((entry) => nodePath.join(entry.parentPath, entry.name))
  const hashed = await mapConcurrent(candidates, 16, async (path) => {
    // A folder is skipped (its files are listed on their own), a link to a folder too (its files are not), and a broken link.
    if ((await stat(path).catch(() => undefined))?.isDirectory() !== false) return undefined
    const name = manifestKey(dir, path)
    try {
      return [name, await fileSha256(path, { maxBytes: limits.maxBytes ?? MAX_SITE_FILE_BYTES, roots: limits.roots })] as const
    } catch (error) {
      throw error instanceof UnsafeFileError ? refused(path, error.message) : error
    }
  })
  // Sorted by code unit, the same on every system.
  const hashedFiles = hashed.filter((entry) => entry !== undefined)
  // Stryker disable next-line EqualityOperator: paths are unique, so no two are ever equal
  const files = Object.fromEntries(hashedFiles.sort(([a], [b]) => (a < b ? -1 : 1)))
  return { format: MANIFEST_FORMAT, version: MANIFEST_VERSION, algorithm: 'sha256', files }
}

/** Reads a manifest; a malformed or foreign one is an InputError that says so. */
export function parseManifest(text: string, path: string): Manifest {
  const foreign = (why: string): InputError =>
    new InputError(
      'previous-manifest',
      `Input "previous-manifest": "${shown(path)}" is not a manifest this action wrote (${why}). Remove it, or point previous-manifest at the file the "manifest" input wrote.`
    )
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch {
    throw foreign('it is not JSON')
  }
  const record = (typeof doc === 'object' && doc !== null ? doc : {}) as Record<string, unknown>
  if (record.format !== MANIFEST_FORMAT) throw foreign(`its "format" is not "${MANIFEST_FORMAT}"`)
  if (record.version !== MANIFEST_VERSION) {
    throw foreign(`it is version ${JSON.stringify(record.version)}; this version of the action reads version ${MANIFEST_VERSION}`)
  }
  if (record.algorithm !== 'sha256') throw foreign('its "algorithm" is not "sha256"')
  const files = record.files
  if (
    typeof files !== 'object' ||
    files === null ||
    Array.isArray(files) ||
    !Object.values(files).every((hash) => typeof hash === 'string')
  ) {
    throw foreign('"files" is not a mapping of paths to hashes')
  }
  return { format: MANIFEST_FORMAT, version: MANIFEST_VERSION, algorithm: 'sha256', files: files as Record<string, string> }
}

/**
 * The manifest at `path` (UTF-8, or UTF-16 with its byte order mark: see decodeText), or undefined when there is no file there (the first run); any other failure to
 * read it is an InputError, and so is a file that is not a regular file inside the workspace or
 * RUNNER_TEMP of at most MAX_MANIFEST_BYTES (never read, never shown).
 */
export async function readManifest(path: string, limits: Partial<ReadLimits> = {}): Promise<Manifest | undefined> {
  const maxBytes = limits.maxBytes ?? MAX_MANIFEST_BYTES
  let text: string
  try {
    text = await readTextFile(path, { maxBytes, roots: limits.roots })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    if (error instanceof UnsafeFileError && error.kind === 'not text') {
      throw new InputError('previous-manifest', `Input "previous-manifest": "${shown(path)}" ${error.message}.`)
    }
    if (error instanceof UnsafeFileError) {
      throw new InputError(
        'previous-manifest',
        `Input "previous-manifest": "${shown(path)}" ${error.message} (at most ${sizeText(maxBytes)}, a regular file inside the workspace or RUNNER_TEMP). ` +
          'Give the file the "manifest" input wrote, relative to GITHUB_WORKSPACE.'
      )
    }
    throw new InputError(
      'previous-manifest',
      `Input "previous-manifest": cannot read "${shown(path)}" (${(error as NodeJS.ErrnoException).code ?? String(error)}). ` +
        'Give the file the "manifest" input wrote, relative to GITHUB_WORKSPACE; only a file that does not exist yet (the first run) is read as no manifest.'
    )
  }
  return parseManifest(text, path)
}

/** Paths added, changed or removed between two manifests, sorted. */
export function compareManifests(previous: Manifest, current: Manifest): string[] {
  const paths = new Set([...Object.keys(previous.files), ...Object.keys(current.files)])
  return [...paths].filter((path) => previous.files[path] !== current.files[path]).sort()
}

/**
 * Writes the manifest atomically (a reader sees the old file or the new one, never half of one), never
 * through a link and never outside the workspace or RUNNER_TEMP: see writeFileSafely. Refusals are UnsafeFileError.
 */
export async function writeManifest(path: string, manifest: Manifest, options: WriteOptions = {}): Promise<void> {
  await writeFileSafely(path, `${JSON.stringify(manifest, null, 1)}\n`, options)
}
