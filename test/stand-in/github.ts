// A loopback stand-in of the GitHub REST API parts `changed-since` and `commit-status` use: compare,
// releases, commits, deployments and their statuses, workflow runs, commit statuses. Set GITHUB_API_URL to its url (mounted at `prefix`, as
// GitHub Enterprise Server serves the API under /api/v3).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StandInDeployment {
  id: number
  sha: string
  environment: string
  created_at: string
  /** Newest first, as GitHub lists them. */
  statuses: { state: string; created_at: string }[]
}

export interface StandInRun {
  id: number
  workflow_id: number
  head_sha: string
  head_branch: string
  conclusion: string | null
  created_at: string
}

/** What the token may read (and, for statuses, write); a call outside it answers 403 as GitHub does. */
export type StandInPermission = 'contents' | 'deployments' | 'actions' | 'statuses'

/** A commit status as posted: the commit from the path, the rest as the body gave it. */
export interface StandInStatus {
  sha: string
  state: unknown
  context: unknown
  description: unknown
  target_url: unknown
}

/** How posts of commit statuses are answered: as GitHub does (undefined), with an HTTP status, by a reset connection, or never. */
export type StatusAnswer = number | 'network' | 'hang' | undefined

export interface GitHubStandIn {
  url: string
  token: string
  /** Requests as "METHOD path?query", the prefix left out. */
  requests: string[]
  /** Files the compare endpoint returns, per "base...head". */
  comparisons: Map<string, { filename: string; status: string; previous_filename?: string }[]>
  releases: { id: number; tag_name: string; draft: boolean; prerelease: boolean; published_at: string | null }[]
  /** Parents of each commit, first parent first. */
  commits: Map<string, string[]>
  /** Newest first. */
  deployments: StandInDeployment[]
  /** Newest first. */
  runs: StandInRun[]
  /** The token's permissions; all four unless a test takes one away. */
  permissions: Set<StandInPermission>
  /** Every commit status posted, in order, also those answered with a failure. */
  statuses: StandInStatus[]
  /** How the next posts of commit statuses are answered (a test sets it; undefined: 201 as GitHub). */
  statusAnswer: StatusAnswer
  /** Raw request bodies of the posts, to check that nothing secret was sent. */
  statusBodies: string[]
  close(): Promise<void>
}

