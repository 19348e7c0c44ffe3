import { readNumber } from './numbers.js'
import type { Reader } from './read.js'

/** How the requests are sent: batch-size, concurrency, max-attempts, timeout, rate-limit-wait, delay, purge-again-after. */
export interface SendingInputs {
  /** URLs or tags in one purge request. */
  readonly batchSize: number
  /** Requests in flight at once, to the API and to the edge. */
  readonly concurrency: number
  readonly maxAttempts: number
  /** One request's timeout. */
  readonly timeoutSeconds: number
  /** Most seconds the step may spend waiting on rate limits in all (429s and pacing). */
  readonly rateLimitWaitSeconds: number
  /** Seconds to wait before the first purge request (after settings), e.g. for the origin to replicate; 0 = none. */
  readonly delaySeconds: number
  /** Seconds after the purge to send it again (shields and tiered caches); 0 = once only. */
  readonly purgeAgainAfterSeconds: number
}

/** The numbers of sending, in the order of action.yml: the first that is out of range is the error. */
export function readSending(read: Reader): SendingInputs {
  return {
    batchSize: readNumber(read, 'batch-size'),
    concurrency: readNumber(read, 'concurrency'),
    maxAttempts: readNumber(read, 'max-attempts'),
    timeoutSeconds: readNumber(read, 'timeout'),
    rateLimitWaitSeconds: readNumber(read, 'rate-limit-wait'),
    delaySeconds: readNumber(read, 'delay'),
    purgeAgainAfterSeconds: readNumber(read, 'purge-again-after')
  }
}
