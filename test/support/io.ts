// The io the edge checks and the wait for the origin take (src/edge/fetch.ts EdgeIo), recording what they say: the
// log's lines, the warnings and the groups opened, on a FakeClock that moves only when they sleep.
import type { EdgeIo } from '../../src/edge/fetch.js'
import { FakeClock } from './clock.js'

export interface RecordingIo {
  readonly io: EdgeIo
  readonly clock: FakeClock
  readonly lines: string[]
  readonly warnings: string[]
  readonly groups: string[]
}

/** A recording io on `clock` (a new FakeClock by default). */
export function recordingIo(clock = new FakeClock()): RecordingIo {
  const lines: string[] = []
  const warnings: string[] = []
  const groups: string[] = []
  const io: EdgeIo = {
    log: (line) => lines.push(line),
    warn: (line) => warnings.push(line),
    group: (name, fn) => (groups.push(name), fn()),
    now: () => clock.now,
    sleep: clock.sleep
  }
  return { io, clock, lines, warnings, groups }
}
