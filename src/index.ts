import { setFlagsFromString } from 'node:v8'
import { cancelOnSignals } from './cancel.js'
import { run } from './main.js'

// Memory at scale: the young generation keeps its first size instead of doubling as the step allocates,
// and the old generation grows by a fifth at a time rather than by up to four times. A purge of 100,000
// URLs then peaks about 45 MB lower (~160 MB, not ~205 MB), for a few more short collections; npm run bench measures it.
// (V8 reads these two as it goes, so they take effect although the heap is already set up.)
setFlagsFromString('--semi-space-growth-factor=1')
setFlagsFromString('--heap-growing-percent=20')
// The runner cancels a step with SIGINT, then SIGTERM, then a kill: the run stops on the first, and reports.
const signal = cancelOnSignals(process)
// The process ends when run() returns: its connections are left to the exit (see RunOptions).
await run({ processEnds: true, signal })
// Cancelled, the step ends once its report is written, whatever a request it gave up on may still hold open. The
// timer does not keep the process alive by itself: it fires only if something else does.
if (signal.aborted) setTimeout(() => process.exit(), 100).unref()
