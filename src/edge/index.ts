// After the purge: prove at the edge that it worked (verify), and fill the edge with the new content
// (warm). Loaded only by a step that asks for either.
import type { RequestOutcome } from '../purge/execute.js'
import { forCount, plural, seconds } from '../text.js'
import { openEdge, type EdgeIo, type EdgeSettings } from './fetch.js'
import type { ClockSkew } from './clock.js'
import { edgeRefusal, type EdgeRefusal } from './scope.js'
import { byAttention, countVerdicts, staleUrls } from './tally.js'
import { chooseTargets, verdictLine, verifyUrls, type UrlVerdict, type VerifyTarget } from './verify.js'
import { warmUrls, type WarmResult } from './warm.js'

export interface EdgeRequest {
  /** How many purged URLs to check; 0 = no verification. */
  readonly verify: number
  /** How long to keep checking stale URLs, in milliseconds. */
  readonly recheckForMs: number
  readonly warm: boolean
  readonly concurrency: number
  readonly timeoutMs: number
  readonly userAgent: string
  /** The names of the zones worked on (undefined for one whose name could not be read): only URLs on them are fetched. */
  readonly zoneNames: readonly (string | undefined)[]
}

/** What the edge showed: every verdict, and what warming got. */
export interface EdgeCheck {
  readonly verification:
    { readonly verdicts: readonly UrlVerdict[]; readonly recheckForMs: number; readonly clockSkew: ClockSkew | undefined } | undefined
  readonly warm: (WarmResult & { readonly urls: number }) | undefined
}

/** Most verdict lines in the log; the summary and the result output have every one. */
const LOGGED_VERDICTS = 50
/** Most URLs a warning lists. */
const LISTED = 10

/**
 * Every purged URL, with when its purge was confirmed (the last pass's batch) and, where the change list
 * knows it, the deployed file to compare with.
 */
export function purgedTargets(outcomes: readonly RequestOutcome[], fileOf: (url: string) => string | undefined): VerifyTarget[] {
  const targets = new Map<string, VerifyTarget>()
  for (const outcome of outcomes) {
    // confirmedAt is set exactly when the API confirmed the request.
    if (outcome.confirmedAt === undefined || outcome.request.kind !== 'files') continue
    for (const url of outcome.request.items) {
      const file = fileOf(url)
      targets.set(url, { url, purgedAt: outcome.confirmedAt, ...(file === undefined ? {} : { file }) })
    }
  }
  return [...targets.values()]
}

/**
 * The probe URLs, each timed by the last purge confirmed in its zone (a purge of tags or of everything,
 * or its files). Probes in a zone where nothing was confirmed are left out: there is nothing to prove.
 */
export function probeTargets(probes: ReadonlyMap<string, readonly string[]>, outcomes: readonly RequestOutcome[]): VerifyTarget[] {
  const lastConfirmed = new Map<string, number>()
  for (const outcome of outcomes) {
    if (outcome.confirmedAt === undefined || outcome.request.kind === 'settings') continue
    lastConfirmed.set(outcome.request.zoneId, Math.max(lastConfirmed.get(outcome.request.zoneId) ?? 0, outcome.confirmedAt))
  }
  return [...probes].flatMap(([zoneId, urls]) => {
    const purgedAt = lastConfirmed.get(zoneId)
    return purgedAt === undefined ? [] : urls.map((url) => ({ url, purgedAt }))
  })
}

/**
 * Verifies, then warms, each in its log group, and says in the log what the edge showed. Only URLs on the zones' own
 * public names are fetched (scope.ts). Once the run's signal (EdgeIo.signal) is aborted, nothing more is fetched and
 * it rejects with the signal's reason.
 */
