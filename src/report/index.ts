import * as core from '@actions/core'
import { fileProblem } from '../files.js'
import * as log from '../log.js'
import type { RunResult } from '../run/result/index.js'
import { redactDeep } from '../secrets/index.js'
import { allErrors, headline, plainSummary, stepFailure } from './messages.js'
import { writeOutputs, type Output } from './output-file.js'
import { MAX_OUTPUT_BYTES, outputText, outputThunks, writeFailedFiles } from './outputs.js'
import { renderSummary } from './summary.js'

// What each output is lives in outputs.ts, what the log and the annotation say about the run in messages.ts, the
// summary in summary.ts; this module writes them all, each on its own, and words what got in the way of writing one.

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

/**
 * Writes outputs, the log's closing lines and the job summary, and fails the step with one error
 * annotation when the result is not ok or reporting itself broke. Secrets are taken out of the whole
 * result first, before anything is cut. Each output and the summary are written on their own: a file
 * that cannot be written is a warning; an unexpected error fails the step, after everything else is written.
 */
export async function writeReport(given: RunResult, writeSummary: boolean, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const broken: string[] = []
  let result = given
  const redacted = await guarded(() => (result = redactDeep(given)))
  if (redacted !== undefined) broken.push(`reading the result (${redacted.message})`)

  const warnings = await writeAllOutputs(result, env, broken)
  warnings.forEach((warning) => log.warning(warning))
  result = { ...result, warnings: [...result.warnings, ...warnings] }
  log.info(headline(result))
  const errors = allErrors(result)
  if (errors !== undefined) log.info(errors)

  if (writeSummary && env.GITHUB_STEP_SUMMARY) await writeJobSummary(result, broken)

  const failure = stepFailure(result, broken)
  if (failure !== undefined) log.fail(failure.message, failure.title)
}

/**
 * Every output, in one write, and the file of URLs not purged; what broke is added to `broken`, and the warnings (an
 * output cut or not written, the list not written) are returned.
 */
async function writeAllOutputs(result: RunResult, env: NodeJS.ProcessEnv, broken: string[]): Promise<string[]> {
  // The file of URLs not purged is written while the outputs are worked out: its few round trips to the file
  // system overlap that work instead of following it.
  let failedFilesPath = ''
  const listing = guarded(async () => (failedFilesPath = await writeFailedFiles(result, env)))
  const outputs: Output[] = []
  const cut = new Set<string>()
  for (const [name, value] of outputThunks(result)) {
    let text = ''
    const failed = await guarded(() => {
      const output = outputText(value())
      text = output.text
      if (output.cut) cut.add(name)
    })
    if (failed !== undefined) broken.push(`computing output "${name}" (${failed.message})`)
    outputs.push([name, text])
  }
  const listed = await listing
  // All outputs in one write (output-file.ts); failed-files-path last, as before, and not warned about on its own:
  // the list's own warning says when it is empty.
  const unwritten = new Map(
    writeOutputs([...outputs, ['failed-files-path', failedFilesPath]], { env }).map(({ name, error }) => [name, error])
  )
  const warnings: string[] = []
  for (const [name] of outputs) {
    if (cut.has(name)) {
      warnings.push(
        `Output "${name}" was cut to stay under ${MAX_OUTPUT_BYTES / 1024} KiB, the most an output can carry${name === 'failed-files' ? ': the file that failed-files-path names lists every URL not purged' : ''}.`
      )
    }
    const error = unwritten.get(name)
    if (error !== undefined) warnings.push(`Output "${name}" could not be written: ${error.message}.`)
  }
  if (listed !== undefined)
    warnings.push(`The list of URLs not purged could not be written (${fileProblem(listed)}); failed-files-path is empty.`)
  return warnings
}

/** The job summary; drawn plain when drawing it broke (added to `broken`), and a warning when it cannot be written. */
async function writeJobSummary(result: RunResult, broken: string[]): Promise<void> {
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
