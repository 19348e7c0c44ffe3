// The site's origin for the real-software suite: a loopback HTTP server that serves the files of a site
// folder, with a Cache-Control that lets the cache in front keep them, whatever host it is asked for.
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

/** How long the cache may keep a copy: far longer than any test, so only a purge removes it. */
export const MAX_AGE_SECONDS = 600

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.txt': 'text/plain'
}

/** One request the origin received, as it arrived: who asked (a cache sends X-Varnish or Via), for which host, and when. */
export interface OriginRequest {
  readonly method: string
  /** The path and query. */
  readonly url: string
  readonly headers: IncomingHttpHeaders
  /** Date.now() when it arrived. */
  readonly at: number
}

export interface Origin {
  readonly port: number
  /** The folder served; a test points it at its own site. */
  root: string
  /** Seconds the origin's clock is behind (positive) the real one, in the Date it sends; 0 by default. */
  clockBehindSeconds: number
  /** Requests received, by path: what the cache fetched (a miss), never what it served itself. */
  fetches(path: string): number
  /** Every request received, in order. */
  readonly requests: OriginRequest[]
  close(): Promise<void>
}

export async function startOrigin(root: string): Promise<Origin> {
  const counts = new Map<string, number>()
  const sockets = new Set<Socket>()
  const origin = {
    port: 0,
    root,
    clockBehindSeconds: 0,
    fetches: (path: string) => counts.get(path) ?? 0,
    requests: [] as OriginRequest[],
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    origin.requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, at: Date.now() })
    const path = new URL(req.url ?? '/', 'http://origin').pathname
    counts.set(path, (counts.get(path) ?? 0) + 1)
    res.setHeader('date', new Date(Date.now() - origin.clockBehindSeconds * 1000).toUTCString())
    const file = normalize(join(origin.root, decodeURIComponent(path)))
    if (!file.startsWith(origin.root + sep)) {
      res.writeHead(400).end()
      return
    }
    let body: Buffer
    try {
      body = await readFile(file)
    } catch {
      res.writeHead(404, { 'cache-control': 'no-store' }).end()
      return
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': `public, max-age=${MAX_AGE_SECONDS}`
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  const server = createServer((req, res) => {
    serve(req, res).catch(() => res.destroy())
  })
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin.port = (server.address() as AddressInfo).port
  return origin
}