export async function verifyAndWarm(
  purged: readonly VerifyTarget[],
  probes: readonly VerifyTarget[],
  request: EdgeRequest,
  io: EdgeIo
): Promise<EdgeCheck> {
  // Every URL once: a probe URL may be among the purged ones.
  const everyUrl = [...new Set([...purged, ...probes].map((target) => target.url))]
  const names = request.zoneNames.filter((name) => name !== undefined)
  if (everyUrl.length > 0 && names.length === 0) {
    io.warn(nameUnknownWarning(request))
    return { verification: undefined, warm: undefined }
  }
  const refused = refusedUrls(everyUrl, names, io)
  const onEdge = (target: VerifyTarget): boolean => !refused.has(target.url)
  const urls = everyUrl.filter((url) => !refused.has(url))
  let verification: EdgeCheck['verification']
  let warm: EdgeCheck['warm']
  if (request.verify > 0) {
    const targets = chooseTargets(purged.filter(onEdge), request.verify, probes.filter(onEdge))
    if (everyUrl.length === 0) {
      io.warn(
        'Input "verify" has nothing to check: this purge has no URL list (only tags or everything). Give "probe-urls" to check pages of the site.'
      )
    } else if (targets.length > 0) {
      verification = await verifyGroup(targets, urls.length, request, io)
    }
  }
  if (request.warm) {
    if (everyUrl.length === 0) {
      io.warn(
        'Input "warm" has nothing to fetch: this purge has no URL list (only tags or everything). Give "probe-urls" to warm pages of the site.'
      )
    } else if (urls.length > 0) {
      warm = await warmGroup(urls, request, io)
    }
  }
  return { verification, warm }
}

/** The fetcher's settings for verify and warm, the run's signal with them. */
function edgeSettings(request: EdgeRequest, io: EdgeIo): EdgeSettings {
  return {
    userAgent: request.userAgent,
    timeoutMs: request.timeoutMs,
    concurrency: request.concurrency,
    now: io.now,
    signal: io.signal
  }
}

/** The Verify group: checks `targets` (of `urls` on the edge) and says what they showed. */
function verifyGroup(targets: readonly VerifyTarget[], urls: number, request: EdgeRequest, io: EdgeIo): Promise<EdgeCheck['verification']> {
  return io.group('Verify', async () => {
    const edge = openEdge(edgeSettings(request, io))
    try {
      io.log(`Checking ${plural(targets.length, 'URL')} at the edge${targets.length < urls ? ` (of ${urls}, spread over the list)` : ''}.`)
      const { verdicts, clockSkew } = await verifyUrls(targets, {
        edge,
        concurrency: request.concurrency,
        recheckForMs: request.recheckForMs,
        now: io.now,
        sleep: io.sleep,
        log: io.log,
        signal: io.signal
      })
      report(verdicts, io)
      if (clockSkew !== undefined) io.log(clockSkew.note)
      return { verdicts, recheckForMs: request.recheckForMs, clockSkew }
    } finally {
      await edge.close()
    }
  })
}

/** The Warm group: fetches every URL once and says what they answered. */
function warmGroup(urls: readonly string[], request: EdgeRequest, io: EdgeIo): Promise<EdgeCheck['warm']> {
  return io.group('Warm', async () => {
    const edge = openEdge(edgeSettings(request, io))
    try {
      const result = await warmUrls(urls, { edge, concurrency: request.concurrency, signal: io.signal })
      const { counts } = result
      io.log(
        `Warmed ${result.warmed} of ${plural(urls.length, 'URL')}: ${counts['2xx']} 2xx, ${counts['3xx']} 3xx, ${counts['4xx']} 4xx, ${counts['5xx']} 5xx, ${counts.error} without an answer.`
      )
      if (result.problems.length > 0) {
        io.warn(
          `Warming: ${plural(result.problems.length, 'URL')} answered neither 2xx nor 3xx (${listed(result.problems.map((problem) => `${problem.url} (${problem.detail})`))}). Warming never fails the step; check that the URLs are served.`
        )
      }
      return { ...result, urls: urls.length }
    } finally {
      await edge.close()
    }
  })
}

/** Why verify and warm fetch nothing when no zone's name is known. */
function nameUnknownWarning(request: EdgeRequest): string {
  const asked =
    request.verify > 0 && request.warm ? 'Inputs "verify" and "warm" are' : request.verify > 0 ? 'Input "verify" is' : 'Input "warm" is'
  return (
    `${asked} skipped: the zone was given by id and its name could not be read (the API key may not list zones), so no URL can be told to be on the zone's own site, ` +
    'and the edge checks fetch nothing else. Give the zone by name (zone: example.com), or use an API key that may list zones.'
  )
}

/** What the warning says of each kind of URL not fetched. */
const REFUSED: Readonly<Record<EdgeRefusal, string>> = {
  local: 'whose host is an IP address, localhost, a local name (.localhost, .local, .internal, .home.arpa) or a name without a dot',
  'off-zone': 'not on a zone whose name is known'
}

