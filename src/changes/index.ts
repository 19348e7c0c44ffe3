import { resolve } from 'node:path'
import { autoRange, type AutoRange } from './event.js'
import { abortable } from '../cancel.js'
import { GitError, InputError } from '../errors.js'
import { localDiff } from './git.js'
import { githubApi } from '../github.js'
import { isFullSha } from './github-records.js'
import { compareLink, compareWithApi, COMPARE_FILE_LIMIT, WHAT_CHANGED } from './github.js'
import { buildManifest, compareManifests, readManifest, type Manifest } from './manifest.js'
import { checkChangedPaths, siteUrls } from './site.js'
import { plural, shown } from '../text.js'

/** How to find what changed, and how changed files become URLs. */
export interface ChangeInputs {
  readonly from: { readonly kind: 'git'; readonly since: string } | { readonly kind: 'manifest'; readonly previous: string }
  /** Folder below the repository (git) or the workspace (manifest), POSIX separators, no leading or trailing slash; '' = root. */
  readonly siteDir: string
  /** Absolute base URL ending in '/', or undefined for https://<zone name>/. */
  readonly urlBase: string | undefined
  /** '' = off. */
  readonly indexFile: string
  readonly include: readonly string[]
  readonly exclude: readonly string[]
  /** 0 = never. */
  readonly purgeEverythingOver: number
  /** Empty when not given: a run that needs the GitHub API then fails saying so. */
  readonly githubToken: string
}

/** A commit, and why it is the one: "the deployed commit, 1a2b3c4". */
export interface DeployedCommit {
  readonly sha: string
  readonly why: string
}

/** Why GITHUB_SHA is the commit, where nothing else names one. */
export const GITHUB_SHA_WHY = 'GITHUB_SHA, the commit the workflow runs on'

/** What changed, how it was found, and what to purge for it. */
export interface ChangeSet {
  readonly source: 'git' | 'manifest'
  /** How the change list was found, for the log and the summary. */
  readonly how: string
  /** git: the base ref as given and the SHA it stands for, '' when there is none to compare with; manifest: the previous manifest's path. */
  readonly base: string
  /** git: the head commit; manifest: the site folder. */
  readonly head: string
  /**
   * The commit this change deployed, when `head` is one (a full SHA), and why: the commit the event names for
   * `changed-since: auto` (see AutoRange), else GITHUB_SHA. Undefined for a manifest, or when nothing was deployed.
   */
  readonly commit: DeployedCommit | undefined
  /** For `changed-since: auto`: the event, and why this base and head ("push event: base … ; head …"); '' otherwise. */
  readonly why: string
  /** The comparison on the GitHub web site (GITHUB_SERVER_URL), when base and head are full SHAs. */
  readonly link: string | undefined
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
  /**
   * Set when nothing was deployed, so nothing can have changed (a push that deleted a branch or tag, a pull request
   * closed without merging): the sentence that says so. Nothing else asked, the step then ends before any request.
   */
  readonly nothingDeployed: string | undefined
}

export interface ChangeContext {
  readonly workspace: string
  readonly env: NodeJS.ProcessEnv
  readonly log: (message: string) => void
  readonly warn: (message: string) => void
  /** The clock, for "2 h ago". */
  readonly now?: () => number
  /**
   * The run's signal (src/cancel.ts): once aborted, no git command or GitHub call starts, one in flight is abandoned,
   * the site's hashing is not waited for, and the work rejects with the signal's reason.
   */
  readonly signal?: AbortSignal | undefined
}

/** Finds what changed, from git history or by comparing manifests. */
export async function detectChanges(inputs: ChangeInputs, context: ChangeContext): Promise<ChangeSet> {
  return inputs.from.kind === 'manifest' ? fromManifest(inputs, inputs.from.previous, context) : fromGit(inputs, inputs.from.since, context)
}

async function fromManifest(inputs: ChangeInputs, previousPath: string, context: ChangeContext): Promise<ChangeSet> {
  const site = resolve(context.workspace, inputs.siteDir)
  // Hashing a large site takes a while: a cancel does not wait for it.
  const current = await abortable(buildManifest(site), context.signal)
  const previous = await readManifest(previousPath)
  let paths: string[]
  if (previous === undefined) {
    context.warn(
      `No previous manifest at ${shown(previousPath)}, so every file of ${inputs.siteDir || 'the workspace'} counts as changed (expected on a first run).`
    )
    paths = Object.keys(current.files)
  } else {
    paths = compareManifests(previous, current)
  }
  checkChangedPaths(paths, 'previous-manifest')
  const urls = siteUrls(paths, inputs, false)
  context.log(
    `${plural(paths.length, 'file')} added, changed or removed since the previous manifest, ${urls.files.length} of them within include/exclude.`
  )
  return {
    source: 'manifest',
    how: previous === undefined ? 'no previous manifest: every file counts' : 'comparing with the previous manifest',
    base: previousPath,
    head: inputs.siteDir || '.',
    commit: undefined,
    why: '',
    link: undefined,
    ...urls,
    incomplete: undefined,
    manifest: current,
    nothingDeployed: undefined
  }
}

