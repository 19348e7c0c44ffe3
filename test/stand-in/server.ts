// A local stand-in of the Content Delivery Service API, for tests, the demo and the benchmark.
// It follows ../shared/service-api.md strictly: what the document does not allow is refused with
// an error body `{success: false, errors: [{code, message}]}`, like a real API would.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import type { Limiter } from './limiters.js'

export interface StandInZone {
  id: string
  name: string
  status: 'active' | 'pending' | 'deleted'
  created_at: string
  settings?: Record<string, unknown>
  plan?: string
}

/** A fault for the next request(s) that match: answered instead of (or, with only `delayMs`, before) the real answer. */
export interface Fault {
  method?: string
  /** Path below the base address, e.g. `/zones/abc/purge`; a RegExp tests the path. */
  path?: string | RegExp
  /** Only requests whose JSON body holds this text (e.g. one batch's first URL). */
  bodyIncludes?: string
  /** Let this many matching requests through before the fault begins (e.g. to fail only a second pass). */
  skip?: number
  /** How many matching requests get the fault; default 1. */
  times?: number
  status?: number
  retryAfter?: string
  headers?: Record<string, string>
  /** Raw body to answer with (e.g. an HTML error page); default a JSON error body. */
  body?: string
  delayMs?: number
  /** Never answer: the client must time out. */
  hang?: boolean
  /** Carry the request out (create the zone, record the purge), then never answer. */
  hangAfter?: boolean
  /** Close the connection without an answer. */
  reset?: boolean
  /** Send the status line and headers (status default 200), then nothing, keeping the connection open. */
  silentAfterHeaders?: boolean
  /** Send the headers (status default 200), then one byte every `dripMs` until the client hangs up. */
  dripMs?: number
  /** Answer (status default 200) with a body of this many bytes and its content-length, sent as fast as the client reads. */
  bodyBytes?: number
  /** Answer (status default 200) with a chunked body that never ends, sent as fast as the client reads. */
  endless?: boolean
  /** Announce the whole body (status default 200), send half of it, then reset the connection. */
  resetMidBody?: boolean
  /** Announce a content-length larger than the body (status default 200), send the body, then close the connection. */
  cutOff?: boolean
}

/** Fault fields that replace the answer; a fault with none of them only delays it. */
const ANSWERING: readonly (keyof Fault)[] = [
  'status',
  'hang',
  'hangAfter',
  'reset',
  'silentAfterHeaders',
  'dripMs',
  'bodyBytes',
  'endless',
  'resetMidBody',
  'cutOff'
]

export interface RecordedRequest {
  method: string
  /** Path below the base address, without the query. */
  path: string
  query: Record<string, string>
  headers: IncomingMessage['headers']
  body: unknown
  /** True when a fault answered it. */
  faulted: boolean
  /** The status the stand-in answered with, once it has; undefined for a fault's answer. */
  status?: number
}

export interface Purge {
  zoneId: string
  everything: boolean
  files: string[]
  tags: string[]
}

export interface StandInOptions {
  apiKey?: string
  zones?: StandInZone[]
  /** Added before every answer, to stand for network and service time. */
  latencyMs?: number
  /** Most URLs or tags one purge request may carry. The API document gives no number; 1000 here. */
  maxPurgeItems?: number
  /** Answer GET /zones with 403, as for a key that may only purge. */
  denyListing?: boolean
  /** Put a cname_target in the answer to POST /zones (default true). */
  createCname?: boolean
  /** Port on 127.0.0.1; default 0, any free port. `npm run stand-in` uses a fixed one that .env.example names. */
  port?: number
  /** Called with every request as it is recorded, so `npm run stand-in` can show what arrived. */
  onRequest?: (request: RecordedRequest) => void
  /** Leave meta.total out of the answers to GET /zones, as a server that does not count its zones might. */
  omitZoneTotal?: boolean
  /**
   * A rate limit on purge requests, shared by everyone who calls this stand-in (limits are per account):
   * over it, 429 with Retry-After; its headers (if any) on every purge answer.
   */
  rateLimit?: Limiter
  /**
   * Called with each purge the API accepted, before it answers: what a real CDN does at its edge (the
   * real-software tests send `PURGE <url>` to a cache here). The answer waits for it; if it throws, the
   * purge is answered 500.
   */
  onPurge?: (purge: Purge) => Promise<void> | void
  /** Serve https:// with this certificate and key (PEM; test/support/tls.ts makes them) instead of plain http://. */
  tls?: { cert: string; key: string }
}

