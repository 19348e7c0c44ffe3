// npm run bench: every figure of the performance targets in one run, each as a ratio to its ideal, against
// the project's stand-in (loopback only). Exits non-zero when a figure misses its target, and when any run
// of any case lost a URL, had a step fail, or took more 429 answers than its case allows: every run is
// checked, not only the median one.
//
// - Rate limits: a token bucket (20/s, burst 5, 429 + Retry-After: 1, no other headers); two steps sharing
//   one such bucket with IETF RateLimit headers; a fixed window of 20 a second with IETF headers, with
//   X-RateLimit-* headers and with none. 3,000 URLs, batch 30, concurrency 8, max-attempts 10. The ideal is
//   what the limit allows: a bucket lets its burst through at once and then its rate; a window its limit at
//   once and then its limit per window. The ratio is the median run's; the 429s and lost URLs every run's.
// - Rate limits that punish overshoot (issue 33): a fixed window that, once one request passes its limit, refuses
//   every request to the end of that window and 1 or 3 windows more (Cloudflare refuses every call for 5 minutes;
//   punishingWindow in test/stand-in/limiters.ts), 15 a second and 15 every 2 s, with IETF headers, with
//   X-RateLimit-* headers and with none; the same 3,000 URLs, batch 30, concurrency 8, max-attempts 10. The
//   ideal is the fixed window's: what the limit allows with no overshoot. With headers the step must never pass
//   the limit: no 429 at all, and 1.3× the ideal. Without headers one overshoot is unavoidable (nothing else
//   tells the limit) and costs the rest of its window and the penalty: 2× the ideal, and the floor column gives
//   the best a step can do that sends at once until its first 429 and then exactly the limit every window.
// - The zone lookup: the zone on page 1 and on the last of 100 pages, at 50 ms a round trip, in round trips
//   against the ideal: one for page 1; for the last page, page 1 and then the other 99 pages 16 at a time
//   (ZONE_PAGE_PARALLELISM in src/zones/list.ts), 1 + ceil(99 / 16) = 8.
// - Cold start against the smallest action (@actions/core bundled by ncc, one GET, one output, one summary
//   line), built here in a temporary folder: pair by pair, median of the ratios.
// - Throughput: 10,000 URLs at 50 ms, batch 30, concurrency 8, the whole step against
//   (ceil(ceil(N/30)/8) + 1) × 50 ms.
// - Beside these two, a floor: the same figure for the least any action on this stack can do (for the cold
//   start, the smallest action with its GET sent by undici, loaded as this action loads it; for throughput, a bundled undici client,
//   loaded the same way, sending the same requests and nothing else), measured in the same run. The throughput target is the floor plus
//   0.05; the cold start's is 1.15× the smallest action, with 1.05× as the goal (printed beside it).
// - Memory: 100,000 URLs from files-from, batch 100: peak RSS.
// - Time-to-fresh: wait-for-origin with 20 URLs through the stand-in edge, whose answers switch from the old build to
//   the new one (the deploy landing) at a point spread over the first 30 s from one run to the next; the time from
//   that switch to the first purge request the stand-in API receives. Target: 1.5 s in the slowest run (the poll
//   checks every second in the first 30 s).
//
// `npm run bench -- <section>` (or `node bench/index.ts <section>` after `npm run build`) runs one section alone:
// limits, punishing, zones, start, throughput, memory or fresh. BENCH_RUNS (3) sets the runs of each case,
// BENCH_PAIRS (11) the pairs of the cold start.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { runAction, type ActionRun } from '../test/support/run-action.ts'
import { fixedWindow, punishingWindow, tokenBucket, type HeaderStyle, type Limiter } from '../test/stand-in/limiters.ts'
import { PENALTY_WINDOWS } from '../src/http/pacer/tunables.ts'
import { startEdge } from '../test/stand-in/edge.ts'
import { manyZones, startStandIn, type StandInOptions } from '../test/stand-in/server.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const PAIRS = Number(process.env.BENCH_PAIRS ?? 11)

