import type { BodyUse, EdgeAnswer, EdgeFetcher } from '../../src/edge/fetch.js'
import type { UrlVerdict } from '../../src/edge/verify.js'

/** An edge fetcher the test scripts, which also records each call and the most calls in flight at once. */
export type RecordingEdge = EdgeFetcher & { calls: [string, BodyUse][]; maxInFlight: number }

/**
 * An edge without a network: `answer` gives each GET its answer, one turn of the event loop later, so
 * that calls made together are in flight together.
 */
export function recordingEdge(answer: (url: string, use: BodyUse, calls: [string, BodyUse][]) => EdgeAnswer): RecordingEdge {
  let inFlight = 0
  const edge = {
    calls: [] as [string, BodyUse][],
    maxInFlight: 0,
    async get(url: string, use: BodyUse): Promise<EdgeAnswer> {
      edge.calls.push([url, use])
      inFlight++
      edge.maxInFlight = Math.max(edge.maxInFlight, inFlight)
      await new Promise((resolve) => setImmediate(resolve))
      inFlight--
      return answer(url, use, edge.calls)
    },
    close: () => Promise.resolve()
  }
  return edge
}

/** A verdict on http://example.com/a, fresh by its Age unless `fields` say otherwise. */
export const urlVerdict = (fields: Partial<UrlVerdict>): UrlVerdict => ({
  url: 'http://example.com/a',
  verdict: 'fresh',
  age: 1,
  cacheStatus: undefined,
  reason: 'Age 1 s, within the 5 s since the purge',
  status: 200,
  content: undefined,
  attempts: 1,
  ...fields
})
