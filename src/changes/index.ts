import { resolve } from 'node:path'
import type { ChangeInputs } from '../inputs.js'
import { autoBase } from './event.js'
import { GitError } from '../errors.js'
import { localDiff } from './git.js'
import { compareWithApi, COMPARE_FILE_LIMIT, parseRepository } from './github.js'
import { buildManifest, compareManifests, readManifest, type Manifest } from './manifest.js'
import { checkChangedPaths, siteUrls } from './site.js'
import { shown } from '../urls.js'

/** What changed, how it was found, and what to purge for it. */
export interface ChangeSet {
  readonly source: 'git' | 'manifest'
  /** How the change list was found, for the log and the summary. */
  readonly how: string
  /** git: the base ref as given and the SHA it stands for; manifest: the previous manifest's path. */
  readonly base: string
  /** git: the head commit; manifest: the site folder. */
  readonly head: string
  /** Changed paths that count (under site-dir, matching include/exclude). */
  readonly files: readonly string[]
  /** What to purge for them: '/paths' on the zone's host, or absolute URLs under url-base. */
  readonly entries: readonly string[]
  /** For each entry, the file it serves, relative to the workspace (for the content check of `verify`). */
  readonly deployed: ReadonlyMap<string, string>
  /** Set when the change list may be incomplete, so everything must be purged: why. */
  readonly incomplete: string | undefined
  /** The site's manifest as it is now (manifest source only), to be written for the next run. */
  readonly manifest: Manifest | undefined
}

export interface ChangeContext {
  readonly workspace: string
  readonly env: NodeJS.ProcessEnv
  readonly log: (message: string) => void
  readonly warn: (message: string) => void
}

/** Finds what changed, from git history or by comparing manifests. */
export async function detectChanges(inputs: ChangeInputs, context: ChangeContext): Promise<ChangeSet> {
  return inputs.from.kind === 'manifest' ? fromManifest(inputs, inputs.from.previous, context) : fromGit(inputs, inputs.from.since, context)
}

async function fromManifest(inputs: ChangeInputs, previousPath: string, context: ChangeContext): Promise<ChangeSet> {
  const site = resolve(context.workspace, inputs.siteDir)
  const current = await buildManifest(site)
  const previous = await readManifest(previousPath)
  let paths: string[]
  if (previous === undefined) {
    context.warn(`No previous manifest at ${shown(previousPath)}, so every file of ${inputs.siteDir || 'the workspace'} counts as changed (expected on a first run).`)
    paths = Object.keys(current.files)
  } else {
    paths = compareManifests(previous, current)
  }
  checkChangedPaths(paths, 'previous-manifest')
  const urls = siteUrls(paths, inputs, false)
  context.log(`${paths.length} file(s) added, changed or removed since the previous manifest; ${urls.files.length} count after include/exclude.`)
  return {
    source: 'manifest',
    how: previous === undefined ? 'no previous manifest: every file counts' : 'comparing with the previous manifest',
    base: previousPath,
    head: inputs.siteDir || '.',
    ...urls,
    incomplete: undefined,
    manifest: current
  }
}

async function fromGit(inputs: ChangeInputs, since: string, context: ChangeContext): Promise<ChangeSet> {
  let base = since
  let baseWhy = ''
  if (since === 'auto') {
    const auto = await autoBase(context.env, inputs.githubToken)
    base = auto.base
    baseWhy = ` (${auto.why})`
  }
  const head = context.env.GITHUB_SHA || 'HEAD'
  context.log(`Comparing ${shown(base)}${baseWhy} with ${shown(head)}.`)
  const found = await changedBetween(base, head, inputs.githubToken, context)
  checkChangedPaths(found.paths, 'changed-since')
  const urls = siteUrls(found.paths, inputs, true)
  context.log(`${found.paths.length} file(s) changed (found with ${found.how}); ${urls.files.length} count under site-dir and include/exclude.`)
  return { source: 'git', how: found.how, base: found.baseLabel, head, ...urls, incomplete: found.incomplete, manifest: undefined }
}

interface ChangedPaths {
  readonly paths: string[]
  readonly how: string
  /** The base as given, with the SHA it stands for when that differs. */
  readonly baseLabel: string
  readonly incomplete: string | undefined
}

/** The local checkout when it can answer (fetching a missing commit alone), else the GitHub compare API. */
async function changedBetween(base: string, head: string, token: string, context: ChangeContext): Promise<ChangedPaths> {
  try {
    const diff = await localDiff(base, head, context.workspace)
    const baseLabel = diff.baseSha === base ? base : `${base} (${diff.baseSha.slice(0, 12)})`
    return { paths: diff.paths, how: `git diff in ${diff.how}`, baseLabel, incomplete: undefined }
  } catch (error) {
    if (!(error instanceof GitError)) throw error
    context.log(`The local checkout cannot answer (${error.message}); asking the GitHub compare API.`)
    if (head === 'HEAD') {
      throw new GitError(`${error.message}. Without a local checkout and GITHUB_SHA, the head commit is unknown: check out the repository first (actions/checkout).`, { cause: error })
    }
    const comparison = await compareWithApi(token, parseRepository(context.env.GITHUB_REPOSITORY), base, head)
    const incomplete = comparison.complete
      ? undefined
      : `the GitHub compare API lists at most ${COMPARE_FILE_LIMIT} files and this comparison reached that, so the list may be cut off`
    if (incomplete !== undefined) {
      context.warn(`Purging everything: ${incomplete}. Check out with enough history (or let the action fetch the base commit) for an exact list.`)
    }
    return { paths: comparison.paths, how: `the GitHub compare API (${error.message})`, baseLabel: base, incomplete }
  }
}