interface Row {
  readonly name: string
  readonly figure: string
  readonly ratio: number
  readonly target: number
  /** Where the figure should get to, beside the target it must meet. */
  readonly goal?: number
  /** 429 answers of each run. */
  readonly limited?: readonly number[]
  /** Most 429 answers any one run may take. */
  readonly limitedTarget?: number
  /** URLs not purged, over every run. */
  readonly lost?: number
  /** Steps that failed (exit code not 0), over every run. */
  readonly failed?: number
  /** The same figure for the least any action on this stack can do, measured in the same run. */
  readonly floor?: number
}
const rows: Row[] = []
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

interface ResultDocument {
  durations: { purgeMs?: number; zoneMs?: number; totalMs?: number }
  rateLimits: { answers429: number; pace: number | null }
  failedFiles: string[]
}
const resultOf = (run: ActionRun): ResultDocument => JSON.parse(run.outputs.result ?? '{}') as ResultDocument

const urls = (count: number): string => Array.from({ length: count }, (_, i) => `/assets/file-${i}.js`).join('\n')

/** A limiter that remembers when it first took a request: the start of the ideal. */
function timed(limiter: Limiter): Limiter & { firstAt: number | undefined } {
  const wrapped = {
    firstAt: undefined as number | undefined,
    take(now: number) {
      wrapped.firstAt ??= now
      return limiter.take(now)
    }
  }
  return wrapped
}

const URLS_PER_STEP = 3000
/** The purge requests of one step: its URLs in batches of 30, LIMIT_CONCURRENCY at once. */
const REQUESTS_PER_STEP = Math.ceil(URLS_PER_STEP / 30)
const LIMIT_CONCURRENCY = 8

/**
 * The ideal time of one step under a fixed window of `limit` per `windowMs` aligned to the clock, from `first`,
 * when its first request reached the limiter: `limit` at once in that window and in each one after it (after
 * `skippedWindows` more, for a penalty sat out), to the start of the window the last request goes in.
 */
const windowIdeal = (limit: number, windowMs: number, first: number, skippedWindows = 0): number =>
  (Math.floor(first / windowMs) + skippedWindows + Math.ceil(REQUESTS_PER_STEP / limit) - 1) * windowMs - first

/** One run of a rate-limit case: its ratio to the ideal, the 429s the limiter gave, URLs not purged and steps failed over its steps. */
interface LimitRun {
  readonly ratio: number
  readonly limited: number
  readonly lost: number
  readonly failed: number
}

/**
 * `steps` steps at once against one limiter. Lost: URLs each step did not report purged, whatever it says
 * failed (a step that ended early reports nothing). The purge time of each step; NaN for a step that failed.
 */
async function purgeUnderLimit(
  limiter: Limiter,
  steps: number
): Promise<{ purgeMs: number[]; limited: number; lost: number; failed: number }> {
  const api = await startStandIn({ rateLimit: limiter })
  try {
    const inputs = {
      'api-key': api.apiKey,
      'api-url': api.url,
      zone: 'example.com',
      'files-from': 'urls.txt',
      'batch-size': '30',
      concurrency: String(LIMIT_CONCURRENCY),
      'max-attempts': '10'
    }
    const runs = await Promise.all(Array.from({ length: steps }, () => runAction(inputs, { files: { 'urls.txt': urls(URLS_PER_STEP) } })))
    for (const run of runs) if (run.code !== 0) console.log(`  a step failed:\n${run.log.split('\n').slice(-5).join('\n')}`)
    const purged = runs.map((run) => Number(run.outputs['purged-files'] ?? 0) || 0)
    return {
      purgeMs: runs.map((run) => (run.code === 0 ? (resultOf(run).durations.purgeMs ?? Number.NaN) : Number.NaN)),
      limited: api.limited,
      lost: purged.reduce((sum, count) => sum + (URLS_PER_STEP - count), 0),
      failed: runs.filter((run) => run.code !== 0).length
    }
  } finally {
    await api.close()
  }
}

/** A row for a rate-limit case: the median run's ratio; every run's 429s, lost URLs and failed steps. */
function limitRow(name: string, runs: readonly LimitRun[], target: number, limitedTarget: number): Row {
  return {
    name,
    figure: runs.map((run) => run.ratio.toFixed(2)).join(' / '),
    ratio: median(runs.map((run) => run.ratio)),
    target,
    limited: runs.map((run) => run.limited),
    limitedTarget,
    lost: runs.reduce((sum, run) => sum + run.lost, 0),
    failed: runs.reduce((sum, run) => sum + run.failed, 0)
  }
}

