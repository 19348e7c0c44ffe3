// RunResults written out field by field, for the report's tests: a result that holds only what a test
// gives it, so that every line the summary or an output shows can be traced to one field.
import type { TrafficReport } from '../../src/analytics.js'
import type { RunResult } from '../../src/run/result/index.js'
import type { OriginReport } from '../../src/run/result/origin.js'
import type { RequestSummary, SentRequest } from '../../src/run/result/requests.js'
import type { ZoneResult } from '../../src/run/result/zones.js'
import type { VerdictReport } from '../../src/run/result/verification.js'

/** One zone, example.com (z1, active), asked for nothing. */
export function zoneResult(over: Partial<ZoneResult> = {}): ZoneResult {
  return {
    id: 'z1',
    name: 'example.com',
    status: 'active',
    created: null,
    purgeEverythingRequested: false,
    purgedEverything: false,
    purgedFiles: [],
    purgedTags: [],
    failedFiles: [],
    failedTags: [],
    settingsRequested: false,
    settingsApplied: false,
    ...over
  }
}

/** A run on example.com that went through and did nothing, with `over` on top. */
export function runResult(over: Partial<RunResult> = {}): RunResult {
  return {
    ok: true,
    dryRun: false,
    zoneInput: ['example.com'],
    stoppedAt: null,
    cancelled: null,
    invalidInput: null,
    purgeEverythingRequested: false,
    zone: { id: 'z1', name: 'example.com', status: 'active' },
    zones: [zoneResult()],
    purgedEverything: false,
    purgedFiles: [],
    purgedTags: [],
    failedFiles: [],
    failedTags: [],
    // One zone unless a test says otherwise: each tag given is one tag purge.
    tagPurges: { requested: (over.purgedTags?.length ?? 0) + (over.failedTags?.length ?? 0), failed: over.failedTags?.length ?? 0 },
    settings: null,
    settingsApplied: false,
    requests: 0,
    retries: 0,
    rateLimits: { answers429: 0, waitedMs: 0, pace: null },
    changes: null,
    nothingToSend: null,
    everythingInstead: null,
    manifestWritten: null,
    traffic: [],
    origin: null,
    verification: null,
    staleFiles: [],
    warm: null,
    edgePlan: null,
    commitStatus: null,
    planned: [],
    sent: [],
    errors: [],
    warnings: [],
    durations: {},
    ...over
  }
}

/** A planned request of `kind` carrying `items` URLs or tags. */
export function planned(kind: RequestSummary['kind'], items: number): RequestSummary {
  return { kind, method: 'POST', path: kind === 'settings' ? '/zones/z1/settings' : '/zones/z1/purge', items }
}

/** A request that was sent and confirmed: a purge of one URL. */
export function sentRequest(over: Partial<SentRequest> = {}): SentRequest {
  return { ...planned('files', 1), ok: true, status: 200, attempts: 1, durationMs: 5, error: null, ...over }
}

export function verdict(url: string, over: Partial<VerdictReport> = {}): VerdictReport {
  return { url, verdict: 'fresh', status: 200, age: null, cacheStatus: null, reason: 'checked', content: null, attempts: 1, ...over }
}

/** A traffic report whose totals could not be read: a section of a heading and a warning, no chart. */
export function unreadTraffic(zoneId: string, over: Partial<TrafficReport> = {}): TrafficReport {
  return {
    zoneId,
    zoneName: undefined,
    window: '24h',
    granularity: 'hour',
    since: '2026-01-01T00:00:00Z',
    until: '2026-01-02T00:00:00Z',
    totals: undefined,
    points: [],
    bucketMs: 3_600_000,
    chartMs: 3_600_000,
    error: 'HTTP 500',
    warnings: [],
    ...over
  }
}

/** The wait for the origin, through the edge, ended not ready after its 1 s, no URL listed. */
export function originReport(over: Partial<OriginReport> = {}): OriginReport {
  return { ready: false, seconds: 1, waitFor: 1, where: 'edge', cacheBlind: false, cutShort: false, marker: null, urls: [], ...over }
}
