import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { mapConcurrent } from '../concurrency.js'
import { InputError } from '../errors.js'
import { shown } from '../urls.js'

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

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash)
  return hash.digest('hex')
}

/** Hashes every file below `dir` (links followed to files; folders, broken links and anything else skipped). Throws InputError when `dir` is not a folder. */
export async function buildManifest(dir: string, input = 'site-dir'): Promise<Manifest> {
  const folder = await stat(dir).catch(() => undefined)
  if (!folder?.isDirectory()) {
    throw new InputError(`Input "${input}": "${shown(dir)}" is not a folder. With a manifest, site-dir is the build output folder, relative to GITHUB_WORKSPACE.`)
  }
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const candidates = entries.map((entry) => join(entry.parentPath, entry.name))
  const hashed = await mapConcurrent(candidates, 16, async (path) => {
    if (!(await stat(path).catch(() => undefined))?.isFile()) return undefined
    return [relative(dir, path).split(sep).join('/'), await hashFile(path)] as const
  })
  // Sorted by code unit, the same on every system.
  // Stryker disable next-line EqualityOperator: paths are unique, so no two are ever equal
  const files = Object.fromEntries(hashed.filter((entry) => entry !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)))
  return { format: MANIFEST_FORMAT, version: MANIFEST_VERSION, algorithm: 'sha256', files }
}

/** Reads a manifest; a malformed or foreign one is an InputError that says so. */
export function parseManifest(text: string, path: string): Manifest {
  const foreign = (why: string): InputError =>
    new InputError(`Input "previous-manifest": "${shown(path)}" is not a manifest this action wrote (${why}). Remove it, or point previous-manifest at the file the "manifest" input wrote.`)
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
  if (typeof files !== 'object' || files === null || Array.isArray(files) || !Object.values(files).every((hash) => typeof hash === 'string')) {
    throw foreign('"files" is not a mapping of paths to hashes')
  }
  return { format: MANIFEST_FORMAT, version: MANIFEST_VERSION, algorithm: 'sha256', files: files as Record<string, string> }
}

/** The manifest at `path`, or undefined when there is no file there (the first run); any other failure to read it is an InputError. */
export async function readManifest(path: string): Promise<Manifest | undefined> {
  let text: string
  try {
    // Stryker disable next-line StringLiteral: without an encoding a Buffer comes back, and JSON.parse reads it as UTF-8 all the same
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new InputError(
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

/** Writes the manifest atomically: a reader sees the old file or the new one, never half of one. */
export async function writeManifest(path: string, manifest: Manifest): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temporary = `${path}.${process.pid}.tmp`
  try {
    await writeFile(temporary, `${JSON.stringify(manifest, null, 1)}\n`)
    await rename(temporary, path)
  } finally {
    await rm(temporary, { force: true })
  }
}
