// npm run mutation:table (also the last step of npm run mutation): writes the per-file table of
// docs/development.md's "Mutation testing" from Stryker's JSON report, so the table is the report and no
// figure in it is typed by hand. A report of part of src/ (a run with --mutate) writes nothing.
import { globSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { replaceBetween } from './docs.ts'

/** The part of Stryker's JSON report (mutation-testing-report-schema) the table is made of. */
export interface MutationReport {
  files: Record<string, { mutants: readonly { status: string }[] }>
  /** The options of the run that wrote it: `mutate` is narrowed by `--mutate`. */
  config?: { mutate?: readonly string[] }
}

/** What happened to the mutants of one file, by the report's statuses. */
export interface Tally {
  killed: number
  survived: number
  timeouts: number
  noCoverage: number
  /** Mutants that count in no score: ignored (a `// Stryker disable`, a static mutant left out), or code that did not run. */
  uncounted: number
}

const EMPTY: Tally = { killed: 0, survived: 0, timeouts: 0, noCoverage: 0, uncounted: 0 }

/** Where each status counts: a timeout is caught, as Stryker counts it; ignored and error mutants count in no score. */
const FIELD = new Map<string, keyof Tally>([
  ['Killed', 'killed'],
  ['Survived', 'survived'],
  ['Timeout', 'timeouts'],
  ['NoCoverage', 'noCoverage'],
  ['Ignored', 'uncounted'],
  ['CompileError', 'uncounted'],
  ['RuntimeError', 'uncounted']
])

export function tally(mutants: readonly { status: string }[]): Tally {
  const counts = { ...EMPTY }
  for (const { status } of mutants) {
    const field = FIELD.get(status)
    // Pending is a mutant not yet run: a report that holds one is not the outcome of a finished run.
    if (field === undefined) throw new Error(`a mutant has the status "${status}": the report is not of a finished run`)
    counts[field]++
  }
  return counts
}

const add = (a: Tally, b: Tally): Tally => ({
  killed: a.killed + b.killed,
  survived: a.survived + b.survived,
  timeouts: a.timeouts + b.timeouts,
  noCoverage: a.noCoverage + b.noCoverage,
  uncounted: a.uncounted + b.uncounted
})

/** The mutants that count in the score: caught (killed or timed out) and not caught (survived or never run by a test). */
const counted = (t: Tally): number => t.killed + t.timeouts + t.survived + t.noCoverage

/**
 * The mutation score as Stryker computes it, caught over counted, rounded down to a tenth so that a file short
 * of 100 % never shows 100.0 %; a dash for a file without a counted mutant.
 */
export function score(t: Tally): string {
  const total = counted(t)
  if (total === 0) return '–'
  return `${(Math.floor(((t.killed + t.timeouts) * 1000) / total) / 10).toFixed(1)} %`
}

const number = (n: number): string => n.toLocaleString('en-US')

/**
 * The table: one row per file of src/ in the report or in `toMutate` (named from src/), sorted by path, then the
 * total. Stryker's report leaves out a file without a mutant (only types, say): it has a row of its own all the same.
 */
export function renderMutationTable(report: MutationReport, toMutate: readonly string[] = []): string {
  const files = { ...Object.fromEntries(toMutate.map((path) => [path, { mutants: [] }])), ...report.files }
  const rows = Object.entries(files)
    .map(([path, file]) => ({
      name: path
        .split('\\')
        .join('/')
        .replace(/^src\//, ''),
      counts: tally(file.mutants)
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const total = rows.reduce((sum, row) => add(sum, row.counts), EMPTY)
  const line = (name: string, t: Tally): string =>
    `| ${name} | ${number(counted(t))} | ${score(t)} | ${number(t.killed)} | ${number(t.survived)} | ${number(t.timeouts)} | ${number(t.noCoverage)} | ${number(t.uncounted)} |`
  const bold = (t: Tally): string =>
    `| **all** | **${number(counted(t))}** | **${score(t)}** | **${number(t.killed)}** | **${number(t.survived)}** | **${number(t.timeouts)}** | **${number(t.noCoverage)}** | **${number(t.uncounted)}** |`
  return [
    '| file | mutants | score | killed | survived | timeouts | no coverage | not counted |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => line(`\`${row.name}\``, row.counts)),
    bold(total)
  ].join('\n')
}

/** The score every file of src/ is held to: `npm run mutation` fails when one is below it. */
export const FILE_FLOOR = 96

/**
 * The files whose score is below `floor` percent, with their scores, sorted by path: a file without a counted
 * mutant has no score and is never below. Compared unrounded, so 95.99 % is below 96.
 */
export function belowFloor(report: MutationReport, floor = FILE_FLOOR): string[] {
  return Object.entries(report.files)
    .map(([path, file]) => ({ path: path.split('\\').join('/'), counts: tally(file.mutants) }))
    .filter(({ counts }) => counted(counts) > 0 && (counts.killed + counts.timeouts) * 100 < floor * counted(counts))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map(({ path, counts }) => `${path} ${score(counts)}`)
}

/**
 * The files to mutate that a report of part of src/ leaves out, sorted: none when the run was not narrowed by
 * `--mutate` (a file it leaves out has no mutant), nor when an incremental run kept the outcomes of the others.
 */
export function missingFiles(report: MutationReport, toMutate: readonly string[], mutate: readonly string[]): string[] {
  if (JSON.stringify(report.config?.mutate) === JSON.stringify(mutate)) return []
  const inReport = new Set(Object.keys(report.files).map((path) => path.split('\\').join('/')))
  return toMutate.filter((path) => !inReport.has(path)).sort()
}

/** The files a pattern list like stryker.config.json's `mutate` selects: its patterns, those starting with `!` taken out. */
function filesToMutate(root: URL, mutate: readonly string[]): string[] {
  const cwd = fileURLToPath(root)
  const matched = (patterns: string[]): string[] => patterns.flatMap((pattern) => globSync(pattern, { cwd }))
  const left = new Set(matched(mutate.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1))))
  return matched(mutate.filter((pattern) => !pattern.startsWith('!'))).filter((path) => !left.has(path))
}

if (import.meta.main) {
  const root = new URL('..', import.meta.url)
  const report = JSON.parse(readFileSync(new URL('.tmp/mutation.json', root), 'utf8')) as MutationReport
  const { mutate } = JSON.parse(readFileSync(new URL('stryker.config.json', root), 'utf8')) as { mutate: string[] }
  const toMutate = filesToMutate(root, mutate)
  const missing = missingFiles(report, toMutate, mutate)
  if (missing.length > 0) {
    console.error(
      `.tmp/mutation.json leaves out ${missing.length} file(s) to mutate (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}): ` +
        'the table is written from a run of the whole of src/ (npm run mutation), not of part of it.'
    )
    process.exit(1)
  }
  const docs = new URL('docs/development.md', root)
  const table = renderMutationTable(report, toMutate)
  writeFileSync(docs, replaceBetween(readFileSync(docs, 'utf8'), 'mutation-table', table, 'docs/development.md'))
  console.log(`docs/development.md: the mutation table written from .tmp/mutation.json (${table.split('\n').at(-1) ?? ''})`)
  const below = belowFloor(report)
  if (below.length > 0) {
    console.error(
      `${below.length} file(s) of src/ below ${FILE_FLOOR} %, the score each file is held to: ${below.join(', ')}. See the survivors in .tmp/mutation.json.`
    )
    process.exit(1)
  }
}
