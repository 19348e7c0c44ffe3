// Which rate-limit model the pacer goes by: worked out in this one place from what it has seen, and
// logged at debug when it changes. Each mode and what moves it to the next: docs/rate-limits.md.
import type { Guess } from './refusals.js'

export type Mode =
  /** No rate-limit headers and no 429 yet: requests go as fast as `concurrency` allows. */
  | 'unlimited'
  /** No headers, 429s: a pace learnt from them (slow start, then additive increase, multiplicative decrease). */
  | 'learning'
  /** The headers say what remains and the limit refills as it goes: sent on the estimate, refill included. */
  | 'header-bucket'
  /** The headers say what remains and the limit comes back at its reset: a burst, then nothing until the reset. */
  | 'header-window'
  /** No headers, and the 429s look like a fixed window: one burst tests it. */
  | 'refusal-test'
  /** No headers, and the test found a fixed window: a burst at each reset, not a pace. */
  | 'refusal-window'

/** What the mode is worked out from. */
export interface ModeInputs {
  /** An answer's headers said what remains. */
  readonly headers: boolean
  /** The headers say the limit refills as it goes (a policy with a refill, and the answers bear it out). */
  readonly refills: boolean
  /** What the 429s say without headers. */
  readonly refusals: Guess
  /** A pace has been learnt from 429s. */
  readonly paced: boolean
}

/** The mode: the headers, when an answer had them, decide; else a window found from 429s; else a pace, once there was a 429. */
export function modeOf(inputs: ModeInputs): Mode {
  if (inputs.headers) return inputs.refills ? 'header-bucket' : 'header-window'
  if (inputs.refusals === 'testing') return 'refusal-test'
  if (inputs.refusals === 'window') return 'refusal-window'
  return inputs.paced ? 'learning' : 'unlimited'
}

/** Whether a window found (or being tested) from 429s alone decides when requests go, not a pace. */
export function byRefusals(mode: Mode): boolean {
  return mode === 'refusal-test' || mode === 'refusal-window'
}

const SAYS: Readonly<Record<Mode, string>> = {
  unlimited: 'no limit seen, no pacing',
  learning: 'a pace learnt from 429s',
  'header-bucket': 'a token bucket, by the rate-limit headers',
  'header-window': 'a fixed window, by the rate-limit headers',
  'refusal-test': 'testing whether the 429s come from a fixed window',
  'refusal-window': 'a fixed window found from 429s, a burst at each reset'
}

/** "Rate-limit mode: learning (a pace learnt from 429s); was unlimited.", for the debug log. */
export function modeLine(mode: Mode, previous: Mode): string {
  return `Rate-limit mode: ${mode} (${SAYS[mode]}); was ${previous}.`
}
