// The runner's files for a test of the report (test/unit/report/): core writes the outputs to GITHUB_OUTPUT and the
// summary to GITHUB_STEP_SUMMARY, and the report writes the failed-files list under RUNNER_TEMP. Each test starts with
// both files empty and core's summary buffer empty (core keeps what a failed write left in it, and no test may see
// another's summary); afterwards the environment is put back, and after the file the folder is removed.
import * as core from '@actions/core'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach } from 'vitest'
import { parseOutputFile } from './run-action.js'
import { captureStdout } from './stdout.js'

export interface ReportEnv {
  /** The folder that holds the files below; a test may make more in it. */
  readonly dir: string
  readonly summaryPath: string
  readonly outputPath: string
  readonly runnerTemp: string
  /** Everything written to stdout: the log, with its workflow commands. */
  readonly log: string[]
  /** The outputs written so far, by name. */
  readonly outputs: () => Record<string, string>
  /** The workflow-command lines of one kind (`error`, `warning`), in order. */
  readonly linesOf: (kind: 'error' | 'warning') => string[]
}

/** Call at the top of a test file: registers the hooks that give each test its own empty runner files. */
export function reportEnv(prefix: string): ReportEnv {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const summaryPath = join(dir, 'summary.md')
  const outputPath = join(dir, 'output')
  const runnerTemp = join(dir, 'temp')
  const log = captureStdout()
  const saved = { ...process.env }

  beforeEach(() => {
    // A test may have left a folder where the summary goes (to make writing it fail).
    rmSync(summaryPath, { recursive: true, force: true })
    writeFileSync(summaryPath, '')
    writeFileSync(outputPath, '')
    mkdirSync(runnerTemp, { recursive: true })
    Object.assign(process.env, { GITHUB_OUTPUT: outputPath, GITHUB_STEP_SUMMARY: summaryPath, RUNNER_TEMP: runnerTemp })
    core.summary.emptyBuffer()
  })
  afterEach(() => {
    process.env = { ...saved }
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  return {
    dir,
    summaryPath,
    outputPath,
    runnerTemp,
    log,
    outputs: () => parseOutputFile(readFileSync(outputPath, 'utf8')),
    linesOf: (kind) =>
      log
        .join('')
        .split('\n')
        .filter((line) => line.startsWith(`::${kind}`))
  }
}
