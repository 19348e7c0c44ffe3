import * as core from '@actions/core'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { allowedRoots, fileProblem, writeFileSafely } from '../files.js'
import * as log from '../log.js'
import type { RunResult } from '../result.js'
import { redactDeep } from '../secrets.js'
import { plural } from '../text.js'
import { shown } from '../urls.js'
import { fitJson, MAX_OUTPUT_BYTES } from './outputs.js'
import { notPurgedSentence, renderSummary } from './summary.js'

/** Each output, computed on its own so that one that fails cannot take the others with it. */
function outputThunks(result: RunResult): [string, () => unknown][] {
  return [
    ['zone-id', () => result.zone.id],
    ['zone-name', () => result.zone.name],
    ['zone-status', () => result.zone.status],
    ['purged-everything', () => String(result.purgedEverything)],
    ['purged-files', () => String(result.purgedFiles.length)],
    ['purged-tags', () => String(result.purgedTags.length)],
    ['failed-files', () => result.failedFiles],
    ['failed-tags', () => result.failedTags],
    ['settings-applied', () => String(result.settingsApplied)],
    ['requests', () => String(result.requests)],
    [
      'zones',
      () =>
        result.zones.map((zone) => ({
          id: zone.id,
          name: zone.name,
          status: zone.status,
          created: zone.created !== null,
          'purged-files': zone.purgedFiles.length,
          'purged-tags': zone.purgedTags.length,
          'purged-everything': zone.purgedEverything,
          'failed-files': zone.failedFiles,
          'failed-tags': zone.failedTags,
          'settings-applied': zone.settingsApplied
        }))
    ],
    [
      'analytics',
      () =>
        result.traffic.map((report) => ({
          zone: report.zoneId,
          name: report.zoneName ?? '',
          window: report.window,
          since: report.since,
          until: report.until,
          granularity: report.granularity,
          totals: report.totals ?? null,
          // Left out of the JSON when there was none.
          error: report.error
        }))
    ],
    ['verified-files', () => String(result.verification?.counts.fresh ?? 0)],
    ['stale-files', () => result.staleFiles],
    ['warmed-files', () => String(result.warm?.warmed ?? 0)],
    ['changed-files', () => result.changes?.files ?? []],
    ['changed-urls', () => result.changes?.urls ?? []],
    ['result', () => resultDocument(result)]
  ]
}

/** One output's text: a string as it is, anything else as JSON within the runner's limit (`cut` when it had to be shortened). */
function outputText(value: unknown): { text: string; cut: boolean } {
  if (typeof value === 'string') return { text: value, cut: false }
  const fitted = fitJson(value, MAX_OUTPUT_BYTES)
  return { text: fitted.json, cut: fitted.cut }
}

/** The step's outputs, from the result alone (failed-files-path aside, which report() adds). */
export function outputsOf(result: RunResult): Record<string, string> {
  return Object.fromEntries(outputThunks(result).map(([name, value]) => [name, outputText(value()).text]))
}

/**
 * The `result` output: the other outputs in one document (purged as counts, so that a purge of
 * thousands of URLs stays small), plus the planned and sent requests, durations, errors and warnings.
 */
export function resultDocument(result: RunResult): Record<string, unknown> {
  const { purgedFiles, purgedTags, zones, traffic, ...rest } = result
  return {
    ...rest,
    purgedFiles: purgedFiles.length,
    purgedTags: purgedTags.length,
    zones: zones.map((zone) => ({ ...zone, purgedFiles: zone.purgedFiles.length, purgedTags: zone.purgedTags.length })),
    traffic: traffic.map(({ points, ...report }) => ({ ...report, points: points.length }))
  }
}

const zoneNames = (result: RunResult): string =>
  (result.zones.length > 0 ? result.zones.map((entry) => entry.name || entry.id) : result.zoneInput).map(shown).join(', ') || 'the zone'

/** One line for the log that says what happened. */
export function headline(result: RunResult): string {
  const zone = zoneNames(result)
  if (result.dryRun) {
    return `Dry run for ${zone}: ${plural(result.planned.length, 'request')} planned, none sent.`
  }
  if (result.sent.length === 0 && result.stoppedAt !== null) return `Nothing purged: ${result.stoppedAt}.`
  const parts = [
    result.purgedEverything ? 'purged everything' : undefined,
    result.purgedFiles.length + result.failedFiles.length > 0
      ? `purged ${result.purgedFiles.length} of ${plural(result.purgedFiles.length + result.failedFiles.length, 'URL')}`
      : undefined,
    result.tagPurges.requested > 0 ? `purged ${result.purgedTags.length} of ${plural(result.tagPurges.requested, 'tag')}` : undefined,
    result.settings !== null ? (result.settingsApplied ? 'applied settings' : 'settings not applied') : undefined
  ].filter((part) => part !== undefined)
  return `${zone}: ${parts.length > 0 ? parts.join(', ') : 'nothing done'} (${plural(result.requests, 'HTTP request')}).`
}

/**
 * Why the step failed. The first line is short, for the annotation list: what was not purged, or where the
 * step stopped. Then the first error, and how many more there are.
 */