export async function startGitHub(token: string, prefix = ''): Promise<GitHubStandIn> {
  const requests: string[] = []
  const comparisons: GitHubStandIn['comparisons'] = new Map()
  const releases: GitHubStandIn['releases'] = []
  const commits: GitHubStandIn['commits'] = new Map()
  const deployments: StandInDeployment[] = []
  const runs: StandInRun[] = []
  const permissions = new Set<StandInPermission>(['contents', 'deployments', 'actions', 'statuses'])
  const statuses: StandInStatus[] = []
  const statusBodies: string[] = []
  const state: { statusAnswer: StatusAnswer } = { statusAnswer: undefined }
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => answer(req, res, body))
  })
  const answer = (req: IncomingMessage, res: ServerResponse, body: string): void => {
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    }
    const url = new URL(req.url ?? '/', 'http://github')
    if (!url.pathname.startsWith(`${prefix}/`)) {
      send(404, { message: 'Not Found' })
      return
    }
    const path = url.pathname.slice(prefix.length)
    requests.push(`${req.method ?? ''} ${path}${url.search}`)
    if (req.headers.authorization !== `token ${token}` && req.headers.authorization !== `Bearer ${token}`) {
      send(401, { message: 'Bad credentials' })
      return
    }
    const page = <T>(list: T[]): T[] => {
      const perPage = Number(url.searchParams.get('per_page') ?? 30)
      const number = Number(url.searchParams.get('page') ?? 1)
      return list.slice((number - 1) * perPage, number * perPage)
    }
    const needs = (permission: StandInPermission): boolean => {
      if (permissions.has(permission)) return true
      send(403, { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' })
      return false
    }
    const repo = /^\/repos\/[^/]+\/[^/]+(\/.*)$/.exec(path)?.[1] ?? ''
    let match: RegExpExecArray | null
    if ((match = /^\/compare\/(.+)$/.exec(repo))) {
      if (!needs('contents')) return
      const files = comparisons.get(decodeURIComponent(match[1] ?? ''))
      if (files === undefined) send(404, { message: 'Not Found' })
      // Like GitHub: at most 300 files, on the first page only, with nothing saying the list was cut.
      else send(200, { status: 'ahead', total_commits: 1, commits: [], files: files.slice(0, 300) })
    } else if (repo === '/releases') {
      if (needs('contents')) send(200, page(releases))
    } else if ((match = /^\/commits\/([^/]+)$/.exec(repo))) {
      if (!needs('contents')) return
      const sha = decodeURIComponent(match[1] ?? '')
      const parents = commits.get(sha)
      if (parents === undefined) send(422, { message: `No commit found for SHA: ${sha}` })
      else send(200, { sha, parents: parents.map((parent) => ({ sha: parent })), files: [] })
    } else if (repo === '/deployments') {
      if (!needs('deployments')) return
      const environment = url.searchParams.get('environment')
      const listed = deployments.filter((deployment) => environment === null || deployment.environment === environment)
      send(
        200,
        page(listed).map((deployment) => ({
          id: deployment.id,
          sha: deployment.sha,
          environment: deployment.environment,
          created_at: deployment.created_at
        }))
      )
    } else if ((match = /^\/deployments\/(\d+)\/statuses$/.exec(repo))) {
      if (!needs('deployments')) return
      const deployment = deployments.find((candidate) => candidate.id === Number(match?.[1]))
      if (deployment === undefined) send(404, { message: 'Not Found' })
      else send(200, page(deployment.statuses))
    } else if ((match = /^\/actions\/workflows\/(\d+)\/runs$/.exec(repo))) {
      if (!needs('actions')) return
      const branch = url.searchParams.get('branch')
      const status = url.searchParams.get('status')
      const listed = runs.filter(
        (run) =>
          run.workflow_id === Number(match?.[1]) &&
          (branch === null || run.head_branch === branch) &&
          (status === null || run.conclusion === status)
      )
      send(200, { total_count: listed.length, workflow_runs: page(listed) })
    } else if ((match = /^\/statuses\/([^/]+)$/.exec(repo)) && req.method === 'POST') {
      postStatus(decodeURIComponent(match[1] ?? ''), body)
    } else {
      send(404, { message: 'Not Found' })
    }

    function postStatus(sha: string, text: string): void {
      statusBodies.push(text)
      const given = JSON.parse(text) as Record<string, unknown>
      statuses.push({ sha, state: given.state, context: given.context, description: given.description, target_url: given.target_url })
      const forced = state.statusAnswer
      if (forced === 'hang') return
      if (forced === 'network') {
        req.socket.destroy()
        return
      }
      if (forced === 403) send(403, { message: 'Resource not accessible by integration' })
      else if (forced === 422)
        send(422, {
          message: 'Validation Failed',
          errors: [{ message: 'This SHA and context has reached the maximum number of statuses.' }]
        })
      else if (forced !== undefined) send(forced, { message: forced === 404 ? 'Not Found' : 'Server Error' })
      else if (!needs('statuses')) return
      else if (!/^[0-9a-f]{40}$/.test(sha)) send(422, { message: `No commit found for SHA: ${sha}` })
      else send(201, { id: statuses.length, state: given.state, context: given.context, description: given.description })
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`,
    token,
    requests,
    comparisons,
    releases,
    commits,
    deployments,
    runs,
    permissions,
    statuses,
    statusBodies,
    get statusAnswer() {
      return state.statusAnswer
    },
    set statusAnswer(value: StatusAnswer) {
      state.statusAnswer = value
    },
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    }
  }
}