async function rateLimits(): Promise<void> {
  // One step, a token bucket of 20/s with a burst of 5, 429 + Retry-After: 1 and nothing else.
  const bucket: LimitRun[] = []
  for (let run = 0; run < RUNS; run++) {
    const { purgeMs, ...counts } = await purgeUnderLimit(tokenBucket(20, 5, 'none'), 1)
    bucket.push({ ratio: (purgeMs[0] ?? Number.NaN) / (((100 - 5) / 20) * 1000), ...counts })
  }
  rows.push(limitRow('token bucket 20/s, burst 5, 429 + Retry-After only', bucket, 1.3, 20))

  // Two steps at once, 3,000 URLs each, one bucket with IETF RateLimit headers on every answer. 429s: no
  // more than the two steps would be allowed each on their own.
  const pairs: LimitRun[] = []
  for (let run = 0; run < RUNS; run++) {
    const { purgeMs, ...counts } = await purgeUnderLimit(tokenBucket(20, 5, 'ietf'), 2)
    pairs.push({ ratio: Math.max(...purgeMs) / (((200 - 5) / 20) * 1000), ...counts })
  }
  rows.push(limitRow('two steps sharing the bucket (IETF headers), slower one', pairs, 1.4, 40))

  // A fixed window of 20 a second: 100 requests go in the first window and the next four. 429s: one probe
  // every 100 ms in the second before each of the four resets, and a burst of 8 (the concurrency) refused once.
  for (const style of ['ietf', 'x-ratelimit', 'none'] as HeaderStyle[]) {
    const windows: LimitRun[] = []
    for (let run = 0; run < RUNS; run++) {
      const limiter = timed(fixedWindow(20, 1000, style))
      const started = Date.now()
      const { purgeMs, ...counts } = await purgeUnderLimit(limiter, 1)
      const first = limiter.firstAt ?? started
      const ideal = windowIdeal(20, 1000, first)
      // The purge phase starts a little before the first request reaches the limiter; measure from there.
      windows.push({ ratio: (purgeMs[0] ?? Number.NaN) / Math.max(ideal, 1), ...counts })
    }
    rows.push(limitRow(`fixed window of 20/s, ${style === 'none' ? 'no headers' : `${style} headers`}`, windows, 1.3, 4 * 10 + 8))
  }
}

/** The punishing windows' shapes, [limit, window in ms]: a short and a long one, both with 7 windows of requests. */
const PUNISHING_SHAPES = [
  [15, 1000],
  [15, 2000]
] as const

/**
 * A fixed window that punishes overshoot (issue 33), in each shape, with penalties of 1 and 3 windows, with IETF
 * headers, X-RateLimit-* headers and none: the same step as the fixed window of 20 a second.
 *
 * The shapes: 100 requests over 7 windows. Without headers a step must pass the limit once to find it, and sits
 * out the rest of that window and the penalty: the best it can do is 1 + penalty / (6 - x) times the ideal, x the
 * part of its first window already gone when its first request arrived, 1.6 at most with 3 windows. A long
 * window with fewer windows of requests (50 every 5 s is two) costs 2× the ideal or more for any step without
 * headers (the penalty alone), and makes the ideal anything from 0 to a whole window by where the first request
 * lands in its window. The ideal is 5 to 6 s (1 s windows) and 10 to 12 s (2 s); without headers a step needs 1 or 3
 * windows more.
 *
 * 429s: none with headers (they say how many are left; a step that passes the limit with them is punished for
 * nothing). Without headers, 10 (LIMIT_CONCURRENCY + 2): the request that passes the limit and the 7 at most in
 * flight beside it, which all reach the API inside the penalty it starts before the step can have read its 429, and
 * up to two sent on the pace that first 429 cut, before a second 429 shows a window. The first 429 tells how many a
 * window lets through (those that went before it) and, by Retry-After, where the penalty ends, on a window's edge;
 * the window's length the step has to guess: 15 every second with a penalty of 3 windows and 15 every 2 s with a
 * penalty of 1 answer the same Retry-After. It looks for the next window a third of the first shut later
 * (PENALTY_WINDOWS): never too soon with a penalty of 3 windows, and with a penalty of 1 the request there may be
 * refused, one 429 more (11).
 */
