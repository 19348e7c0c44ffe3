import { execFile } from 'node:child_process'
import { childEnv } from '../child-env.js'
import { GitError } from '../errors.js'
import { shown } from '../text.js'

/** One line of `git diff --name-status`: a status letter, the path, and for renames and copies the old path. */
export interface DiffEntry {
  readonly status: string
  readonly path: string
  readonly from?: string
}

/** Reads `git diff --name-status -z` output, where any byte but NUL may be in a file name. */
export function parseNameStatus(output: string): DiffEntry[] {
  const fields = output.split('\0')
  const entries: DiffEntry[] = []
  for (let i = 0; i + 1 < fields.length;) {
    const status = (fields[i++] as string).charAt(0)
    if (status === 'R' || status === 'C') {
      const from = fields[i++] as string
      entries.push({ status, from, path: fields[i++] as string })
    } else {
      entries.push({ status, path: fields[i++] as string })
    }
  }
  return entries
}

/** Paths whose URLs must be purged: added, modified and deleted files, and both sides of a rename. */
export function changedPaths(entries: readonly DiffEntry[]): string[] {
  return [
    ...new Set(entries.flatMap((entry) => (entry.status === 'R' && entry.from !== undefined ? [entry.from, entry.path] : [entry.path])))
  ]
}

/**
 * Runs git and returns its standard output; a failure throws GitError with git's own first error line,
 * as any outside text is shown: credentials a remote URL may carry hidden, on one line, cut. Once the run's `signal`
 * is aborted, git is not started, or is killed, and it rejects with the signal's reason.
 */
export function git(args: readonly string[], cwd: string, signal?: AbortSignal): Promise<string> {
  // Node would start git and kill it at once: it is not started at all.
  if (signal?.aborted === true) return Promise.reject(signal.reason as Error)
  // Never wait for a password that nobody will type: git fails at once instead.
  // Stryker disable next-line StringLiteral: git takes an empty value for off as well
  const env = childEnv(process.env, { GIT_TERMINAL_PROMPT: '0' })
  const options = { cwd, maxBuffer: 512 * 1024 * 1024, encoding: 'utf8' as const, env, ...(signal === undefined ? {} : { signal }) }
  return new Promise((resolve, reject) => {
    execFile('git', [...args], options, (error, stdout, stderr) => {
      if (signal?.aborted === true) {
        reject(signal.reason as Error)
      } else if (error) {
        const reason = stderr.split('\n').find((line) => line.trim() !== '') ?? error.message
        reject(new GitError(`git ${args[0] ?? ''}: ${shown(reason.trim())}`))
      } else {
        resolve(stdout)
      }
    })
  })
}

export interface LocalDiff {
  readonly paths: string[]
  readonly baseSha: string
  readonly headSha: string
  /** How the commits were found: already in the checkout, or the base fetched alone. */
  readonly how: string
}

/**
 * A commit's SHA if the checkout has it, else undefined. A cancel taken here for a missing commit is passed on by the
 * next git command, which does not start.
 */
async function commitOf(ref: string, cwd: string, signal: AbortSignal | undefined): Promise<string | undefined> {
  const sha = await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], cwd, signal).catch(() => undefined)
  return sha?.trim()
}

/** Fetches one commit (or ref) alone, depth 1, and returns its SHA. A diff needs only the two trees. */
async function fetchCommit(ref: string, cwd: string, signal: AbortSignal | undefined): Promise<string> {
  await git(['fetch', '--quiet', '--no-tags', '--depth=1', 'origin', ref], cwd, signal)
  const sha = await commitOf('FETCH_HEAD', cwd, signal)
  if (sha === undefined) throw new GitError(`git fetch: origin gave no commit for ${shown(ref)}`)
  return sha
}

/**
 * The files changed between `base` and `head` in the local checkout. When a commit is missing (a shallow
 * checkout), it is fetched alone first. Throws GitError when there is no repository or a commit cannot be had; once
 * the run's `signal` is aborted, rejects with its reason (the git command in flight is killed).
 */
export async function localDiff(base: string, head: string, cwd: string, signal?: AbortSignal): Promise<LocalDiff> {
  await git(['rev-parse', '--show-toplevel'], cwd, signal)
  const fetched: string[] = []
  const find = async (ref: string, role: string): Promise<string> => {
    const sha = await commitOf(ref, cwd, signal)
    if (sha !== undefined) return sha
    fetched.push(role)
    return fetchCommit(ref, cwd, signal)
  }
  const baseSha = await find(base, 'base')
  const headSha = await find(head, 'head')
  const output = await git(['diff', '--name-status', '-z', '-M', '--no-ext-diff', '--no-textconv', baseSha, headSha, '--'], cwd, signal)
  return {
    paths: changedPaths(parseNameStatus(output)),
    baseSha,
    headSha,
    how:
      fetched.length === 0
        ? 'the local checkout'
        : `the local checkout, after fetching the ${fetched.join(' and ')} commit alone (shallow checkout)`
  }
}
