import picomatch from 'picomatch'
import { InputError } from '../errors.js'
import { siteEntries } from '../site.js'
import { shown, thousands } from '../text.js'
import { GLOB_OPTIONS } from './glob.js'

export interface SiteOptions {
  /** Folder whose root is served, POSIX, no leading or trailing slash; '' = root. */
  readonly siteDir: string
  /** Absolute base URL ending in '/', or undefined for paths on the zone's host. */
  readonly urlBase: string | undefined
  /** '' = off. */
  readonly indexFile: string
  readonly include: readonly string[]
  readonly exclude: readonly string[]
}

export interface SiteUrls {
  /** The changed paths that count (under site-dir, matching include, not exclude), as given. */
  readonly files: string[]
  /** What to purge for them: paths starting with '/' (on the zone's host) or absolute URLs under url-base. */
  readonly entries: string[]
  /** For each entry, the file it serves, relative to the workspace: what `verify` compares the edge's copy with. */
  readonly deployed: Map<string, string>
}

/**
 * Turns changed file paths into what to purge. With `underSiteDir`, paths are relative to the
 * repository and only those below site-dir count; otherwise they are already relative to site-dir.
 */
export function siteUrls(paths: readonly string[], options: SiteOptions, underSiteDir: boolean): SiteUrls {
  const prefix = underSiteDir && options.siteDir !== '' ? `${options.siteDir}/` : ''
  const included = options.include.length === 0 ? () => true : picomatch([...options.include], GLOB_OPTIONS)
  const excluded = picomatch([...options.exclude], GLOB_OPTIONS) // no pattern matches nothing
  const files: string[] = []
  const entries: string[] = []
  const deployed = new Map<string, string>()
  for (const path of new Set(paths)) {
    if (!path.startsWith(prefix)) continue
    const relative = path.slice(prefix.length)
    if (relative === '' || !included(relative) || excluded(relative)) continue
    files.push(path)
    // The file as it lies in the workspace: a repository path, or a path below site-dir.
    const file = underSiteDir || options.siteDir === '' ? path : `${options.siteDir}/${path}`
    for (const entry of siteEntries(relative, options)) {
      entries.push(entry)
      deployed.set(entry, file)
    }
  }
  return { files, entries, deployed }
}

/** The longest changed path taken, and the longest name in it: what a file system (and so a checkout) can hold. */
export const MAX_PATH_CHARS = 4096
export const MAX_NAME_CHARS = 255

/**
 * Refuses a changed path longer than a checkout can hold, naming the input the change list came from.
 * Checked before any glob meets the paths: include/exclude patterns are compiled to regular expressions
 * whose time grows with a path's length to the power of their `*`s, and the paths come from the repository.
 */
export function checkChangedPaths(paths: readonly string[], input: string): void {
  for (const path of paths) {
    const longestName = path.split('/').reduce((longest, name) => Math.max(longest, name.length), 0)
    if (path.length > MAX_PATH_CHARS || longestName > MAX_NAME_CHARS) {
      throw new InputError(
        input,
        `Input "${input}": the change list holds a path of ${thousands(path.length)} characters ("${shown(path)}"); ` +
          `at most ${thousands(MAX_PATH_CHARS)} are accepted, with names of at most ${MAX_NAME_CHARS}, as a checkout can hold. Nothing was sent.`
      )
    }
  }
}
