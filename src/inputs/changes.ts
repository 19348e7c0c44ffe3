import * as path from 'node:path'
import type { ChangeInputs } from '../changes/index.js'
import { InputError } from '../errors.js'
import type { SiteMap } from '../site.js'
import { checkEntryLength, lines, shown, trimTrailing } from '../text.js'
import { readNumber } from './numbers.js'
import type { Reader } from './read.js'

/** Purging what changed: changed-since or previous-manifest, with site-dir, url-base, index-file, include, exclude, purge-everything-over; and manifest. */
export interface ChangesInputs {
  /** Where what changed comes from: git history, a manifest of the built site, or nothing. */
  readonly changes: ChangeInputs | undefined
  /** Where to write site-dir's manifest after a successful run, if asked (absolute paths). */
  readonly manifest: { readonly path: string; readonly site: string } | undefined
  /** Where site-dir is served, when it was given: what maps a changed file to its URLs and a URL to its file (src/site.ts). */
  readonly site: SiteMap | undefined
}

/** The inputs of what changed, and where site-dir is served when it was given (wait-for-origin maps URLs to the deployed files with it). */
export function readChanges(read: Reader, workspace: string, githubToken: string): ChangesInputs {
  const givenSiteDir = read.value('site-dir')
  const siteDir = parseSiteDir(givenSiteDir)
  const include = globList(read.text('include'), 'include')
  const exclude = globList(read.text('exclude'), 'exclude')
  const { changes, urlBase, indexFile } = parseChangeInputs(read, siteDir, workspace, githubToken, { include, exclude })
  const manifest = read.value('manifest')
  return {
    changes,
    manifest: manifest === '' ? undefined : { path: path.resolve(workspace, manifest), site: path.resolve(workspace, siteDir) },
    site: givenSiteDir === '' ? undefined : { dir: path.resolve(workspace, siteDir), urlBase, indexFile }
  }
}

/**
 * The inputs of purging what changed (undefined when neither changed-since nor previous-manifest is given), and where
 * site-dir is served, which wait-for-origin reads as well.
 */
function parseChangeInputs(
  read: Reader,
  siteDir: string,
  workspace: string,
  githubToken: string,
  { include, exclude }: { include: readonly string[]; exclude: readonly string[] }
): { changes: ChangeInputs | undefined; urlBase: string | undefined; indexFile: string } {
  const since = read.value('changed-since')
  const previous = read.value('previous-manifest')
  if (since !== '' && previous !== '') {
    throw new InputError(
      undefined,
      'Inputs "changed-since" and "previous-manifest" are two ways to find what changed: give one of them, not both.'
    )
  }
  // eslint-disable-next-line no-control-regex
  if (since.startsWith('-') || /[\s\u0000-\u001f\u007f]/.test(since)) {
    throw new InputError(
      'changed-since',
      `Input "changed-since" must be a git ref (tag, branch or SHA) or "auto", without spaces or control characters and not starting with "-"; got "${shown(since)}".`
    )
  }
  const urlBase = parseUrlBase(read.value('url-base'))
  const indexFile = read.value('index-file')
  // A `\` is refused as well: on Windows it would be read as a folder.
  if (/[/\\]/.test(indexFile)) {
    throw new InputError(
      'index-file',
      `Input "index-file" must be a file name such as index.html, without a folder; got "${shown(indexFile)}".`
    )
  }
  const purgeEverythingOver = readNumber(read, 'purge-everything-over')
  if (since === '' && previous === '') return { changes: undefined, urlBase, indexFile }
  return {
    changes: {
      from: since !== '' ? { kind: 'git', since } : { kind: 'manifest', previous: path.resolve(workspace, previous) },
      siteDir,
      urlBase,
      indexFile,
      include,
      exclude,
      purgeEverythingOver,
      githubToken
    },
    urlBase,
    indexFile
  }
}

/**
 * One glob pattern a line; blank lines dropped. A line longer than MAX_ENTRY_CHARS is an input error naming
 * `input` and the line: that also keeps every pattern within what picomatch compiles (64 KiB), and it
 * throws for nothing else with the options used, so the patterns are compiled only when files are matched.
 */
function globList(value: string, input: string): string[] {
  return lines(value)
    .map((line, index) => {
      checkEntryLength(line, input, index + 1)
      return line.trim()
    })
    .filter((line) => line !== '')
}

/**
 * site-dir as a repository path: `/` between folders (a `\` too, so `docs\site` from a Windows user means the same on
 * every runner), no `.` or empty parts. A path from the root or with a drive letter (`C:\site`) is refused on every
 * runner: the git source matches it against repository paths, which never start so.
 */
export function parseSiteDir(value: string): string {
  // "/" alone (trailing slashes dropped) is the root; only a path below it is refused.
  const dir = trimTrailing(value.replace(/\\/g, '/'), '/')
  if (dir.startsWith('/') || /^[A-Za-z]:/.test(dir) || dir.split('/').includes('..')) {
    throw new InputError(
      'site-dir',
      `Input "site-dir" must be a folder inside the repository or workspace, relative to it, such as "public" or "docs/site" (no drive letter, not from the root); got "${shown(value)}".`
    )
  }
  // No trailing slash is left for normalize to keep.
  const normal = path.posix.normalize(dir)
  return normal === '.' ? '' : normal
}

/** `value` as an absolute http(s) URL without a user name, password, query or fragment: a base other URLs go under; else undefined. */
export function baseUrl(value: string): URL | undefined {
  const url = URL.parse(value)
  const plain =
    url !== null &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    url.hash === ''
  return plain ? url : undefined
}

export function parseUrlBase(value: string): string | undefined {
  if (value === '') return undefined
  const url = baseUrl(value)
  if (url === undefined) {
    throw new InputError(
      'url-base',
      `Input "url-base" must be an absolute http(s) URL where site-dir is served, without a user name, password, query or fragment, such as https://example.com/docs/; got "${shown(value)}".`
    )
  }
  return url.href.endsWith('/') ? url.href : `${url.href}/`
}
