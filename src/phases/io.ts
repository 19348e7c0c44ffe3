import type { EdgeIo } from '../edge/fetch.js'
import type { Inputs } from '../inputs/index.js'
import * as log from '../log.js'
import type { ExecuteOptions } from '../purge/execute.js'
import { sleep } from '../sleep.js'

/** What the purge engine's steps are given: the concurrency, the log and its groups, the sleep and the run's signal. */
export const sending = (given: Inputs, signal: AbortSignal | undefined): ExecuteOptions => ({
  concurrency: given.concurrency,
  sleep,
  signal,
  log: log.info,
  group: log.group
})

/** What the edge checks and the wait for the origin are given: the log and its groups, the clock, the sleep and the run's signal. */
export const checking = (warn: (message: string) => void, signal: AbortSignal | undefined): EdgeIo => ({
  log: log.info,
  warn,
  group: log.group,
  now: Date.now,
  sleep,
  signal
})
