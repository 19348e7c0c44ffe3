// vitest globalSetup: the run gets a temporary folder of its own, the system's temporary folder for every test and
// every program a test starts (TMPDIR, TMP, TEMP) and RUNNER_TEMP for the code under test. Afterwards it is removed,
// and a run that left anything in it fails, naming what: a suite must leave nothing behind, and other programs using
// the system's temporary folder at the same time (another run of this suite included) cannot make this check fail.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Caches that programs the tests start keep under one fixed name and reuse from run to run, so they never pile up:
 * Node's compile cache and tsx's (tsx-<uid>), made by `npm run local-action` (test/e2e/local-debugging.test.ts).
 */
const REUSED_CACHES = /^(?:node-compile-cache|tsx-\d+)$/

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'cdn-purge-tests-'))
  for (const name of ['TMPDIR', 'TMP', 'TEMP', 'RUNNER_TEMP']) process.env[name] = root
  return () => {
    const left = readdirSync(root).filter((entry) => !REUSED_CACHES.test(entry))
    rmSync(root, { recursive: true, force: true })
    if (left.length > 0) {
      const shown = left.length > 20 ? [...left.slice(0, 20), `… ${left.length - 20} more`] : left
      throw new Error(
        `The tests left ${left.length} entries in the temporary folder: ${shown.join(', ')}. Remove what a test makes in afterEach/afterAll or a finally.`
      )
    }
  }
}
