// The GitHub API of this run, shared by what changed (src/changes/) and the commit status (src/commit-status/):
// where it is (GITHUB_API_URL, so GitHub Enterprise Server too), the repository, and the octokit client, loaded
// only by a step that calls the API.
import type * as Github from '@actions/github'
import { InputError } from './errors.js'
import { shown } from './text.js'

export interface Repository {
  readonly owner: string
  readonly repo: string
}

/** Where and as whom the GitHub API is asked: GITHUB_API_URL (GitHub Enterprise Server too), the token, the repository. */
export interface GitHubApi {
  readonly token: string
  readonly apiUrl: string
  readonly repository: Repository
  /** The signal every call takes (the run's, src/cancel.ts): once aborted, no call starts, one in flight is abandoned, and it rejects with its reason. */
  readonly signal?: AbortSignal | undefined
}

/** What the API is wanted for, as the errors about the environment say it: "cannot be <what>. <otherwise>" */
export interface ApiPurpose {
  /** "asked what changed" */
  readonly what: string
  /** What to do instead, one sentence. */
  readonly otherwise: string
}

export type GitHubClient = ReturnType<typeof Github.getOctokit>

/** GITHUB_REPOSITORY as owner and repo; an InputError saying what the API was for when it is not owner/repo. */
export function parseRepository(value: string | undefined, purpose: ApiPurpose): Repository {
  // Stryker disable next-line StringLiteral: any text without a slash is refused the same way
  const [owner, repo, ...rest] = (value ?? '').split('/')
  if (!owner || !repo || rest.length > 0) {
    throw new InputError(
      undefined,
      `GITHUB_REPOSITORY is not set as owner/repo, so the GitHub API cannot be ${purpose.what}. ${purpose.otherwise}`
    )
  }
  return { owner, repo }
}

/**
 * The GitHub API of this run: GITHUB_API_URL (https://ghe.example.com/api/v3 on GitHub Enterprise Server), else
 * api.github.com; every call takes `signal`.
 */
export function githubApi(env: NodeJS.ProcessEnv, token: string, purpose: ApiPurpose, signal?: AbortSignal): GitHubApi {
  return { token, apiUrl: apiUrlOf(env.GITHUB_API_URL, purpose), repository: parseRepository(env.GITHUB_REPOSITORY, purpose), signal }
}

function apiUrlOf(value: string | undefined, purpose: ApiPurpose): string {
  if (value === undefined || value === '') return 'https://api.github.com'
  const url = URL.parse(value)
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new InputError(undefined, `GITHUB_API_URL (${shown(value)}) is not an http(s) URL, so the GitHub API cannot be ${purpose.what}.`)
  }
  return url.href.replace(/\/+$/, '')
}

/**
 * The repository's page on the GitHub web site of this run (GITHUB_SERVER_URL, so GitHub Enterprise Server too), for
 * links; undefined when the server URL is not http(s) or holds a character that could end a Markdown link or break out
 * of it, or GITHUB_REPOSITORY is not owner/repo in such characters.
 */
export function repositoryPage(env: NodeJS.ProcessEnv): string | undefined {
  const server = URL.parse(env.GITHUB_SERVER_URL || 'https://github.com')
  const safe = server !== null && (server.protocol === 'https:' || server.protocol === 'http:') && /^[\w:/.~%-]+$/.test(server.href)
  const repository = /^[\w.-]+\/[\w.-]+$/.exec(String(env.GITHUB_REPOSITORY))?.[0]
  return safe && repository !== undefined ? `${server.href.replace(/\/+$/, '')}/${repository}` : undefined
}

/**
 * The octokit client of `api`, loaded on its first use: most runs never call the GitHub API, and octokit is a large
 * part of the bundle. The token must not be empty (each caller says what it needs it for).
 */
export async function githubClient(api: GitHubApi): Promise<GitHubClient> {
  const { getOctokit } = await import('@actions/github')
  const client = getOctokit(api.token, { baseUrl: api.apiUrl })
  const signal = api.signal
  // Every request of this client takes the signal, each page of a paginated list too (paginate passes no
  // request option of its own on). Not getOctokit's `request` option: it would replace the proxy-aware fetch there.
  if (signal !== undefined) {
    client.hook.before('request', (options) => {
      options.request = { ...options.request, signal }
    })
  }
  return client
}
