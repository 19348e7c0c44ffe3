// npm run bench: purges 10,000 URLs through the built action against the stand-in with 50 ms of
// added latency (batch 30, concurrency 8), and prints the time as a ratio to the ideal
// ceil(N / batch) / concurrency × latency: 1.00 would mean no overhead at all.
import { runAction } from '../test/e2e/run-action.ts'
import { startStandIn } from '../test/stand-in/server.ts'

const N = 10_000
const BATCH = 30
const CONCURRENCY = 8
const LATENCY_MS = 50
const RUNS = 3

const ideal = (Math.ceil(N / BATCH) / CONCURRENCY) * LATENCY_MS
const urls = Array.from({ length: N }, (_, i) => `/assets/file-${i}.js`).join('\n')
const purgeRatios: number[] = []
const stepRatios: number[] = []

for (let run = 1; run <= RUNS; run++) {
  const api = await startStandIn({ latencyMs: LATENCY_MS })
  try {
    const started = performance.now()
    const result = await runAction(
      { 'api-key': api.apiKey, 'api-url': api.url, zone: 'example.com', 'files-from': 'urls.txt', 'batch-size': String(BATCH), concurrency: String(CONCURRENCY) },
      { files: { 'urls.txt': urls } }
    )
    const wall = performance.now() - started
    if (result.code !== 0 || result.outputs['purged-files'] !== String(N)) throw new Error(`run ${run} failed:\n${result.log}`)
    const purgeMs = (JSON.parse(result.outputs.result ?? '{}') as { durations: { purgeMs: number } }).durations.purgeMs
    purgeRatios.push(purgeMs / ideal)
    stepRatios.push(wall / ideal)
    console.log(`run ${run}: purge phase ${purgeMs} ms, whole step ${Math.round(wall)} ms (process start, zone lookup included), ${api.requests.length} requests`)
  } finally {
    await api.close()
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN
console.log(`\nideal: ceil(${N}/${BATCH})/${CONCURRENCY} × ${LATENCY_MS} ms = ${ideal.toFixed(0)} ms`)
console.log(`purge phase / ideal: ${median(purgeRatios).toFixed(3)} (median of ${RUNS}; target ≤ 1.25)`)
console.log(`whole step  / ideal: ${median(stepRatios).toFixed(3)}`)
