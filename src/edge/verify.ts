// The verification run: fetch the chosen URLs from the public site, judge each answer, and fetch the
// stale ones again every few seconds until they turn fresh or the time allowed runs out.
import { mapConcurrent } from '../concurrency.js'
import type { Sleep } from '../sleep.js'
import { plural, seconds } from '../text.js'
import { checkContent, deployedSha256, type ContentCheck } from './content.js'
import type { EdgeAnswer, EdgeFetcher } from './fetch.js'
import { dateSkewSeconds, measureClockSkew, type ClockSkew } from './clock.js'
import { cameFromOrigin, judgeAnswer, type EdgeJudgement } from './freshness.js'
import { edgeRefusal } from './scope.js'
import { spreadEvenly } from '../sample.js'

/** How often URLs found stale are fetched again. */
export const RECHECK_EVERY_MS = 5_000

/** A purged URL to check. */
export interface VerifyTarget {
  readonly url: string
  /** When the purge request that covers the URL was confirmed, on the clock of VerifyOptions.now (ms). */
  readonly purgedAt: number
  /** Absolute path of the deployed file, for the content check; absent when not known. */
  readonly file?: string
}

/** The verdict on one URL, from its last fetch. */
export interface UrlVerdict extends EdgeJudgement {
  readonly url: string
  /** HTTP status of the last answer; undefined on a network error or timeout. */
  readonly status: number | undefined
  /** Undefined when the deployed file is not known. */
  readonly content: ContentCheck | undefined
  /** Fetches of this URL (more than one when it was found stale). */
  readonly attempts: number
}

export interface VerifyOptions {
  /** Opened on a pool of its own (openEdge); the caller closes it. */
  readonly edge: EdgeFetcher
  /** Fetches in flight at once (the `concurrency` input). */
  readonly concurrency: number
  /** How long to keep fetching stale URLs again, from the end of the first round (`verify-timeout`, ms). */
  readonly recheckForMs: number
  /** Milliseconds; the same clock as VerifyTarget.purgedAt and EdgeSettings.now. */
  readonly now: () => number
  readonly sleep: Sleep
  /** Progress lines for the Verify group. */
  readonly log: (message: string) => void
  /** The run's signal: once aborted, no fetch starts, the wait between checks ends, and verifyUrls rejects with its reason. */
  readonly signal?: AbortSignal | undefined
}

/**
 * What to check: `count` of the purged URLs spread evenly over the list (`verify`), then every probe URL
 * (`probe-urls`) that is not already among them.
 */
export function chooseTargets(purged: readonly VerifyTarget[], count: number, probes: readonly VerifyTarget[]): VerifyTarget[] {
  const chosen = spreadEvenly(purged, count)
  const urls = new Set(chosen.map((target) => target.url))
  for (const probe of probes) {
    if (urls.has(probe.url)) continue
    urls.add(probe.url)
    chosen.push(probe)
  }
  return chosen
}

/**
 * What verify and warm would fetch, for a dry run: as many URLs as chooseTargets would pick, and every URL
 * once, of those on the zones' own public names (scope.ts; none when no zone's name is known).
 */
export function edgePlan(
  purged: readonly string[],
  verify: number,
  probes: readonly string[],
  warm: boolean,
  zoneNames: readonly (string | undefined)[]
): { verify: number; warm: number } {
  const names = zoneNames.filter((name) => name !== undefined)
  const onEdge = (urls: readonly string[]): string[] => urls.filter((url) => edgeRefusal(url, names) === undefined)
  const targets = (urls: readonly string[]): VerifyTarget[] => onEdge(urls).map((url) => ({ url, purgedAt: 0 }))
  return {
    verify: verify > 0 ? chooseTargets(targets(purged), verify, targets(probes)).length : 0,
    warm: warm ? new Set(onEdge([...purged, ...probes])).size : 0
  }
}

/** `url: verdict (why)`, and the content check when it was not the same, for the log. */
export function verdictLine(verdict: UrlVerdict): string {
  const content = verdict.content
  const note =
    content === undefined || content.result === 'same'
      ? ''
      : content.result === 'differs'
        ? '; differs from the deployed file'
        : `; content not compared: ${content.why}`
  return `${verdict.url}: ${verdict.verdict} (${verdict.reason}${note})`
}