export const CNAME_TARGET = 'edge.stand-in-cdn.net'

export interface StandIn {
  /** Base address including /v1. */
  url: string
  apiKey: string
  zones: StandInZone[]
  requests: RecordedRequest[]
  purges: Purge[]
  /** Most requests the server was answering at one time. */
  readonly maxInFlight: number
  /** TCP connections opened to the server: with keep-alive, far fewer than requests. */
  readonly connections: number
  /** Purge requests the rate limit answered 429. */
  readonly limited: number
  fault(fault: Fault): void
  /**
   * Holds the next `count` requests that `match` accepts until all of them have arrived, then lets them
   * go on together: a test of how many requests were in flight then needs no latency and no timing.
   */
  barrier(count: number, match?: (request: RecordedRequest) => boolean): void
  close(): Promise<void>
}

export const BASE_PATH = '/v1'
export const DEFAULT_API_KEY = 'test-key-5f2b8c1e9d7a'

export function zone(id: string, name: string, status: StandInZone['status'] = 'active'): StandInZone {
  return { id, name, status, created_at: '2026-01-15T10:00:00Z' }
}

/** `count` active zones named zone-<n>.example.org, for paging tests. */
export function manyZones(count: number): StandInZone[] {
  return Array.from({ length: count }, (_, i) => zone(`z${String(i + 1).padStart(5, '0')}`, `zone-${i + 1}.example.org`))
}

class HttpFailure extends Error {
  status: number
  code: number
  constructor(status: number, code: number, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}

const fail = (status: number, code: number, message: string): never => {
  throw new HttpFailure(status, code, message)
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const apiKey = options.apiKey ?? DEFAULT_API_KEY
  const maxPurgeItems = options.maxPurgeItems ?? 1000
  const zones = options.zones ?? [zone('zone-example', 'example.com')]
  const requests: RecordedRequest[] = []
  const purges: Purge[] = []
  const faults: (Fault & { left: number })[] = []
  const barriers: { count: number; match: (request: RecordedRequest) => boolean; waiting: (() => void)[] }[] = []
  const sockets = new Set<Socket>()
  let counter = 0
  let connections = 0
  let limited = 0
  let inFlight = 0
  let maxInFlight = 0

  const takeFault = (method: string, path: string, raw: string): Fault | undefined => {
    const index = faults.findIndex(
      (fault) =>
        (fault.method === undefined || fault.method === method) &&
        (fault.path === undefined || (typeof fault.path === 'string' ? fault.path === path : fault.path.test(path))) &&
        (fault.bodyIncludes === undefined || raw.includes(fault.bodyIncludes))
    )
    if (index < 0) return undefined
    const fault = faults[index] as Fault & { left: number; skipped?: number }
    if ((fault.skipped ?? 0) < (fault.skip ?? 0)) {
      fault.skipped = (fault.skipped ?? 0) + 1
      return undefined
    }
    if (--fault.left <= 0) faults.splice(index, 1)
    return fault
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req)
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const path = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) : url.pathname
    const method = req.method ?? 'GET'
    let body: unknown
    try {
      body = raw === '' ? undefined : JSON.parse(raw)
    } catch {
      body = raw
    }
    const fault = takeFault(method, path, raw)
    const recorded: RecordedRequest = {
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
      faulted: fault !== undefined && ANSWERING.some((key) => fault[key] !== undefined && fault[key] !== false)
    }
    requests.push(recorded)
    options.onRequest?.(recorded)
    res.setHeader('x-request-id', `req-${++counter}`)

    await passBarrier(recorded)
    if (options.latencyMs) await delay(options.latencyMs)
    if (fault !== undefined) {
      if (fault.delayMs !== undefined) await delay(fault.delayMs)
      if (fault.hang) return
      if (fault.hangAfter) {
        try {
          route(method, path, url.searchParams, body)
        } catch {
          // Carried out as far as it went; the client hears nothing either way.
        }
        return
      }
      if (fault.reset) {
        req.socket.destroy()
        return
      }
      if (answerFault(req, res, fault)) return
    }

