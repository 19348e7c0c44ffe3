// A run state for one zone with 5 URLs and 3 tags in batches of 2, each request confirmed or not as asked.
import type { RequestOutcome } from '../../src/purge/execute.js'
import { planRequests } from '../../src/purge/plan.js'
import { newRunState, type RunState } from '../../src/run/state.js'

export const zone = { id: 'z1', name: 'example.com', status: 'active' }
export const urls = Array.from({ length: 5 }, (_, i) => `https://example.com/${i}`)
export const tags = ['t1', 't2', 't3']

/** Requests: files [0,1], files [2,3], files [4], tags [t1,t2], tags [t3]. */
export function stateWith(okByIndex: (index: number) => boolean, over: Partial<RunState> = {}): RunState {
  const plan = planRequests([{ zone, purgeEverything: false, urls, tags, settings: undefined }], 2)
  const outcomes: RequestOutcome[] = plan.requests.map((request, index) => ({
    request,
    ok: okByIndex(index),
    status: okByIndex(index) ? 200 : 400,
    attempts: 1,
    durationMs: 10,
    error: okByIndex(index) ? undefined : `POST ${request.path} failed: HTTP 400 (request ${index})`
  }))
  const requested = { everything: false, files: urls, tags }
  return { ...newRunState(), zoneInput: ['example.com'], zones: [{ zone, requested }], plan, outcomes, requested, requestsSent: outcomes.length, retries: 0, ...over }
}
