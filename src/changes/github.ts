import type * as Github from '@actions/github'
import { GitHubError, InputError } from '../errors.js'
import { shown } from '../urls.js'

/** The compare API lists at most this many files, on its first page only. */
export const COMPARE_FILE_LIMIT = 300

export interface Repository {
  readonly owner: string
  readonly repo: string
}

export interface ComparedFile {
  readonly filename: string
  readonly status: string
  readonly previous_filename?: string
}

export interface Release {
  readonly tag_name: string
  readonly draft: boolean
  readonly prerelease: boolean
  readonly published_at: string | null
}

export interface ApiComparison {
  readonly paths: string[]
  /** False when the list may have been cut off at COMPARE_FILE_LIMIT. */
  readonly complete: boolean
}

/** Paths from the compare API's files: every status counts, a rename both its old and new path. */
export function comparedPaths(files: readonly ComparedFile[]): string[] {
  return [...new Set(files.flatMap((file) => (file.status === 'renamed' && file.previous_filename ? [file.previous_filename, file.filename] : [file.filename])))]
}

/**
 * The release published before `current`: drafts are skipped, and so are prereleases when `current` is a
 * full release. Undefined when there is none.
 */
export function pickPreviousRelease(releases: readonly Release[], current: Release): Release | undefined {
  // Stryker disable next-line StringLiteral: no text other than a date parses
  const publishedAt = Date.parse(current.published_at ?? '') || Number.POSITIVE_INFINITY
  // A release never published (null) has no date, so it is never earlier.
  return releases
    .filter((release) => !release.draft && release.tag_name !== current.tag_name)
    .filter((release) => current.prerelease || !release.prerelease)
    .filter((release) => Date.parse(release.published_at as string) < publishedAt)
    .sort((a, b) => Date.parse(b.published_at as string) - Date.parse(a.published_at as string))[0]
}

export function parseRepository(value: string | undefined): Repository {
  // Stryker disable next-line StringLiteral: any text without a slash is refused the same way
  const [owner, repo, ...rest] = (value ?? '').split('/')
  if (!owner || !repo || rest.length > 0) {
    throw new InputError('GITHUB_REPOSITORY is not set as owner/repo, so the GitHub API cannot be asked what changed. Run the action in a workflow, or give a local checkout with the commits.')
  }
  return { owner, repo }
}

async function octokit(token: string): Promise<ReturnType<typeof Github.getOctokit>> {
  if (token === '') {
    throw new InputError('Input "github-token" is empty, and the GitHub API needs it to find what changed. Leave it at its default (${{ github.token }}) or pass a token.')
  }
  // Loaded only when needed: most runs never call the GitHub API, and octokit is a large part of the bundle.
  const { getOctokit } = await import('@actions/github')
  return getOctokit(token)
}

/** Turns an octokit failure into a message that says which call failed and what to do. */
function apiFailure(what: string, error: unknown): Error {
  const status = (error as { status?: unknown }).status
  const message = shown(error instanceof Error ? (error.message.split('\n')[0] as string) : String(error))
  const hint =
    status === 404 ? ' Check the ref, and that github-token may read this repository (contents: read).' : status === 401 || status === 403 ? ' Check the github-token input and its permissions.' : ''
  return new GitHubError(`GitHub API: ${what} failed${typeof status === 'number' ? ` (HTTP ${status})` : ''}: ${message}.${hint}`)
}

/** `GET /repos/{owner}/{repo}/compare/{base}...{head}`: the files changed, and whether the list is whole. */
export async function compareWithApi(token: string, repository: Repository, base: string, head: string): Promise<ApiComparison> {
  const client = await octokit(token)
  try {
    const response = await client.rest.repos.compareCommitsWithBasehead({ ...repository, basehead: `${base}...${head}` })
    const files = (response.data.files ?? []) as ComparedFile[]
    return { paths: comparedPaths(files), complete: files.length < COMPARE_FILE_LIMIT }
  } catch (error) {
    throw apiFailure(`comparing ${shown(base)}...${shown(head)}`, error)
  }
}

/** The tag of the release published before `current`; an InputError when there is none. */
export async function previousReleaseTag(token: string, repository: Repository, current: Release): Promise<string> {
  const client = await octokit(token)
  let releases: Release[]
  try {
    releases = await client.paginate(client.rest.repos.listReleases, { ...repository, per_page: 100 })
  } catch (error) {
    throw apiFailure('listing releases', error)
  }
  const previous = pickPreviousRelease(releases, current)
  if (previous === undefined) {
    throw new InputError(
      `Release ${shown(current.tag_name)} has no earlier ${current.prerelease ? '' : 'full '}release to compare with. Set "changed-since" to a ref (a tag, branch or SHA), or purge with "files" or "purge-everything" for a first release.`
    )
  }
  return previous.tag_name
}
