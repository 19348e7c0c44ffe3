// A stand-in for the public edge of a CDN, for tests: a loopback HTTP server that acts as an HTTP proxy for
// any host. Tests set HTTP_PROXY=<edge.url> and fetch `http://` URLs on the zone (http://example.com/a.html);
// the request line then carries the absolute URL. What it answers for each URL can be set, and it records
// every request, so that a test can check what reached the edge (and that no credential did).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** One answer. Unset fields: 200, no Age, no cache headers, defaultBody(url). */
export interface EdgeReply {
  status?: number
  /** Sent as the Age header. */
  age?: number
  /** Sends a Date this many milliseconds from the stand-in's clock, as an origin whose clock is off would (negative: behind). */
  dateOffsetMs?: number
  /** More headers, e.g. `{ 'cf-cache-status': 'HIT' }`; an array sends the header once per value. */
  headers?: Record<string, string | string[]>
  body?: string | Buffer
  /** Instead of `body`: this many bytes, streamed without Content-Length (chunked), for size limits. */
  bodyBytes?: number
  /** Waits this long before answering. */
  delayMs?: number
  /** Never answers: the client must time out. */
  hang?: boolean
  /** Closes the connection without an answer. */
  reset?: boolean
  /** Sends the status, headers and half the body, then closes the connection (`reset`) or sends nothing more (`stall`). */
  cutBody?: 'reset' | 'stall'
  /** How many requests get this answer before the next one in the list; the last one holds for good. Default 1. */
  times?: number
}

export interface EdgeRequest {
  method: string
  /** The absolute URL asked for. */
  url: string
  headers: IncomingMessage['headers']
  /** True when it came as a proxy request (absolute URL in the request line), false when sent to the edge directly. */
  viaProxy: boolean
  /** Body bytes written so far, and whether the answer was sent to its end. */
  bytesSent: number
  finished: boolean
  /** Whether the connection it came on has closed (a client that drops a body closes it). */
  connectionClosed: boolean
}

export interface StandInEdge {
  /** The proxy address, for HTTP_PROXY. */
  url: string
  requests: EdgeRequest[]
  /** TCP connections opened to the edge so far. */
  readonly connections: number
  /** Sets what `url` is answered with: one answer, or a sequence that changes over requests; set without a query, whatever query it is asked with. */
  set(url: string, reply: EdgeReply | EdgeReply[]): void
  /** Requests received for `url`. */
  count(url: string): number
  close(): Promise<void>
}

/** What the edge answers for a URL nobody set. */
export const defaultBody = (url: string): string => `<!doctype html><title>${url}</title><p>Served by the stand-in edge.</p>\n`

const CHUNK = Buffer.alloc(64 * 1024, 'x')
/** Resolves when the answer can take more, or is gone. */
const writable = (res: ServerResponse): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done).off('close', done)
      resolve()
    }
    res.on('drain', done).on('close', done)
  })
const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export async function startEdge(): Promise<StandInEdge> {
  const replies = new Map<string, { left: number; reply: EdgeReply }[]>()
  const requests: EdgeRequest[] = []
  const sockets = new Set<Socket>()
  let connections = 0

  // A URL set without a query answers it with any query too (a cache-busting parameter), unless that URL was set itself.
  const take = (url: string): EdgeReply => {
    const queue = replies.get(url) ?? replies.get(url.replace(/\?.*$/, ''))
    const head = queue?.[0]
    if (queue === undefined || head === undefined) return {}
    if (queue.length > 1 && --head.left <= 0) queue.shift()
    return head.reply
  }

  const streamBody = async (res: ServerResponse, recorded: EdgeRequest, bytes: number): Promise<void> => {
    while (recorded.bytesSent < bytes && !res.destroyed) {
      const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, bytes - recorded.bytesSent))
      recorded.bytesSent += chunk.length
      if (!res.write(chunk)) await writable(res)
    }
  }

  const onSocket = new WeakMap<Socket, EdgeRequest[]>()
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const viaProxy = /^[a-z][a-z0-9+.-]*:\/\//i.test(req.url ?? '')
    const url = viaProxy ? (req.url as string) : `http://${req.headers.host ?? 'edge'}${req.url ?? '/'}`
    const recorded: EdgeRequest = {
      method: req.method ?? 'GET',
      url,
      headers: req.headers,
      viaProxy,
      bytesSent: 0,
      finished: false,
      connectionClosed: false
    }
    requests.push(recorded)
    // One listener a connection, however many requests it carries (one a request would pile up on a kept-alive socket).
    const carried = onSocket.get(req.socket)
    if (carried === undefined) {
      const list = [recorded]
      onSocket.set(req.socket, list)
      req.socket.once('close', () => list.forEach((request) => (request.connectionClosed = true)))
    } else carried.push(recorded)
    const reply = take(url)
    if (reply.delayMs !== undefined) await delay(reply.delayMs)
    if (reply.hang) return
    if (reply.reset) {
      req.socket.destroy()
      return
    }
    res.statusCode = reply.status ?? 200
    if (reply.age !== undefined) res.setHeader('age', String(reply.age))
    if (reply.dateOffsetMs !== undefined) res.setHeader('date', new Date(Date.now() + reply.dateOffsetMs).toUTCString())
    for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value)
    if (reply.bodyBytes !== undefined) {
      await streamBody(res, recorded, reply.bodyBytes)
    } else {
      const body = reply.body ?? defaultBody(url)
      const bytes = Buffer.from(body)
      if (reply.cutBody) {
        res.setHeader('content-length', String(bytes.length))
        res.write(bytes.subarray(0, Math.floor(bytes.length / 2)))
        recorded.bytesSent = Math.floor(bytes.length / 2)
        if (reply.cutBody === 'stall') return
        await delay(10)
        req.socket.destroy()
        return
      }
      if (res.getHeader('content-length') === undefined) res.setHeader('content-length', String(bytes.length))
      res.write(bytes)
      recorded.bytesSent = bytes.length
    }
    if (res.destroyed) return
    res.end()
    recorded.finished = true
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => req.socket.destroy())
  })
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    connections++
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    get connections() {
      return connections
    },
    set(url, reply) {
      const list = Array.isArray(reply) ? reply : [reply]
      replies.set(
        url,
        list.map((item) => ({ left: item.times ?? 1, reply: item }))
      )
    },
    count: (url) => requests.filter((request) => request.url === url).length,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
