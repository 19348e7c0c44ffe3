import type { ChangeSet } from '../changes/index.js'
import { fileProblem } from '../files.js'
import type { ApiClient } from '../http/client.js'
import type { Inputs } from '../inputs/index.js'
import * as log from '../log.js'
import { buildResult, type RunResult } from '../run/result/index.js'
import { newRunState, type RunState } from '../run/state.js'
import { shown } from '../text.js'
import { postFinalStatus } from './commit-status.js'
import { debugStack, describeError } from '../run/errors.js'
import type { RunRecord } from '../run/record.js'
import type * as Reporting from '../report/index.js'

type ReportModule = typeof Reporting

/**
 * Starts loading the report's code, at the start of the run: it is read while the step waits on the network, not
 * before its first request (the cold start measures it). Loading it can only fail with a bug, which report() reports.
 */
export function loadReport(): Promise<ReportModule> {
  const loading = import('../report/index.js')
  loading.catch(() => undefined)
  return loading
}

/** How the phases ended: the inputs and the client when they got that far, and the error that stopped them, if one did. */
export interface RunEnd {
  readonly inputs: Inputs | undefined
  readonly client: ApiClient | undefined
  readonly stop: { readonly error: unknown } | undefined
  /** See RunOptions: the process ends when run() returns, and closes the connections itself. */
  readonly processEnds: boolean
}

/**
 * The last phase: where the phases stopped, what the API cost, the result, the manifest for the next run after a good
 * one, the final commit status, then the outputs, the log's closing lines and the summary. Only a bug in reporting itself is caught here, in one
 * error annotation: everything else was caught by its phase.
 */
export async function report(record: RunRecord, reporting: Promise<ReportModule>, run: RunEnd): Promise<void> {
  const { inputs, client } = run
  try {
    if (run.stop !== undefined) record.stopped(run.stop.error)
    record.finished(client)
    // The connections close while the report is written (nothing is sent any more), or with the process (see RunOptions).
    const closing = run.processEnds ? undefined : client?.close().catch(() => undefined)
    let result = settle(record.state)
    if (inputs?.manifest !== undefined && !record.state.dryRun && result.ok) {
      record.manifestWritten(await saveManifest(inputs.manifest, record.state.changes, record.warn))
      result = settle(record.state)
    }
    if (inputs?.commitStatus !== undefined) {
      record.commitStatus(await postFinalStatus(inputs, record.state, result, record.warn))
      result = settle(record.state)
    }
    const { writeReport } = await reporting
    await writeReport(result, inputs?.summary ?? true)
    await closing
  } catch (error) {
    log.fail(`${describeError(error)}.`, 'CDN purge failed')
    debugStack(error)
  }
}

/**
 * The result of the run. Should deriving it fail (a bug), the step reports what it knows for certain: the
 * error, and every URL and tag as not confirmed, so that nobody takes them for purged.
 */
function settle(state: RunState): RunResult {
  try {
    return buildResult(state)
  } catch (error) {
    debugStack(error)
    return buildResult({
      ...newRunState(),
      dryRun: state.dryRun,
      zoneInput: state.zoneInput,
      requested: state.requested,
      requestsSent: state.requestsSent,
      errors: [...state.errors, describeError(error)]
    })
  }
}

/**
 * Writes the site's manifest for the next run; where it was written, or undefined. A failure only warns: the next run
 * then compares with an older manifest and purges more, never less.
 */
async function saveManifest(
  target: { path: string; site: string },
  changes: ChangeSet | undefined,
  warn: (message: string) => void
): Promise<string | undefined> {
  try {
    const { buildManifest, writeManifest } = await import('../changes/manifest.js')
    await writeManifest(target.path, changes?.manifest ?? (await buildManifest(target.site)))
    log.info(`Manifest of ${shown(target.site)} written to ${shown(target.path)}.`)
    return target.path
  } catch (error) {
    warn(
      `Input "manifest": the manifest was not written to ${shown(target.path)}: ${fileProblem(error)}. The next run will compare with an older one and purge more.`
    )
    return undefined
  }
}
