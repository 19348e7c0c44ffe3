import * as path from 'node:path'
import type { AnalyticsInputs } from '../analytics.js'
import type { ChangeInputs } from '../changes/index.js'
import type { ZoneSettings } from '../settings.js'
import type { ZonePlan, ZoneSelection } from '../zones.js'
import { readAnalytics } from './analytics.js'
import { readApi } from './api.js'
import { readChanges } from './changes.js'
import { readEdge } from './edge.js'
import { readFlag } from './flags.js'
import { readNumber } from './numbers.js'
import { readOrigin, type OriginInputs } from './origin.js'
import { readPurge, readTags } from './purge.js'
import { reader, runnerSource, type InputSource } from './read.js'
import { checkErrors, warningsFor } from './rules.js'
import { readSettings, readZones } from './zones.js'

export type { InputSource } from './read.js'

/** Everything the step was asked to do, validated. Nothing after this module reads the raw inputs. */
export interface Inputs {
  /** Bearer key for every request; already masked. */
  readonly apiKey: string
  /** Base address including the version segment, without a trailing slash. */
  readonly apiUrl: string
  readonly zones: ZoneSelection
  /** Create a zone given by name that does not exist (or only as deleted). */
  readonly createZone: boolean
  /** Sent on creation. */
  readonly plan: ZonePlan | undefined
  readonly analytics: AnalyticsInputs | undefined
  readonly purgeEverything: boolean
  /** Entries of the `files` input as written: absolute URLs or paths starting with `/`. */
  readonly files: readonly string[]
  /** Absolute path of the `files-from` file, if given. */
  readonly filesFrom: string | undefined
  readonly tags: readonly string[]
  readonly settings: ZoneSettings | undefined
  readonly waitForPropagation: boolean
  readonly batchSize: number
  readonly concurrency: number
  readonly maxAttempts: number
  readonly timeoutSeconds: number
  /** Most seconds the step may spend waiting on rate limits in all (429s and pacing). */
  readonly rateLimitWaitSeconds: number
  /** Seconds to wait before the first purge request (after settings), e.g. for the origin to replicate; 0 = none. */
  readonly delaySeconds: number
  /** Seconds after the purge to send it again (shields and tiered caches); 0 = once only. */
  readonly purgeAgainAfterSeconds: number
  /** How many of the purged URLs to check at the edge after the purge; 0 = none. */
  readonly verify: number
  /** Seconds to keep checking URLs found stale. */
  readonly verifyTimeoutSeconds: number
  /** Fetch every purged URL once after the purge, so that the edge caches the new content. */
  readonly warm: boolean
  /** URLs or paths (the files format) to verify and warm besides the purged URLs. */
  readonly probeUrls: readonly string[]
  /** Waiting for the origin to serve the new build before the purge (wait-for-origin, origin-url, origin-marker). */
  readonly origin: OriginInputs
  readonly dryRun: boolean
  readonly summary: boolean
  /** Where what changed comes from: git history, a manifest of the built site, or nothing. */
  readonly changes: ChangeInputs | undefined
  /** Where to write site-dir's manifest after a successful run, if asked (absolute paths). */
  readonly manifest: { readonly path: string; readonly site: string } | undefined
  /** Absolute path of the workspace (GITHUB_WORKSPACE, else the working directory). */
  readonly workspace: string
  /** Things the user may want to change, found while reading the inputs; reported like every other warning. */
  readonly warnings: readonly string[]
}

/**
 * Reads, masks and validates every input, group by group (the credentials first, so that no message can show them),
 * then the rules over several inputs (src/inputs/rules.ts). Throws InputError before any request is sent.
 */
export async function getInputs(source: InputSource = runnerSource): Promise<Inputs> {
  const read = reader(source)
  const { githubToken, ...api } = readApi(read)
  const zones = readZones(read)
  const analytics = readAnalytics(read)
  const workspace = path.resolve(source.env.GITHUB_WORKSPACE ?? process.cwd())
  const { warnings: listWarnings, ...purge } = readPurge(read, workspace)
  const { site, ...changes } = readChanges(read, workspace, githubToken)
  const tags = readTags(read)
  const { warnings: settingsWarnings, ...settings } = await readSettings(read)
  const asked = { ...zones, ...purge, ...changes, tags, ...settings }
  // As always, a mistake in the combination is reported before the edge inputs and the numbers are read.
  checkErrors(asked)
  const edge = readEdge(read, api.apiUrl)
  const numbers = {
    batchSize: readNumber(read, 'batch-size'),
    concurrency: readNumber(read, 'concurrency'),
    maxAttempts: readNumber(read, 'max-attempts'),
    timeoutSeconds: readNumber(read, 'timeout'),
    rateLimitWaitSeconds: readNumber(read, 'rate-limit-wait'),
    delaySeconds: readNumber(read, 'delay'),
    purgeAgainAfterSeconds: readNumber(read, 'purge-again-after'),
    verifyTimeoutSeconds: readNumber(read, 'verify-timeout')
  }
  const origin = readOrigin(read, site, changes.changes !== undefined)
  return {
    ...api,
    ...asked,
    analytics,
    verify: edge.verify,
    warm: edge.warm,
    probeUrls: edge.probeUrls,
    origin,
    ...numbers,
    dryRun: readFlag(read, 'dry-run'),
    summary: readFlag(read, 'summary'),
    workspace,
    warnings: [...listWarnings, ...settingsWarnings, ...warningsFor({ ...asked, ...edge, origin })]
  }
}