    try {
      if (!url.pathname.startsWith(`${BASE_PATH}/`)) fail(404, 7000, `No route for ${url.pathname}: the API lives under ${BASE_PATH}`)
      if (req.headers.authorization !== `Bearer ${apiKey}`) fail(401, 10000, 'Authentication error: missing or invalid API key')
      if (raw !== '' && !String(req.headers['content-type'] ?? '').startsWith('application/json')) {
        fail(415, 6000, 'Requests with a body must send Content-Type: application/json')
      }
      if (raw !== '' && typeof body === 'string') fail(400, 6001, 'Request body is not valid JSON')
      if (options.rateLimit !== undefined && method === 'POST' && /^\/zones\/[^/]+\/purge$/.test(path)) {
        const verdict = options.rateLimit.take(Date.now())
        for (const [name, value] of Object.entries(verdict.headers)) res.setHeader(name, value)
        if (verdict.status === 429) {
          limited++
          if (verdict.retryAfterMs !== undefined) res.setHeader('retry-after', String(Math.ceil(verdict.retryAfterMs / 1000)))
          fail(429, 10429, 'Rate limit exceeded')
        }
      }
      const purgesBefore = purges.length
      const data = route(method, path, url.searchParams, body)
      const accepted = purges[purgesBefore]
      if (accepted !== undefined && options.onPurge !== undefined) await options.onPurge(accepted)
      recorded.status = 200
      respond(res, 200, { success: true, ...data })
    } catch (error) {
      if (!(error instanceof HttpFailure)) throw error
      recorded.status = error.status
      respond(res, error.status, { success: false, errors: [{ code: error.code, message: error.message }] })
    }
  }

  const route = (method: string, path: string, query: URLSearchParams, body: unknown): Record<string, unknown> => {
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent)
    if (segments[0] !== 'zones') fail(404, 7003, `No route for ${path}`)
    if (segments.length === 1) {
      if (method === 'POST') return createZone(body)
      if (method !== 'GET') fail(405, 7001, `Method ${method} not allowed on /zones`)
      return listZones(query)
    }
    const [, key, action, report] = segments
    if (segments.length === 4 && action === 'analytics' && report === 'traffic') {
      if (method !== 'GET') fail(405, 7001, `Method ${method} not allowed on ${path}`)
      return traffic(key as string, query)
    }
    if (segments.length !== 3 || key === undefined) fail(404, 7003, `No route for ${path}`)
    if (method !== 'POST') fail(405, 7001, `Method ${method} not allowed on ${path}`)
    if (action === 'purge') return purge(key as string, body)
    if (action === 'settings') return settings(key as string, body)
    return fail(404, 7003, `No route for ${path}`)
  }

  const listZones = (query: URLSearchParams): Record<string, unknown> => {
    if (options.denyListing) fail(403, 10003, 'This API key may not list zones')
    for (const name of query.keys()) if (!['page', 'per_page', 'status'].includes(name)) fail(400, 1001, `Unknown query parameter ${name}`)
    const page = integerParam(query, 'page', 1)
    const perPage = integerParam(query, 'per_page', 20)
    if (page < 1) fail(400, 1002, 'page must be 1 or more')
    if (perPage < 1 || perPage > 100) fail(400, 1003, 'per_page must be from 1 to 100')
    const status = query.get('status')
    if (status !== null && !['active', 'pending', 'deleted'].includes(status)) fail(400, 1004, 'status must be active, pending or deleted')
    const matching = zones.filter((z) => status === null || z.status === status)
    const data = matching
      .slice((page - 1) * perPage, page * perPage)
      .map(({ id, name, status: s, created_at }) => ({ id, name, status: s, created_at }))
    return { data, meta: { page, per_page: perPage, ...(options.omitZoneTotal === true ? {} : { total: matching.length }) } }
  }

  const createZone = (body: unknown): Record<string, unknown> => {
    if (!isObject(body)) fail(400, 1100, 'Zone body must be a JSON object')
    const request = body as Record<string, unknown>
    for (const key of Object.keys(request)) if (key !== 'name' && key !== 'plan') fail(400, 1101, `Unknown zone field ${key}`)
    const name = request.name
    if (typeof name !== 'string' || !/^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i.test(name))
      fail(400, 1102, 'name must be a domain name')
    if (request.plan !== undefined && !['free', 'pro', 'business', 'enterprise'].includes(request.plan as string)) {
      fail(400, 1103, 'plan must be one of free, pro, business, enterprise')
    }
    if (zones.some((z) => z.name.toLowerCase() === (name as string).toLowerCase() && z.status !== 'deleted')) {
      fail(409, 1061, `A zone with the name ${name as string} already exists`)
    }
    const created: StandInZone = {
      id: `zn-new-${zones.length + 1}`,
      name: name as string,
      status: 'pending',
      created_at: '2026-11-22T09:00:00Z'
    }
    zones.push(created)
    created.plan = (request.plan as string | undefined) ?? 'free'
    return { data: { ...created, ...(options.createCname === false ? {} : { cname_target: CNAME_TARGET }) } }
  }

  const traffic = (zoneId: string, query: URLSearchParams): Record<string, unknown> => {
    const target = zones.find((z) => z.id === zoneId && z.status !== 'deleted')
    if (target === undefined) fail(404, 1049, `No zone with id ${zoneId}`)
    for (const name of query.keys())
      if (!['since', 'until', 'granularity'].includes(name)) fail(400, 1001, `Unknown query parameter ${name}`)
    const step = { minute: 60_000, hour: 3_600_000, day: 86_400_000 }[query.get('granularity') ?? 'hour']
    if (step === undefined) fail(400, 1201, 'granularity must be minute, hour or day')
    const time = (name: string, fallback: number): number => {
      const value = query.get(name)
      if (value === null) return fallback
      if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(Date.parse(value))) fail(400, 1202, `${name} must be an ISO 8601 time`)
      return Date.parse(value)
    }
    const until = time('until', Date.now())
    const since = time('since', until - 86_400_000)
    if (since >= until) fail(400, 1203, 'since must be before until')
    const timeseries = []
    for (let t = Math.floor(since / (step as number)) * (step as number); t < until; t += step as number) {
      // Deterministic traffic: a daily wave, different per zone. Over the period asked for, as the totals are: the bucket
      // `since` falls in holds what came from it on, the one under way what came before `until`.
      const part = (Math.min(t + (step as number), until) - Math.max(t, since)) / (step as number)
      const requests = Math.round(part * (1000 + Math.round(800 * Math.sin((t / 86_400_000) * 2 * Math.PI)) + ((zoneId.length * 37) % 200)))
      timeseries.push({ timestamp: new Date(t).toISOString(), requests, bandwidth: requests * 2048 })
    }
    const totalRequests = timeseries.reduce((sum, point) => sum + point.requests, 0)
    return {
      data: {
        totals: { requests: totalRequests, bandwidth: totalRequests * 2048, cache_hit_rate: 0.873 },
        timeseries
      }
    }
  }

  const purge = (zoneId: string, body: unknown): Record<string, unknown> => {
    const target = zones.find((z) => z.id === zoneId && z.status !== 'deleted')
    if (target === undefined) fail(404, 1049, `No zone with id ${zoneId}`)
    if (!isObject(body)) fail(400, 1012, 'Purge body must be a JSON object')
    const request = body as Record<string, unknown>
    for (const key of Object.keys(request))
      if (!['purge_everything', 'files', 'tags'].includes(key)) fail(400, 1013, `Unknown purge field ${key}`)
    const kinds = Object.keys(request)
    if (kinds.length !== 1) fail(400, 1014, 'Give exactly one of purge_everything, files or tags')
    if ('purge_everything' in request && request.purge_everything !== true) fail(400, 1015, 'purge_everything must be true')
    const list = (name: 'files' | 'tags'): string[] => {
      const value = request[name]
      if (value === undefined) return []
      if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === 'string' && item !== '')) {
        fail(400, 1016, `${name} must be a non-empty array of non-empty strings`)
      }
      if ((value as string[]).length > maxPurgeItems) fail(413, 1017, `At most ${maxPurgeItems} ${name} per request`)
      return value as string[]
    }
    const files = list('files')
    for (const file of files) if (!/^https?:\/\/[^/]+/.test(file)) fail(400, 1018, `Not an absolute URL: ${file}`)
    const tags = list('tags')
    purges.push({ zoneId, everything: request.purge_everything === true, files, tags })
    return { data: { id: `purge-${purges.length}` } }
  }

  const settings = (zoneName: string, body: unknown): Record<string, unknown> => {
    const target = zones.find((z) => z.name.toLowerCase() === zoneName.toLowerCase() && z.status !== 'deleted')
    if (target === undefined) fail(404, 1049, `No zone named ${zoneName}`)
    if (!isObject(body) || Object.keys(body).length === 0) fail(400, 1020, 'Settings body must be an object with limits and/or sdk')
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (key !== 'limits' && key !== 'sdk') fail(400, 1021, `Unknown settings key ${key}`)
      if (!isObject(value) || typeof value.enabled !== 'boolean' || typeof value.mode !== 'string') {
        fail(400, 1022, `${key} must be {enabled: boolean, mode: string}`)
      }
      for (const field of Object.keys(value as object))
        if (field !== 'enabled' && field !== 'mode') fail(400, 1023, `Unknown field ${key}.${field}`)
    }
    ;(target as StandInZone).settings = { ...(target as StandInZone).settings, ...(body as Record<string, unknown>) }
    return { data: { zone: zoneName, ...(body as Record<string, unknown>) } }
  }

  const passBarrier = async (request: RecordedRequest): Promise<void> => {
    const barrier = barriers.find((candidate) => candidate.match(request))
    if (barrier === undefined) return
    await new Promise<void>((resolve) => {
      barrier.waiting.push(resolve)
      if (barrier.waiting.length < barrier.count) return
      barriers.splice(barriers.indexOf(barrier), 1)
      for (const release of barrier.waiting) release()
    })
  }

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    maxInFlight = Math.max(maxInFlight, ++inFlight)
    let counted = true
    const done = (): void => {
      if (counted) inFlight--
      counted = false
    }
    res.on('close', done)
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) respond(res, 500, { success: false, errors: [{ code: 500, message: String(error) }] })
    })
  }
  const server =
    options.tls === undefined ? createServer(listener) : createTlsServer({ cert: options.tls.cert, key: options.tls.key }, listener)
  server.keepAliveTimeout = 30_000
  server.on('connection', (socket: Socket) => {
    connections++
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo

  return {
    url: `${options.tls === undefined ? 'http' : 'https'}://127.0.0.1:${port}${BASE_PATH}`,
    apiKey,
    zones,
    requests,
    purges,
    get maxInFlight() {
      return maxInFlight
    },
    get connections() {
      return connections
    },
    get limited() {
      return limited
    },
    fault: (fault) => faults.push({ ...fault, left: fault.times ?? 1 }),
    barrier: (count, match = () => true) => {
      barriers.push({ count, match, waiting: [] })
    },
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}

/** Answers a fault that shapes the answer (status, body, how it is sent). False when the fault does not answer. */
function answerFault(req: IncomingMessage, res: ServerResponse, fault: Fault): boolean {
  const status = fault.status ?? 200
  const text = fault.body ?? JSON.stringify({ success: false, errors: [{ code: status, message: `Injected fault ${status}` }] })
  const contentType = fault.body === undefined ? 'application/json' : 'text/html'
  for (const [name, value] of Object.entries(fault.headers ?? {})) res.setHeader(name, value)
  if (fault.retryAfter !== undefined) res.setHeader('retry-after', fault.retryAfter)
  if (fault.silentAfterHeaders) {
    res.writeHead(status, { 'content-type': 'application/json' }).flushHeaders()
  } else if (fault.dripMs !== undefined) {
    res.writeHead(status, { 'content-type': 'application/json' }).flushHeaders()
    const timer = setInterval(() => res.write(' '), fault.dripMs)
    res.on('close', () => clearInterval(timer))
  } else if (fault.bodyBytes !== undefined || fault.endless) {
    res.writeHead(status, {
      'content-type': 'application/json',
      ...(fault.bodyBytes === undefined ? {} : { 'content-length': String(fault.bodyBytes) })
    })
    streamFiller(res, fault.bodyBytes ?? Infinity)
  } else if (fault.resetMidBody) {
    const bytes = Buffer.from(text)
    res.writeHead(status, { 'content-type': contentType, 'content-length': String(bytes.length) })
    res.write(bytes.subarray(0, bytes.length >> 1), () => req.socket.resetAndDestroy())
  } else if (fault.cutOff) {
    const bytes = Buffer.from(text)
    res.writeHead(status, { 'content-type': contentType, 'content-length': String(bytes.length * 2 + 100) })
    res.write(bytes, () => req.socket.end())
  } else if (fault.status !== undefined) {
    res.writeHead(status, { 'content-type': contentType }).end(text)
  } else {
    return false
  }
  return true
}

const FILLER = Buffer.alloc(64 * 1024, 'x')

/** Writes `total` bytes of filler (Infinity: for ever), as fast as the client reads them, until it hangs up. */
function streamFiller(res: ServerResponse, total: number): void {
  let left = total
  const pump = (): void => {
    while (!res.destroyed && left > 0) {
      const chunk = left >= FILLER.length ? FILLER : FILLER.subarray(0, left)
      left -= chunk.length
      if (!res.write(chunk)) {
        res.once('drain', pump)
        return
      }
    }
    if (left <= 0 && !res.destroyed) res.end()
  }
  pump()
}

function integerParam(query: URLSearchParams, name: string, fallback: number): number {
  const value = query.get(name)
  if (value === null) return fallback
  if (!/^\d+$/.test(value)) fail(400, 1000, `${name} must be an integer`)
  return Number(value)
}

function respond(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
