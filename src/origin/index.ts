// Before the first purge request: wait until the origin serves the new build, so that the edge, once purged, refills
// with it and not with the old one (`wait-for-origin`). Loaded only by a step that asks for it. The fetches are the
// edge checks' own (src/edge/fetch.ts): no cookie, no credential, redirects not followed, bodies capped, proxies honoured.
import { deployedSha256 } from '../edge/content.js'
import { openEdge, type EdgeIo } from '../edge/fetch.js'
import { fileProblem } from '../files.js'
import { plural, seconds, shown } from '../text.js'
import { notNew, pollOrigin, type OriginPoll } from './poll.js'
import { judgeOrigin, type Expected, type OriginTarget } from './readiness.js'
import { bustedUrl, type OriginPlan, type PlannedUrl } from './targets.js'

export interface OriginSettings {
  /** The longest wait (`wait-for-origin`), in milliseconds. */
  readonly waitMs: number
  /** Fetches in flight at once (`concurrency`). */
  readonly concurrency: number
  /** What one fetch may take (`timeout`); never more than the whole wait. */
  readonly timeoutMs: number
  readonly userAgent: string
}

/** The log, the clock and the sleep, as the edge checks take them; and how to open the fetcher (default openEdge: a test or the bench may give its own). */
export type OriginIo = EdgeIo & { readonly open?: typeof openEdge }

/** What the wait found: how it ended (undefined when no URL could be checked at all), and the step's error when it did not end ready. */
export interface OriginFound {
  readonly plan: OriginPlan
  readonly wait: OriginPoll | undefined
  readonly failure: string | undefined
}

/** Most URLs the step's error names; the result output and the summary have every one. */
const NAMED = 5

/** Where the URLs are fetched, for the log and the summary. */
export function whereChecked(plan: Pick<OriginPlan, 'where' | 'urls' | 'marker'>): string {
  const first = plan.urls[0] ?? plan.marker
  return plan.where === 'edge'
    ? 'through the edge, each at its own address with a cache-busting query parameter and Cache-Control: no-cache'
    : `at origin-url (${shown(new URL((first as PlannedUrl).fetchUrl).origin)})`
}

/** What the wait checks, in one sentence: "20 URLs (of 340 whose deployed file is known, spread over the list) and the marker …". */
export function describeChecks(plan: OriginPlan): string {
  const urls =
    plan.urls.length === 0
      ? undefined
      : `${plural(plan.urls.length, 'URL')}${plan.known > plan.urls.length ? ` (of ${plan.known} whose deployed file is known, spread over the list)` : ''}`
  const marker = plan.marker === undefined ? undefined : `the marker ${shown(plan.marker.url)} (for "${shown(plan.marker.text)}")`
  return [urls, marker].filter((part) => part !== undefined).join(' and ')
}

/**
 * Waits, in the Origin log group, until every checked URL serves the new build or `waitMs` is spent: the deployed
 * files are hashed first (a file the change deleted is expected to answer 404 or 410), then the URLs are checked on
 * the schedule of readiness.ts. Never throws for what the origin, the edge or a file does: a wait that did not end
 * ready has its failure, the step's one error. Once the run's signal (io.signal) is aborted, it rejects with its reason.
 */
export async function awaitNewBuild(plan: OriginPlan, settings: OriginSettings, io: OriginIo): Promise<OriginFound> {
  return io.group('Origin', async () => {
    io.log(
      `Waiting up to ${seconds(settings.waitMs)} for the origin to serve the new build: checking ${describeChecks(plan)}, ${whereChecked(plan)}.`
    )
    const targets = await expectedOf(plan, io)
    if (targets.length === 0) {
      return {
        plan,
        wait: undefined,
        failure:
          'Input "wait-for-origin": none of the deployed files to compare with could be read (see the warnings), so the step cannot tell the new build; nothing was purged. ' +
          'Build the site into site-dir before this step, or set "origin-marker".'
      }
    }
    const edge = (io.open ?? openEdge)({
      userAgent: settings.userAgent,
      timeoutMs: Math.min(settings.timeoutMs, settings.waitMs),
      concurrency: settings.concurrency,
      now: io.now,
      signal: io.signal
    })
    let fetches = 0
    const marker = plan.marker?.text
    try {
      const wait = await pollOrigin(targets, {
        check: async (target) => {
          // Stryker disable next-line UpdateOperator: any counter gives each fetch a value of its own
          const address = target.viaEdge ? bustedUrl(target.fetchUrl, `${io.now().toString(36)}.${++fetches}`) : target.fetchUrl
          const find = target.expected.kind === 'marker' ? marker : undefined
          return judgeOrigin(await edge.get(address, 'hash', { noCache: true, ...(find === undefined ? {} : { find }) }), target)
        },
        concurrency: settings.concurrency,
        waitMs: settings.waitMs,
        now: io.now,
        sleep: io.sleep,
        log: io.log,
        signal: io.signal
      })
      return { plan, wait, failure: originFailure(plan, wait, settings.waitMs) }
    } finally {
      await edge.close()
    }
  })
}

