import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunResult } from '../run/result/index.js'

// What the step's outputs are: each one's value from the result, its text within the runner's limit, and the file
// that failed-files-path names.

/** The most one output may carry here: the runner limits what an output can hold, and a job's outputs in all. */
export const MAX_OUTPUT_BYTES = 512 * 1024

/** Each output, computed on its own so that one that fails cannot take the others with it. */
export function outputThunks(result: RunResult): [string, () => unknown][] {
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
    ['origin-ready', () => String(result.origin?.ready ?? '')],
    ['origin-wait', () => result.origin?.seconds?.toFixed(1) ?? ''],
    ['warmed-files', () => String(result.warm?.warmed ?? 0)],
    ['changed-files', () => result.changes?.files ?? []],
    ['changed-urls', () => result.changes?.urls ?? []],
    ['commit-status-sha', () => result.commitStatus?.postedOn ?? ''],
    ['result', () => resultDocument(result)]
  ]
}

/** One output's text: a string as it is, anything else as JSON within the runner's limit (`cut` when it had to be shortened). */
export function outputText(value: unknown): { text: string; cut: boolean } {
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

/**
 * Writes every URL not purged to a file, one a line (the files-from format), so a later step can retry exactly those.
 * The file is the first in a folder mkdtemp has just made (a new name, mode 0700, under the runner's temporary folder):
 * nothing can have been planted there, and the exclusive create ('wx') would refuse it, a link included. So it needs
 * none of writeFileSafely's checks, which cost a cold start some six round trips to the file system.
 */
export async function writeFailedFiles(result: RunResult, env: NodeJS.ProcessEnv): Promise<string> {
  const dir = await mkdtemp(join(env.RUNNER_TEMP || tmpdir(), 'cdn-purge-'))
  const path = join(dir, 'failed-files.txt')
  const text = result.failedFiles.map((url) => `${url}\n`).join('')
  // Stryker disable next-line ObjectLiteral,StringLiteral: the folder is new (mkdtemp), so no file is there for 'wx' to refuse; it guards a race no test can stage
  await writeFile(path, text, { flag: 'wx' })
  return path
}

const bytes = (text: string): number => Buffer.byteLength(text)

/**
 * `value` as JSON in at most `maxBytes`: while it is too large, the longest list in it is halved (its first
 * half kept, so a cut list is still a prefix of the whole), and once no list is left to shorten, the longest
 * text is cut. `cut` says whether anything was left out.
 */
export function fitJson(value: unknown, maxBytes: number): { json: string; cut: boolean } {
  let json = JSON.stringify(value) ?? 'null'
  if (bytes(json) <= maxBytes) return { json, cut: false }
  if (Array.isArray(value)) return { json: longestPrefix(value, maxBytes), cut: true }
  let copy = JSON.parse(json) as unknown
  while (bytes(json) > maxBytes) {
    const list = longest(copy, (node): node is unknown[] => Array.isArray(node) && node.length > 0)
    if (list !== undefined) {
      list.node.length = Math.floor(list.node.length / 2)
    } else {
      const text = longest(copy, (node): node is string => typeof node === 'string')
      if (text === undefined || text.node === '') break
      copy = text.replace(text.node.slice(0, Math.floor(text.node.length / 2)))
    }
    json = JSON.stringify(copy)
  }
  return { json, cut: true }
}

interface Found<T> {
  readonly node: T
  /** Puts a new value where this one was; returns the (possibly new) root. */
  replace(value: T): unknown
}

/** The longest node (by length) that `accept` takes, anywhere in a JSON value; of equally long ones, the first in the JSON. */
function longest<T extends { length: number }>(root: unknown, accept: (node: unknown) => node is T): Found<T> | undefined {
  let best: Found<T> | undefined
  const visit = (node: unknown, replace: (value: T) => unknown): void => {
    if (accept(node) && (best === undefined || node.length > best.node.length)) best = { node, replace }
    // An array's keys are its indexes, in order.
    if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>
      for (const key of Object.keys(record)) visit(record[key], (value) => ((record[key] = value), root))
    }
  }
  visit(root, (value) => value)
  return best
}

/** The JSON of as many of the first items as fit in `maxBytes`. */
function longestPrefix(items: readonly unknown[], maxBytes: number): string {
  let used = 2
  const kept: string[] = []
  for (const item of items) {
    const text = JSON.stringify(item) ?? 'null'
    used += bytes(text) + (kept.length > 0 ? 1 : 0)
    if (used > maxBytes) break
    kept.push(text)
  }
  return `[${kept.join(',')}]`
}
