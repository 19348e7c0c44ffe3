// Five verdicts of the edge check, one of each kind (fresh, stale twice, unknown, error) and each content result:
// as verifyUrls gives them (UrlVerdict) and as the result reports them (VerdictReport), from one table.
import type { ContentCheck } from '../../src/edge/content.js'
import type { UrlVerdict } from '../../src/edge/verify.js'
import type { VerdictReport } from '../../src/run/result/verification.js'

interface Row extends Omit<UrlVerdict, 'content'> {
  readonly content: ContentCheck | undefined
  /** The content check as the result says it. */
  readonly reported: string | null
}

const ROWS: readonly Row[] = [
  {
    url: 'https://example.com/0',
    verdict: 'fresh',
    status: 200,
    age: 0,
    cacheStatus: 'X-Cache: MISS',
    reason: 'new',
    content: { result: 'same' },
    reported: 'same',
    attempts: 1
  },
  {
    url: 'https://example.com/1',
    verdict: 'stale',
    status: 200,
    age: 900,
    cacheStatus: undefined,
    reason: 'old',
    content: { result: 'differs' },
    reported: 'differs',
    attempts: 3
  },
  {
    url: 'https://example.com/2',
    verdict: 'unknown',
    status: 404,
    age: undefined,
    cacheStatus: undefined,
    reason: 'no age',
    content: { result: 'not compared', why: 'HTTP 404' },
    reported: 'not compared: HTTP 404',
    attempts: 1
  },
  {
    url: 'https://example.com/3',
    verdict: 'error',
    status: undefined,
    age: undefined,
    cacheStatus: undefined,
    reason: 'timed out',
    content: undefined,
    reported: null,
    attempts: 1
  },
  {
    url: 'https://example.com/4',
    verdict: 'stale',
    status: 200,
    age: 50,
    cacheStatus: 'CF-Cache-Status: HIT',
    reason: 'old',
    content: undefined,
    reported: null,
    attempts: 2
  }
]

/** The verdicts as verifyUrls gives them. */
export const urlVerdicts: readonly UrlVerdict[] = ROWS.map((row) => ({
  url: row.url,
  verdict: row.verdict,
  status: row.status,
  age: row.age,
  cacheStatus: row.cacheStatus,
  reason: row.reason,
  content: row.content,
  attempts: row.attempts
}))

/** The same verdicts as the result reports them: null for what is not known, the content check in words. */
export const verdictReports: readonly VerdictReport[] = ROWS.map((row) => ({
  url: row.url,
  verdict: row.verdict,
  status: row.status ?? null,
  age: row.age ?? null,
  cacheStatus: row.cacheStatus ?? null,
  reason: row.reason,
  content: row.reported,
  attempts: row.attempts
}))
