// The job summary as its tests draw and read it: a summary from a run state or from a result written out
// field by field, and the pieces of Markdown its sections are compared with, whole.
import { renderSummary } from '../../src/report/summary.js'
import { buildResult, type RunResult } from '../../src/run/result/index.js'
import { runResult } from './run-result.js'
import { stateWith } from './run-state.js'

/** The summary of a run over one zone (5 URLs, 3 tags), each request confirmed or not as asked. */
export const summaryOf = (...args: Parameters<typeof stateWith>): string => renderSummary(buildResult(stateWith(...args)))
export const allOk = (): boolean => true
/** The lines of the tables. */
export const tableLines = (markdown: string): string[] => markdown.split('\n').filter((line) => line.startsWith('|'))
/** `|` that split cells: every one but those written as an entity. */
export const pipes = (line: string): number => line.split('|').length - 1

/** The summary of a result that holds only what the test gives it. */
export const summary = (over: Partial<RunResult>): string => renderSummary(runResult(over))
export const HEAD = '## CDN purge: example.com\n\n'
export const TABLE = '| What | Result |\n|---|---|\n'
export const ZONE_ROW = '| Zone | example.com · <code>z1</code> · active |\n'
export const DRY_RUN = '> [!NOTE]\n> **Dry run**: nothing was purged and no settings were sent. Below is what would be sent.\n\n'
/** A collapsed list of preformatted lines, closed. */
export const details = (title: string, lines: string[]): string =>
  `<details><summary>${title}</summary>\n\n<pre>\n${lines.map((line) => `${line}\n`).join('')}</pre>\n\n</details>\n`
/** How many times `part` occurs in `text`. */
export const count = (text: string, part: string): number => text.split(part).length - 1