/**
 * Each planned URL with what its new build is: the deployed file's SHA-256, or `gone` when the file is not there
 * while others are (the change deleted it; when none is there, the workspace holds no build, and nothing is taken
 * as deleted). A file that cannot be read is left out, with a warning.
 */
async function expectedOf(plan: OriginPlan, io: Pick<OriginIo, 'warn'>): Promise<OriginTarget[]> {
  const viaEdge = plan.where === 'edge'
  const read = await Promise.all(
    plan.urls.map(async (url) => {
      try {
        return { url, sha256: await deployedSha256(url.file as string) }
      } catch (error) {
        return { url, error }
      }
    })
  )
  const missing = (entry: (typeof read)[number]): boolean => 'error' in entry && (entry.error as { code?: unknown }).code === 'ENOENT'
  const anyThere = read.some((entry) => 'sha256' in entry)
  const targets: OriginTarget[] = []
  const unreadable: string[] = []
  for (const entry of read) {
    let expected: Expected | undefined
    if ('sha256' in entry) expected = { kind: 'file', sha256: entry.sha256 }
    else if (missing(entry) && anyThere) expected = { kind: 'gone' }
    else unreadable.push(`${entry.url.url} (${missing(entry) ? 'not in the workspace' : fileProblem(entry.error)})`)
    if (expected !== undefined) targets.push({ url: entry.url.url, fetchUrl: entry.url.fetchUrl, viaEdge, expected })
  }
  if (unreadable.length > 0) {
    io.warn(
      `wait-for-origin: the deployed file of ${plural(unreadable.length, 'URL')} could not be read, so ${unreadable.length === 1 ? 'it is' : 'they are'} not checked: ${unreadable.slice(0, NAMED).join(', ')}${unreadable.length > NAMED ? ', …' : ''}.`
    )
  }
  if (plan.marker !== undefined) {
    targets.push({ url: plan.marker.url, fetchUrl: plan.marker.fetchUrl, viaEdge, expected: { kind: 'marker', text: plan.marker.text } })
  }
  return targets
}

/** The step's error when the wait did not end ready; undefined when it did. */
export function originFailure(plan: Pick<OriginPlan, 'where'>, wait: OriginPoll, waitMs: number): string | undefined {
  if (wait.ready) return undefined
  const left = notNew(wait.urls)
  if (wait.cacheBlind) {
    const example = left[0] as (typeof left)[number]
    return (
      `Input "wait-for-origin": every answer through the edge came from its cache (${shown(example.target.url)}: ${example.reason}), ` +
      'even with a cache-busting query parameter and Cache-Control: no-cache: the edge ignores the query string, so it cannot show whether the origin serves the new build. ' +
      'Set "origin-url" to the origin\'s own address (the bucket or server the CDN fetches from) to check it there. Nothing was purged.'
    )
  }
  const named = left.slice(0, NAMED).map((url) => `${shown(url.target.url)} (${url.reason})`)
  const rewritten =
    plan.where === 'edge' && left.some((url) => url.target.expected.kind === 'file' && url.verdict === 'old' && url.status === 200)
      ? ' If the CDN rewrites pages (minifies them, injects scripts), compare at the origin with "origin-url", or check a page that names the build with "origin-marker".'
      : ''
  return (
    `Input "wait-for-origin": the origin did not serve the new build within ${seconds(waitMs)}, so nothing was purged: ` +
    `${left.length} of ${plural(wait.urls.length, 'checked URL')} still ${left.length === 1 ? 'serves' : 'serve'} another version: ${named.join(', ')}${left.length > NAMED ? ', …' : ''}.` +
    `${rewritten} Every requested URL and tag is in failed-files / failed-tags, to purge once the deploy is live; or raise "wait-for-origin".`
  )
}
