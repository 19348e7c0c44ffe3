import type { RequestKind } from '../../purge/plan.js'
import type { RunState } from '../state.js'

// The result's requests: those planned, those sent with how each went, and what the rate limits cost.

export interface RequestSummary {
  readonly kind: RequestKind
  readonly method: string
  readonly path: string
  /** How many URLs or tags the request carries. */
  readonly items: number
}

export interface SentRequest extends RequestSummary {
  readonly ok: boolean
  readonly status: number | null
  readonly attempts: number
  readonly durationMs: number
  readonly error: string | null
}

/** The requests planned, in order. */
export function plannedRequests(state: RunState): RequestSummary[] {
  return (state.plan?.requests ?? []).map(summarize)
}

/** The requests sent (at least one attempt), with how each ended. */
export function sentRequests(state: RunState): SentRequest[] {
  return state.outcomes
    .filter((outcome) => outcome.attempts > 0)
    .map((outcome) => ({
      ...summarize(outcome.request),
      ok: outcome.ok,
      status: outcome.status ?? null,
      attempts: outcome.attempts,
      durationMs: Math.round(outcome.durationMs),
      error: outcome.error ?? null
    }))
}

/** 429 answers, milliseconds spent waiting on rate limits, and the final pace (a tenth of a request a second; null when never paced). */
export function rateLimitsOf(state: RunState): { readonly answers429: number; readonly waitedMs: number; readonly pace: number | null } {
  return {
    answers429: state.rateLimits?.limited ?? 0,
    waitedMs: Math.round(state.rateLimits?.waitedMs ?? 0),
    pace: state.rateLimits?.pace === undefined ? null : Math.round(state.rateLimits.pace * 10) / 10
  }
}

function summarize(request: { kind: RequestKind; method: string; path: string; items: readonly string[] }): RequestSummary {
  return { kind: request.kind, method: request.method, path: request.path, items: request.items.length }
}