async function punishingLimits(): Promise<void> {
  for (const [limit, windowMs] of PUNISHING_SHAPES) {
    for (const penalty of [1, 3]) {
      for (const style of ['ietf', 'x-ratelimit', 'none'] as HeaderStyle[]) {
        const runs: LimitRun[] = []
        const floors: number[] = []
        for (let run = 0; run < RUNS; run++) {
          const limiter = timed(punishingWindow(limit, windowMs, penalty, style))
          const started = Date.now()
          const { purgeMs, ...counts } = await purgeUnderLimit(limiter, 1)
          const first = limiter.firstAt ?? started
          const ideal = Math.max(windowIdeal(limit, windowMs, first), 1)
          // As for the fixed window: the purge phase starts a little before the first request reaches the limiter.
          runs.push({ ratio: (purgeMs[0] ?? Number.NaN) / ideal, ...counts })
          floors.push(windowIdeal(limit, windowMs, first, penalty) / ideal)
        }
        const headers = style !== 'none'
        const name = `punishing window ${limit}/${windowMs / 1000} s, penalty ${penalty} window${penalty === 1 ? '' : 's'}, ${headers ? `${style} headers` : 'no headers'}`
        rows.push({
          ...limitRow(name, runs, headers ? 1.3 : 2, headers ? 0 : LIMIT_CONCURRENCY + 2 + (penalty < PENALTY_WINDOWS ? 1 : 0)),
          ...(headers ? {} : { floor: median(floors) })
        })
      }
    }
  }
}

async function zoneLookup(): Promise<void> {
  const latencyMs = 50
  // Round trips: the ideal (see the top of this file) and the target, as a ratio to it.
  for (const [where, zone, ideal, target, gets] of [
    ['page 1', 'zone-1.example.org', 1, 3, 1],
    ['the last of 100 pages', 'zone-10000.example.org', 1 + Math.ceil(99 / 16), 1.5, undefined]
  ] as const) {
    const trips: number[] = []
    const requests: number[] = []
    let failed = 0
    for (let run = 0; run < RUNS; run++) {
      const api = await startStandIn({ zones: manyZones(10_000), latencyMs } satisfies StandInOptions)
      try {
        const run = await runAction({ 'api-key': api.apiKey, 'api-url': api.url, zone, files: '/a', 'dry-run': 'true' })
        if (run.code !== 0) failed++
        trips.push((resultOf(run).durations.zoneMs ?? Number.NaN) / latencyMs)
        requests.push(api.requests.length)
      } finally {
        await api.close()
      }
    }
    const most = Math.max(...requests)
    rows.push({
      name: `zone lookup, zone on ${where} (10,000 zones, 50 ms)`,
      figure: `${median(trips).toFixed(1)} round trips (ideal ${ideal}), ≤ ${most} GET${most === 1 ? '' : 's'}`,
      ratio: median(trips) / ideal,
      target,
      failed
    })
    // Every run's GETs, not only one run's.
    if (gets !== undefined && most !== gets)
      rows.push({
        name: `zone lookup, zone on ${where}: GETs`,
        figure: `${requests.join(' / ')} GETs (target ${gets})`,
        ratio: most / gets,
        target: 1
      })
  }
}

/** Runs a bundle once the way the runner does, and gives its wall time in milliseconds. */
function timeRun(file: string, env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const child = spawn(process.execPath, [file], { env, stdio: 'ignore' })
    child.on('close', (code) =>
      code === 0 ? resolve(Number(process.hrtime.bigint() - started) / 1e6) : reject(new Error(`${file} exited with ${code}`))
    )
  })
}

/**
 * Writes `source` as index.mjs in `dir` (with the project's node_modules) and bundles it with ncc into dir/dist, as an
 * action is built. `leanUndici`: as index.ts, with a tsconfig.json whose paths give every import of 'undici' (the
 * toolkit's too) src/http/undici.ts, as this action's build does: undici loaded file by file, never its index.
 */
