// What a run came to, as the final commit status tells it (RunOutcome, src/commit-status/describe.ts), for the tests of
// the status's words and of its posts.
import type { RunOutcome } from '../../src/commit-status/describe.js'

/** A run over example.com that purged all of 300 URLs in 4.2 s, with `over` on top. */
export function runOutcome(over: Partial<RunOutcome> = {}): RunOutcome {
  return {
    zones: ['example.com'],
    files: 300,
    tags: 0,
    everything: false,
    purgedFiles: 300,
    purgedTags: 0,
    failedFiles: 0,
    failedTags: 0,
    purgedEverything: false,
    ok: true,
    stopped: null,
    cancelled: false,
    originNotReady: false,
    stale: null,
    ms: 4200,
    ...over
  }
}