/** Every verdict, in the targets' order, and the origin's clock when it is off. */
export interface VerifyOutcome {
  readonly verdicts: UrlVerdict[]
  readonly clockSkew: ClockSkew | undefined
}

/**
 * Fetches every target once, then those found stale again every RECHECK_EVERY_MS until each answers
 * something other than stale or `recheckForMs` has passed; the last check falls at the deadline. A URL's
 * verdict is its last answer's. The origin's clock is measured over the last answers that came from the
 * origin; when it is behind, the stale verdicts it could explain say so. Never throws for what the edge
 * answers; rejects with the reason of the run's signal once it is aborted.
 */
export async function verifyUrls(targets: readonly VerifyTarget[], options: VerifyOptions): Promise<VerifyOutcome> {
  const digests = new Map<string, Promise<string>>()
  const fileDigest = (file: string) => (): Promise<string> => {
    const known = digests.get(file) ?? deployedSha256(file)
    digests.set(file, known)
    return known
  }

  // The last answer of each target, for the origin's clock.
  // Stryker disable next-line ArrayDeclaration: every target's answer is set before any is read
  const answers: EdgeAnswer[] = []
  const check = async (target: VerifyTarget, index: number, attempts: number): Promise<UrlVerdict> => {
    // openEdge's fetcher refuses too, but one a test or the bench gives may not: no fetch starts once the run is
    // cancelled, and an answer that comes all the same gives no verdict.
    options.signal?.throwIfAborted()
    const answer = await options.edge.get(target.url, target.file === undefined ? 'skip' : 'hash')
    options.signal?.throwIfAborted()
    answers[index] = answer
    const content = target.file === undefined ? undefined : await checkContent(answer, fileDigest(target.file))
    return { url: target.url, ...judge(answer, target.purgedAt), content, attempts }
  }

  const verdicts = await mapConcurrent(targets, options.concurrency, (target, index) => check(target, index, 1))
  const deadline = options.now() + options.recheckForMs
  let stale = targets.flatMap((_, index) => ((verdicts[index] as UrlVerdict).verdict === 'stale' ? [index] : []))
  while (stale.length > 0) {
    const left = deadline - options.now()
    if (left <= 0) break
    const wait = Math.min(RECHECK_EVERY_MS, left)
    options.log(`${plural(stale.length, 'URL')} still stale; checking again in ${seconds(wait, 'up')} (${seconds(left, 'up')} left).`)
    await options.sleep(wait, options.signal)
    await mapConcurrent(stale, options.concurrency, async (index) => {
      verdicts[index] = await check(targets[index] as VerifyTarget, index, (verdicts[index] as UrlVerdict).attempts + 1)
    })
    stale = stale.filter((index) => (verdicts[index] as UrlVerdict).verdict === 'stale')
  }
  if (stale.length > 0)
    options.log(`${plural(stale.length, 'URL')} still stale after ${seconds(options.recheckForMs, 'up')} of checking again.`)

  const clockSkew = measureClockSkew(
    answers.flatMap((answer) => {
      const skew =
        answer.kind === 'response' && cameFromOrigin(answer.status, answer.headers)
          ? dateSkewSeconds(answer.headers, answer.answeredAt)
          : undefined
      return skew === undefined ? [] : [skew]
    })
  )
  // Negative when the origin is ahead: judgeAnswer says nothing then, as when the clock is right.
  const originBehind = -(clockSkew?.seconds ?? 0)
  for (const index of stale) {
    verdicts[index] = {
      ...(verdicts[index] as UrlVerdict),
      ...judge(answers[index] as EdgeAnswer, (targets[index] as VerifyTarget).purgedAt, originBehind)
    }
  }
  return { verdicts, clockSkew }
}

function judge(answer: EdgeAnswer, purgedAt: number, originBehindSeconds = 0): EdgeJudgement & { readonly status: number | undefined } {
  if (answer.kind !== 'response') {
    return { verdict: 'error', age: undefined, cacheStatus: undefined, reason: answer.detail, status: undefined }
  }
  return {
    ...judgeAnswer(answer.status, answer.headers, (answer.answeredAt - purgedAt) / 1000, originBehindSeconds),
    status: answer.status
  }
}