async function fromGit(inputs: ChangeInputs, since: string, context: ChangeContext): Promise<ChangeSet> {
  const auto = since === 'auto' ? await autoRange(context.env, inputs.githubToken, context.now, context.signal) : undefined
  if (auto !== undefined && auto.kind !== 'range')
    return auto.kind === 'first' ? firstDeploy(inputs, auto, context) : nothingDeployed(auto, context)
  const base = auto?.base ?? since
  const head = auto?.head ?? headOf(context)
  context.log(
    auto === undefined
      ? `Comparing ${shown(base)} with ${shown(head)}.`
      : `Comparing ${shown(base)} (${auto.baseWhy}) with ${shown(head)} (${auto.headWhy}), for this ${auto.event} event.`
  )
  const found = await changedBetween(base, head, inputs.githubToken, context)
  checkChangedPaths(found.paths, 'changed-since')
  const urls = siteUrls(found.paths, inputs, true)
  context.log(
    `${found.paths.length} file(s) changed (found with ${found.how}); ${urls.files.length} count under site-dir and include/exclude.`
  )
  const why = auto === undefined ? '' : `${auto.event} event: the base is ${auto.baseWhy}; the head is ${auto.headWhy}`
  return {
    source: 'git',
    how: found.how,
    base: found.baseLabel,
    head,
    commit: commitOf(head, auto),
    why,
    link: compareLink(context.env, base, head),
    ...urls,
    incomplete: found.incomplete,
    manifest: undefined,
    nothingDeployed: undefined
  }
}

/** The commit this run deployed when the event does not name it: GITHUB_SHA, else the checkout's HEAD. */
const headOf = (context: ChangeContext): string => context.env.GITHUB_SHA || 'HEAD'

/** The head as the deployed commit, when it is a full SHA: the event's, or GITHUB_SHA (an undefined head in `auto`, or a ref given). */
function commitOf(head: string, auto: Extract<AutoRange, { kind: 'range' | 'first' }> | undefined): DeployedCommit | undefined {
  if (!isFullSha(head)) return undefined
  return {
    sha: head,
    why: auto?.head === undefined ? (auto === undefined ? GITHUB_SHA_WHY : `${auto.headWhy} (GITHUB_SHA)`) : auto.headWhy
  }
}

/** No earlier successful deploy to compare with: every file under site-dir counts, when there is one. */
async function firstDeploy(inputs: ChangeInputs, auto: Extract<AutoRange, { kind: 'first' }>, context: ChangeContext): Promise<ChangeSet> {
  if (inputs.siteDir === '') {
    throw new InputError(
      undefined,
      `This ${auto.event} event has ${auto.why}, so "changed-since: auto" has nothing to compare with. Set "site-dir" to the folder of the built site, so that every file in it counts as changed on a first deploy, or set "changed-since" to a ref.`
    )
  }
  const current = await abortable(buildManifest(resolve(context.workspace, inputs.siteDir)), context.signal)
  // Repository paths, as a diff would give them, so that changed-files reads the same on every event.
  const paths = Object.keys(current.files).map((path) => `${inputs.siteDir}/${path}`)
  checkChangedPaths(paths, 'changed-since')
  const urls = siteUrls(paths, inputs, true)
  context.log(
    `This ${auto.event} event has ${auto.why}: every file of ${inputs.siteDir} counts as changed (${plural(paths.length, 'file')}, ${urls.files.length} of them within include/exclude); the head is ${auto.headWhy}.`
  )
  const why = `${auto.event} event: ${auto.why}, so every file under site-dir counts; the head is ${auto.headWhy}`
  return {
    source: 'git',
    how: 'Every file under site-dir counted, as there is no earlier successful deploy',
    base: '',
    head: auto.head ?? headOf(context),
    commit: commitOf(auto.head ?? headOf(context), auto),
    why,
    link: undefined,
    ...urls,
    incomplete: undefined,
    manifest: undefined,
    nothingDeployed: undefined
  }
}

/** Nothing was deployed (a push that deleted a branch or tag, a pull request closed without merging): nothing is purged for it. */
function nothingDeployed(auto: Extract<AutoRange, { kind: 'nothing' }>, context: ChangeContext): ChangeSet {
  context.log(`${auto.said}.`)
  return {
    source: 'git',
    how: auto.how,
    base: '',
    head: '',
    commit: undefined,
    why: `${auto.event} event: ${auto.why}`,
    link: undefined,
    files: [],
    entries: [],
    deployed: new Map(),
    incomplete: undefined,
    manifest: undefined,
    nothingDeployed: auto.said
  }
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
    const diff = await localDiff(base, head, context.workspace, context.signal)
    const baseLabel = diff.baseSha === base ? base : `${base} (${diff.baseSha.slice(0, 12)})`
    return { paths: diff.paths, how: `git diff in ${diff.how}`, baseLabel, incomplete: undefined }
  } catch (error) {
    if (!(error instanceof GitError)) throw error
    context.log(`The local checkout cannot answer (${error.message}); asking the GitHub compare API.`)
    if (head === 'HEAD') {
      throw new GitError(
        `${error.message}. Without a local checkout and GITHUB_SHA, the head commit is unknown: check out the repository first (actions/checkout).`,
        { cause: error }
      )
    }
    const comparison = await compareWithApi(githubApi(context.env, token, WHAT_CHANGED, context.signal), base, head)
    const incomplete = comparison.complete
      ? undefined
      : `the GitHub compare API lists at most ${COMPARE_FILE_LIMIT} files and this comparison reached that, so the list may be cut off`
    if (incomplete !== undefined) {
      context.warn(
        `Purging everything: ${incomplete}. Check out with enough history (or let the action fetch the base commit) for an exact list.`
      )
    }
    return { paths: comparison.paths, how: `the GitHub compare API (${error.message})`, baseLabel: base, incomplete }
  }
}
