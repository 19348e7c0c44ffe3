// A loopback stand-in of the GitHub REST API's compare and releases endpoints, for when the base
// commit cannot be fetched. Set GITHUB_API_URL to its url.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface GitHubStandIn {
  url: string
  token: string
  /** Requests as "METHOD path?query". */
  requests: string[]
  /** Files the compare endpoint returns, per "base...head". */
  comparisons: Map<string, { filename: string; status: string; previous_filename?: string }[]>
  releases: { id: number; tag_name: string; draft: boolean; prerelease: boolean; published_at: string | null }[]
  close(): Promise<void>
}

export async function startGitHub(token: string): Promise<GitHubStandIn> {
  const requests: string[] = []
  const comparisons: GitHubStandIn['comparisons'] = new Map()
  const releases: GitHubStandIn['releases'] = []
  const server = createServer((req, res) => {
    requests.push(`${req.method ?? ''} ${req.url ?? ''}`)
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    }
    if (req.headers.authorization !== `token ${token}` && req.headers.authorization !== `Bearer ${token}`) {
      send(401, { message: 'Bad credentials' })
      return
    }
    const url = new URL(req.url ?? '/', 'http://github')
    const compare = /^\/repos\/([^/]+)\/([^/]+)\/compare\/(.+)$/.exec(url.pathname)
    if (compare) {
      const files = comparisons.get(decodeURIComponent(compare[3] ?? ''))
      if (files === undefined) send(404, { message: 'Not Found' })
      // Like GitHub: at most 300 files, on the first page only, with nothing saying the list was cut.
      else send(200, { status: 'ahead', total_commits: 1, commits: [], files: files.slice(0, 300) })
      return
    }
    if (/^\/repos\/[^/]+\/[^/]+\/releases$/.test(url.pathname)) {
      const perPage = Number(url.searchParams.get('per_page') ?? 30)
      const page = Number(url.searchParams.get('page') ?? 1)
      send(200, releases.slice((page - 1) * perPage, page * perPage))
      return
    }
    send(404, { message: 'Not Found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    requests,
    comparisons,
    releases,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    }
  }
}