/** The URLs the edge checks may not fetch (scope.ts), with a warning for each kind. */
function refusedUrls(urls: readonly string[], names: readonly string[], io: EdgeIo): Set<string> {
  const refused = new Map<EdgeRefusal, string[]>()
  for (const url of urls) {
    const why = edgeRefusal(url, names)
    if (why !== undefined) refused.set(why, [...(refused.get(why) ?? []), url])
  }
  for (const [why, list] of refused) {
    io.warn(
      `Not fetched from the edge: ${plural(list.length, 'URL')} ${REFUSED[why]} (${listed(list)}). Verify and warm fetch only public names on the zone; the purge is not affected.`
    )
  }
  return new Set([...refused.values()].flat())
}

/** Most stale URLs the step's error names; the stale-files output has every one. */
const NAMED_STALE = 5

/** The step's error when URLs still served an old copy at the end of verify-timeout; undefined when none did. */
export function staleFailure(check: EdgeCheck): string | undefined {
  if (check.verification === undefined) return undefined
  const { verdicts, recheckForMs, clockSkew } = check.verification
  const stale = staleUrls(verdicts)
  if (stale.length === 0) return undefined
  // Only a clock behind makes copies look older than they are.
  const skewSeconds = clockSkew?.seconds ?? 0
  // Stryker disable next-line EqualityOperator: a skew is said only when it is more than 30 s from 0
  const behind = skewSeconds < 0
  const skew = behind ? ` ${(clockSkew as ClockSkew).note}` : ''
  return (
    `${stale.length} of ${verdicts.length} URLs checked at the edge still served a copy cached before the purge after ${seconds(recheckForMs)} of checking again ` +
    `(stale-files output): ${stale.slice(0, NAMED_STALE).join(', ')}${stale.length > NAMED_STALE ? ', …' : ''}. A shield or tiered cache may have refilled the edge: try purge-again-after, or a longer verify-timeout.${skew}`
  )
}

function listed(items: readonly string[]): string {
  return items.length > LISTED ? `${items.slice(0, LISTED).join(', ')} and ${items.length - LISTED} more` : items.join(', ')
}

/** The verdicts in the log, and a warning for each kind of doubt: unknown, errors, content that differs. */
function report(verdicts: readonly UrlVerdict[], io: EdgeIo): void {
  const counts = countVerdicts(verdicts)
  io.log(
    `Fresh ${counts.fresh}, stale ${counts.stale}, unknown ${counts.unknown}, error ${counts.error}${counts.differs > 0 ? `; ${counts.differs} differ from the deployed file` : ''}.`
  )
  const ordered = byAttention(verdicts)
  for (const verdict of ordered.slice(0, LOGGED_VERDICTS)) io.log(verdictLine(verdict))
  if (ordered.length > LOGGED_VERDICTS) io.log(`… and ${ordered.length - LOGGED_VERDICTS} more: see the job summary and the result output.`)
  const urlsOf = (pick: (verdict: UrlVerdict) => boolean): string[] => verdicts.filter(pick).map((verdict) => verdict.url)
  const unknown = urlsOf((verdict) => verdict.verdict === 'unknown')
  if (unknown.length > 0) {
    io.warn(
      `Verify: ${plural(unknown.length, 'URL')} answered without Age or a cache-status header that tells whether the copy is new (${listed(unknown)}); not judged. If the CDN never sends them for these URLs, give probe-urls it does, or set verify: false.`
    )
  }
  const failed = urlsOf((verdict) => verdict.verdict === 'error')
  if (failed.length > 0)
    io.warn(
      `Verify: ${plural(failed.length, 'URL')} could not be checked (a 5xx, a network error or no answer in time: ${listed(failed)}). Check that they are served; raise "timeout" if the site answers slowly.`
    )
  const differs = urlsOf((verdict) => verdict.content?.result === 'differs')
  if (differs.length > 0) {
    io.warn(
      `Verify: ${plural(differs.length, 'URL')} ${forCount(differs.length, 'differs', 'differ')} from the deployed file (${listed(differs)}); a CDN may rewrite HTML, so this is not a failure.`
    )
  }
}
