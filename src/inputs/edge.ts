import { InputError } from '../errors.js'
import { splitUrlList } from '../urls.js'
import { shown } from '../text.js'
import { checkProxy } from './api.js'
import { readFlag } from './flags.js'
import { readNumber } from './numbers.js'
import type { Reader } from './read.js'

/** The checks at the edge after the purge: verify, verify-timeout, warm, probe-urls. */
export interface EdgeInputs {
  /** How many of the purged URLs to check at the edge after the purge; 0 = none. */
  readonly verify: number
  /** Fetch every purged URL once after the purge, so that the edge caches the new content. */
  readonly warm: boolean
  /** URLs or paths (the files format) to verify and warm besides the purged URLs. */
  readonly probeUrls: readonly string[]
  /** Seconds to keep checking URLs found stale. */
  readonly verifyTimeoutSeconds: number
  /** verify-timeout as given (trimmed), for the rule that warns when it has no effect. */
  readonly verifyTimeout: string
}

/** Reads the edge inputs, and checks the proxy the edge checks (or an https:// API) would go through. */
export function readEdge(read: Reader, apiUrl: string): EdgeInputs {
  const verify = parseVerify(read.value('verify'))
  const warm = readFlag(read, 'warm')
  checkProxy(apiUrl.startsWith('https:') || verify > 0 || warm, read.env)
  const probeUrls = splitUrlList(read.text('probe-urls'), 'probe-urls')
  return { verify, warm, probeUrls, verifyTimeoutSeconds: readNumber(read, 'verify-timeout'), verifyTimeout: read.value('verify-timeout') }
}

/** What `verify: true` checks. */
export const DEFAULT_VERIFY_COUNT = 20

/** `verify`: true (20 URLs), false (none), or how many URLs to check, 1 to 1000. */
export function parseVerify(value: string): number {
  const lower = value.trim().toLowerCase()
  if (lower === '' || lower === 'false') return 0
  if (lower === 'true') return DEFAULT_VERIFY_COUNT
  const count = /^\d+$/.test(lower) ? Number(lower) : Number.NaN
  if (!(count >= 1 && count <= 1000)) {
    throw new InputError(
      'verify',
      `Input "verify" must be true, false or how many of the purged URLs to check (1 to 1000); got "${shown(value)}".`
    )
  }
  return count
}