export function failureMessage(result: RunResult): string {
  const [first, ...rest] = [...new Set(result.errors)]
  if (first === undefined)
    return 'The purge was not confirmed by the API: see the failed-files / failed-tags outputs and the job summary for what is still cached.'
  const notPurged = notPurgedSentence(result).trim()
  const asked = result.failedFiles.length + result.failedTags.length > 0 || result.purgeEverythingRequested
  const stopped = asked && result.sent.length === 0 && result.stoppedAt !== null ? `Nothing purged: ${result.stoppedAt}.` : ''
  const lead = stopped || (notPurged === '' ? '' : `${notPurged} See the failed-files / failed-tags outputs.`)
  const others = rest.length > 0 ? ` (+${rest.length} more error${rest.length === 1 ? '' : 's'}: see the log and the job summary)` : ''
  return lead === '' ? `${first}${others}` : `${lead}\n${first}${others}`
}

/** Writes every URL not purged to a file, one a line (the files-from format), so a later step can retry exactly those. */
async function writeFailedFiles(result: RunResult, env: NodeJS.ProcessEnv): Promise<string> {
  const dir = await mkdtemp(join(env.RUNNER_TEMP || tmpdir(), 'cdn-purge-'))
  const path = join(dir, 'failed-files.txt')
  await writeFileSafely(path, result.failedFiles.map((url) => `${url}\n`).join(''), { roots: allowedRoots(env) })
  return path
}

/** A task of the report whose failure must not stop the rest: its error, or undefined. */
async function guarded(task: () => unknown): Promise<Error | undefined> {
  try {
    await task()
    return undefined
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error))
    if (failure.stack !== undefined) log.debug(failure.stack)
    return failure
  }
}

/** A fallback summary when the full one cannot be drawn: the verdict and the counts, nothing from outside. */
function plainSummary(result: RunResult): string {
  const verdict = result.dryRun ? 'Dry run: nothing was sent.' : result.ok ? 'Done.' : '**The step failed.**'
  // Only the kinds that were asked for: no "0 tags" on a purge of URLs.
  const urls = result.purgedFiles.length + result.failedFiles.length > 0
  const tags = result.tagPurges.requested > 0
  const counts = (purgedUrls: number, purgedTags: number): string =>
    [urls ? plural(purgedUrls, 'URL') : undefined, tags ? plural(purgedTags, 'tag') : undefined]
      .filter((part) => part !== undefined)
      .join(' and ')
  const tally =
    urls || tags
      ? ` ${counts(result.purgedFiles.length, result.purgedTags.length)} purged, ${counts(result.failedFiles.length, result.tagPurges.failed)} not purged.`
      : ''
  return `## CDN purge\n\n${verdict}${tally} The full summary could not be drawn: see the log.\n`
}

/**
 * Writes outputs, the log's closing lines and the job summary, and fails the step with one error
 * annotation when the result is not ok or reporting itself broke. Secrets are taken out of the whole
 * result first, before anything is cut. Each output and the summary are written on their own: a file
 * that cannot be written is a warning; an unexpected error fails the step, after everything else is written.
 */
export async function report(given: RunResult, writeSummary: boolean, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const broken: string[] = []
  const warnings: string[] = []
  let result = given
  const redacted = await guarded(() => (result = redactDeep(given)))
  if (redacted !== undefined) broken.push(`reading the result (${redacted.message})`)

  for (const [name, value] of outputThunks(result)) {
    let text = ''
    const failed = await guarded(() => {
      const output = outputText(value())
      text = output.text
      if (output.cut) {
        warnings.push(
          `Output "${name}" was cut to stay under ${MAX_OUTPUT_BYTES / 1024} KiB, the most an output can carry${name === 'failed-files' ? ': the file that failed-files-path names lists every URL not purged' : ''}.`
        )
      }
    })
    if (failed !== undefined) broken.push(`computing output "${name}" (${failed.message})`)
    const written = await guarded(() => core.setOutput(name, text))
    if (written !== undefined) warnings.push(`Output "${name}" could not be written: ${written.message}.`)
  }
  let failedFilesPath = ''
  const listed = await guarded(async () => (failedFilesPath = await writeFailedFiles(result, env)))
  if (listed !== undefined)
    warnings.push(`The list of URLs not purged could not be written (${fileProblem(listed)}); failed-files-path is empty.`)
  await guarded(() => core.setOutput('failed-files-path', failedFilesPath))

  warnings.forEach((warning) => log.warning(warning))
  result = { ...result, warnings: [...result.warnings, ...warnings] }
  log.info(headline(result))
  const errors = [...new Set(result.errors)]
  if (errors.length > 1) log.info(`All ${errors.length} errors:\n${errors.map((error, index) => `${index + 1}. ${error}`).join('\n')}`)

  if (writeSummary && env.GITHUB_STEP_SUMMARY) {
    // Stryker disable next-line StringLiteral: never read: the summary is drawn, or the plain one takes its place
    let markdown = ''
    const drawn = await guarded(() => (markdown = renderSummary(result)))
    if (drawn !== undefined) {
      broken.push(`drawing the job summary (${drawn.message})`)
      markdown = plainSummary(result)
    }
    const written = await guarded(() => core.summary.addRaw(markdown, true).write())
    if (written !== undefined) log.warning(`The job summary could not be written: ${written.message}.`)
  }

  if (!result.ok || broken.length > 0) {
    const bug =
      broken.length === 0
        ? ''
        : `\nReporting broke while ${broken.join('; ')}: please report this as a bug. Outputs and summary were written as far as possible.`
    const title = result.invalidInput === null ? 'CDN purge failed' : `Invalid input "${result.invalidInput}"`
    log.fail(`${result.ok ? 'The purge went as asked, but the report is incomplete.' : failureMessage(result)}${bug}`, title)
  }
}