async function buildAction(dir: string, source: readonly string[], leanUndici = false): Promise<string> {
  mkdirSync(dir, { recursive: true })
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
  const entry = leanUndici ? 'index.ts' : 'index.mjs'
  writeFileSync(join(dir, entry), source.join('\n'))
  if (leanUndici) {
    // An ES module, as this action is, with this project's compiler options written out (ncc reads no `extends`).
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }))
    const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as { compilerOptions: object }
    const paths = { undici: [join(root, 'src/http/undici.ts')] }
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { ...compilerOptions, paths }, files: [entry, join(root, 'src/http/undici-files.d.ts')] })
    )
  }
  await new Promise<void>((resolve, reject) =>
    spawn(process.execPath, [join(root, 'node_modules/@vercel/ncc/dist/ncc/cli.js'), 'build', entry, '-o', 'dist', '--quiet'], {
      cwd: dir,
      stdio: 'inherit'
    }).on('close', (code) => (code === 0 ? resolve() : reject(new Error(`building ${dir} failed`))))
  )
  return join(dir, leanUndici ? 'dist/index.js' : 'dist/index.mjs')
}

async function coldStart(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cdn-purge-smallest-'))
  try {
    // The smallest action: @actions/core, one GET (with the http-client core itself brings), one output, one summary line.
    const smallFile = await buildAction(join(dir, 'smallest'), [
      "import * as core from '@actions/core'",
      "import { HttpClient } from '@actions/http-client'",
      "const response = await new HttpClient('smallest-action').get(`${process.env.INPUT_URL}/zones`)",
      'await response.readBody()',
      "core.setOutput('status', String(response.message.statusCode))",
      "await core.summary.addRaw('done').write()"
    ])
    // The floor of this stack: the same, with its GET sent by undici as every call to the service is, and undici
    // loaded as this action loads it (file by file, never its index: src/http/undici.ts). Nothing else.
    const floorFile = await buildAction(
      join(dir, 'floor'),
      [
        "import * as core from '@actions/core'",
        "import { Agent, request } from 'undici'",
        'const response = await request(`${process.env.INPUT_URL}/zones`, { dispatcher: new Agent() })',
        'await response.body.text()',
        "core.setOutput('status', String(response.statusCode))",
        "await core.summary.addRaw('done').write()"
      ],
      true
    )
    const api = await startStandIn()
    try {
      const files = join(dir, 'files')
      mkdirSync(files)
      const base = {
        PATH: process.env.PATH ?? '',
        GITHUB_OUTPUT: join(files, 'output'),
        GITHUB_STEP_SUMMARY: join(files, 'summary'),
        RUNNER_TEMP: files,
        GITHUB_WORKSPACE: files
      }
      const ours = {
        ...base,
        'INPUT_API-KEY': api.apiKey,
        'INPUT_API-URL': api.url,
        INPUT_ZONE: 'example.com',
        INPUT_FILES: '/index.html',
        'INPUT_DRY-RUN': 'true',
        INPUT_SUMMARY: 'true'
      }
      const smallest = { ...base, INPUT_URL: api.url }
      /** Pair by pair against the smallest, which goes first every other pair so that neither always runs on a warmer machine. */
      const against = async (file: string, env: Record<string, string>, pair: number): Promise<number> => {
        writeFileSync(base.GITHUB_OUTPUT, '')
        writeFileSync(base.GITHUB_STEP_SUMMARY, '')
        if (pair % 2 === 0) {
          const first = await timeRun(file, env)
          return first / (await timeRun(smallFile, smallest))
        }
        const first = await timeRun(smallFile, smallest)
        return (await timeRun(file, env)) / first
      }
      const ratios: number[] = []
      const floors: number[] = []
      for (let pair = 0; pair < PAIRS; pair++) {
        ratios.push(await against(join(root, 'dist/index.js'), ours, pair))
        floors.push(await against(floorFile, smallest, pair))
      }
      rows.push({
        name: 'cold start (dry run, one URL) against the smallest action',
        figure: `median of ${PAIRS} pairs`,
        ratio: median(ratios),
        target: 1.15,
        goal: 1.05,
        floor: median(floors)
      })
    } finally {
      await api.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function throughput(): Promise<void> {
  const N = 10_000
  const latencyMs = 50
  const ideal = (Math.ceil(Math.ceil(N / 30) / 8) + 1) * latencyMs
  const dir = mkdtempSync(join(tmpdir(), 'cdn-purge-floor-'))
  try {
    // The floor: a bundled undici client (loaded as the action loads it) that looks the zone up and sends the same
    // batches, 8 at a time, and nothing else.
    const floorFile = await buildAction(
      dir,
      [
        "import { Agent } from 'undici'",
        "const base = new URL(process.env.API_URL ?? '')",
        'const pool = new Agent({ connections: 8 })',
        "const headers = { authorization: `Bearer ${process.env.API_KEY ?? ''}`, 'content-type': 'application/json' }",
        "const lookup = await pool.request({ origin: base.origin, path: `${base.pathname}/zones`, method: 'GET', headers })",
        'await lookup.body.json()',
        'const urls = Array.from({ length: Number(process.env.N) }, (_, i) => `https://example.com/assets/file-${i}.js`)',
        'let next = 0',
        'await Promise.all(Array.from({ length: 8 }, async () => {',
        '  for (let at = next; at < urls.length; at = next) {',
        '    next += 30',
        "    const answer = await pool.request({ origin: base.origin, path: `${base.pathname}/zones/zone-example/purge`, method: 'POST', headers, body: JSON.stringify({ files: urls.slice(at, at + 30) }) })",
        '    if (answer.statusCode !== 200) throw new Error(`purge answered ${answer.statusCode}`)',
        '    await answer.body.text()',
        '  }',
        '}))',
        'await pool.close()'
      ],
      true
    )
    const ratios: number[] = []
    const floors: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const api = await startStandIn({ latencyMs })
      try {
        const started = performance.now()
        const result = await runAction(
          {
            'api-key': api.apiKey,
            'api-url': api.url,
            zone: 'example.com',
            'files-from': 'urls.txt',
            'batch-size': '30',
            concurrency: '8'
          },
          { files: { 'urls.txt': urls(N) } }
        )
        const wall = performance.now() - started
        if (result.code !== 0 || result.outputs['purged-files'] !== String(N)) throw new Error(`throughput run failed:\n${result.log}`)
        ratios.push(wall / ideal)
        floors.push(
          (await timeRun(floorFile, { PATH: process.env.PATH ?? '', API_URL: api.url, API_KEY: api.apiKey, N: String(N) })) / ideal
        )
      } finally {
        await api.close()
      }
    }
    // The target: the floor measured in this run, plus 0.05.
    const floor = median(floors)
    rows.push({
      name: `10,000 URLs at 50 ms, batch 30, concurrency 8 (whole step)`,
      figure: `ideal ${ideal} ms; ${ratios.map((ratio) => ratio.toFixed(2)).join(' / ')}`,
      ratio: median(ratios),
      target: floor + 0.05,
      floor
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function memory(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'cdn-purge-rss-'))
  try {
    const preload = join(scratch, 'peak-rss.mjs')
    writeFileSync(
      preload,
      "import { writeFileSync } from 'node:fs'\nprocess.on('exit', () => writeFileSync(process.env.PEAK_RSS_FILE, String(process.resourceUsage().maxRSS)))\n"
    )
    const rssFile = join(scratch, 'rss')
    const api = await startStandIn()
    try {
      const run = await runAction(
        { 'api-key': api.apiKey, 'api-url': api.url, zone: 'example.com', 'files-from': 'urls.txt', 'batch-size': '100', concurrency: '8' },
        { files: { 'urls.txt': urls(100_000) }, env: { NODE_OPTIONS: `--import=${pathToFileURL(preload).href}`, PEAK_RSS_FILE: rssFile } }
      )
      if (run.code !== 0) throw new Error(`memory run failed:\n${run.log.slice(-2000)}`)
      const peakMb = Number(readFileSync(rssFile, 'utf8')) / 1024
      rows.push({
        name: '100,000 URLs (files-from, batch 100): peak RSS',
        figure: `${peakMb.toFixed(0)} MB`,
        ratio: peakMb / 150,
        target: 1
      })
    } finally {
      await api.close()
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/** Time-to-fresh's target: what a user waits for between the deploy landing and the purge, in the first 30 s. */
const FRESH_TARGET_MS = 1500

async function timeToFresh(): Promise<void> {
  const count = 20
  const names = Array.from({ length: count }, (_, i) => `assets/file-${i}.js`)
  const addresses = names.map((name) => `http://example.com/${name}`)
  // The new build, as the build step leaves it in site-dir: what the deploy brings to the origin.
  const site = Object.fromEntries(names.map((name, i) => [`public/${name}`, `new build of file ${i}\n`]))
  const figures: number[] = []
  const landings: number[] = []
  let failed = 0
  for (let run = 0; run < RUNS; run++) {
    // Spread over the first 30 s, each at another point of the one-second poll.
    const landAfterMs = 2300 + Math.round((run * 23_200) / Math.max(RUNS - 1, 1))
    landings.push(landAfterMs)
    const edge = await startEdge()
    let purgedAt: number | undefined
    const api = await startStandIn({
      onRequest: (request) => {
        if (request.method === 'POST' && request.path.endsWith('/purge')) purgedAt ??= Date.now()
      }
    })
    addresses.forEach((address, i) => edge.set(address, { body: `old build of file ${i}\n` }))
    let deployedAt: number | undefined
    const deploy = setTimeout(() => {
      addresses.forEach((address, i) => edge.set(address, { body: `new build of file ${i}\n` }))
      deployedAt = Date.now()
    }, landAfterMs)
    try {
      const run = await runAction(
        {
          'api-key': api.apiKey,
          'api-url': api.url,
          zone: 'example.com',
          files: addresses.join('\n'),
          'site-dir': 'public',
          'url-base': 'http://example.com/',
          'wait-for-origin': '60'
        },
        { files: site, env: { HTTP_PROXY: edge.url, NO_PROXY: '127.0.0.1' } }
      )
      const ok = run.code === 0 && run.outputs['purged-files'] === String(count) && deployedAt !== undefined && purgedAt !== undefined
      if (!ok) {
        failed++
        console.log(`  a step failed or purged before the deploy:\n${run.log.split('\n').slice(-5).join('\n')}`)
      }
      figures.push(ok ? (purgedAt as number) - (deployedAt as number) : Number.NaN)
    } finally {
      clearTimeout(deploy)
      await api.close()
      await edge.close()
    }
  }
  // A purge before the deploy landed gives a negative figure: a miss as much as a slow one.
  const slowest = figures.some((figure) => Number.isNaN(figure) || figure < 0) ? Number.NaN : Math.max(...figures)
  rows.push({
    name: 'time-to-fresh: deploy landed → first purge (20 URLs, edge)',
    figure: `landed at ${landings.map((ms) => (ms / 1000).toFixed(1)).join('/')} s; ${figures.map((ms) => (ms / 1000).toFixed(2)).join(' / ')} s`,
    ratio: slowest / FRESH_TARGET_MS,
    target: 1,
    failed
  })
}

const only = process.argv[2]
const sections: Record<string, () => Promise<void>> = {
  limits: rateLimits,
  punishing: punishingLimits,
  zones: zoneLookup,
  start: coldStart,
  throughput,
  memory,
  fresh: timeToFresh
}
for (const [name, section] of Object.entries(sections)) {
  if (only !== undefined && only !== name) continue
  console.log(`== ${name}`)
  await section()
}

const pad = (text: string, width: number): string => text.padEnd(width)
console.log(`\n${pad('case', 66)} ${pad('figure', 48)} ratio   target  goal  ${pad('429s (each run)', 18)} lost  failed  floor`)
let missed = 0
for (const row of rows) {
  // A NaN ratio (a step that failed) compares false: missed.
  const ok =
    row.ratio <= row.target &&
    (row.limitedTarget === undefined || (row.limited ?? []).every((count) => count <= row.limitedTarget!)) &&
    (row.lost ?? 0) === 0 &&
    (row.failed ?? 0) === 0
  if (!ok) missed++
  const limited = row.limited === undefined ? '' : `${row.limited.join('/')} ≤ ${row.limitedTarget}`
  console.log(
    `${pad(row.name, 66)} ${pad(row.figure, 48)} ${row.ratio.toFixed(2).padStart(5)}  ≤ ${row.target.toFixed(2)}  ${row.goal === undefined ? '    ' : row.goal.toFixed(2)}  ${pad(limited, 18)} ${String(row.lost ?? '').padStart(4)}  ${String(row.failed ?? '').padStart(6)}  ${row.floor === undefined ? '     ' : row.floor.toFixed(2).padStart(5)}  ${ok ? 'ok' : 'MISSED'}`
  )
}
console.log(
  `\n${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${missed === 0 ? 'every target met' : `${missed} target(s) missed`}`
)
process.exitCode = missed === 0 ? 0 : 1
