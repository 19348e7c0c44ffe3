import * as path from 'node:path'
import * as core from '@actions/core'
import { InputError } from './errors.js'
import { unusableProxyVariable } from './http/client.js'
import { registerSecret } from './secrets.js'
import type { ZoneSettings } from './settings.js'
import { lines, separatedRuns, trimTrailing } from './text.js'
import { checkEntryLength, shown, splitUrlList } from './urls.js'

/** How the user named the zone: by id, or by domain name. */
export type ZoneRef = { readonly kind: 'id'; readonly id: string } | { readonly kind: 'name'; readonly name: string }

/** The zones to work on: those listed, or `auto` (each URL to the account zone that covers its host). */
export type ZoneSelection = { readonly kind: 'list'; readonly refs: readonly ZoneRef[] } | { readonly kind: 'auto' }

export const PLANS = ['free', 'pro', 'business', 'enterprise'] as const
export type ZonePlan = (typeof PLANS)[number]

export type Granularity = 'minute' | 'hour' | 'day'

/** The traffic report: a window ending now. */
export interface AnalyticsInputs {
  /** As written, e.g. "24h". */
  readonly window: string
  readonly windowMs: number
  readonly granularity: Granularity
}

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

/** How to find what changed, and how changed files become URLs. */
export interface ChangeInputs {
  readonly from: { readonly kind: 'git'; readonly since: string } | { readonly kind: 'manifest'; readonly previous: string }
  /** Folder below the repository (git) or the workspace (manifest), POSIX separators, no leading or trailing slash; '' = root. */
  readonly siteDir: string
  /** Absolute base URL ending in '/', or undefined for https://<zone name>/. */
  readonly urlBase: string | undefined
  /** '' = off. */
  readonly indexFile: string
  readonly include: readonly string[]
  readonly exclude: readonly string[]
  /** 0 = never. */
  readonly purgeEverythingOver: number
  /** Empty when not given: a run that needs the GitHub API then fails saying so. */
  readonly githubToken: string
}

export interface InputSource {
  /** The raw input as the runner passes it (`core.getInput`). */
  getInput(name: string): string
  readonly env: NodeJS.ProcessEnv
}

const runnerSource: InputSource = {
  getInput: (name) => core.getInput(name),
  env: process.env
}

/** Reads, masks and validates every input. Throws InputError before any request is sent. */
export async function getInputs(source: InputSource = runnerSource): Promise<Inputs> {
  const raw = (name: string): string => source.getInput(name).trim()
  // A value is refused when longer than an entry may be, before any pattern or parser meets it.
  const input = (name: string): string => {
    const value = raw(name)
    checkEntryLength(value, name)
    return value
  }

  // Credentials are checked by checkCredential, which never shows them.
  const keyInput = raw('api-key')
  const apiKey = keyInput || (source.env.CDN_API_KEY ?? '').trim()
  const githubToken = raw('github-token')
  // Both credentials are masked before anything else is read, so that no message can print them.
  registerSecret(apiKey)
  registerSecret(githubToken)
  if (apiKey === '') {
    throw new InputError('No API key: set input "api-key" (e.g. ${{ secrets.CDN_API_KEY }}) or the CDN_API_KEY environment variable.')
  }
  checkCredential(apiKey, keyInput === '' ? 'Environment variable "CDN_API_KEY" (the API key, as "api-key" is empty)' : 'Input "api-key"')
  checkCredential(githubToken, 'Input "github-token"')
  const apiUrl = parseApiUrl(input('api-url') || (source.env.CDN_API_URL ?? '').trim())
  const zones = parseZoneSelection(source.getInput('zone'))
  const createZone = parseBoolean('create-zone', input('create-zone'), false)
  const plan = parsePlan(input('plan'))
  const analytics = parseAnalytics(input('analytics'), input('analytics-granularity'))

  const workspace = path.resolve(source.env.GITHUB_WORKSPACE ?? process.cwd())
  const purgeEverything = parseBoolean('purge-everything', input('purge-everything'), false)
  const files = splitUrlList(source.getInput('files'), 'files')
  const filesFromValue = input('files-from')
  const filesFrom = filesFromValue === '' ? undefined : path.resolve(workspace, filesFromValue)
  const siteDir = parseSiteDir(input('site-dir'))
  const include = globList(source.getInput('include'), 'include')
  const exclude = globList(source.getInput('exclude'), 'exclude')
  const changes = parseChangeInputs(input, siteDir, workspace, githubToken, { include, exclude })
  const manifestValue = input('manifest')
  const tags = splitList(source.getInput('tags'), 'tags')

  const settingsText = source.getInput('settings')
  const warnings: string[] = files
    .filter((entry) => entry.endsWith(','))
    .map(
      (entry) =>
        `Input "files": the comma ending "${shown(entry)}" is read as part of the URL (a comma separates entries only before "/", "http://" or "https://", or a space); remove it if it was meant to separate.`
    )
  let settings: ZoneSettings | undefined
  if (settingsText.trim() !== '') {
    // yaml is loaded only for a step that gives settings.
    const { parseSettings } = await import('./settings.js')
    const parsed = parseSettings(settingsText)
    warnings.push(...parsed.warnings)
    settings = parsed.settings
  }
  const waitForPropagation = parseBoolean('wait-for-propagation', input('wait-for-propagation'), false)
  if (waitForPropagation && settings === undefined) {
    warnings.push('Input "wait-for-propagation" has no effect without "settings": there is nothing to wait for.')
  }

  if (purgeEverything && (files.length > 0 || filesFrom !== undefined || tags.length > 0 || changes !== undefined)) {
    throw new InputError(
      'Input "purge-everything" is true, which cannot be combined with "files", "files-from", "tags", "changed-since" or "previous-manifest": purge everything, or purge a list, not both.'
    )
  }
  if (
    !purgeEverything &&
    files.length === 0 &&
    filesFrom === undefined &&
    tags.length === 0 &&
    changes === undefined &&
    settings === undefined
  ) {
    throw new InputError(
      'Nothing to do: give "files", "files-from", "tags", "changed-since" or "previous-manifest" to purge, "purge-everything: true", or "settings" to apply. ' +
        'An empty list never purges everything.'
    )
  }
  if (zones.kind === 'auto' && (tags.length > 0 || purgeEverything || settings !== undefined)) {
    throw new InputError(
      'Input "zone" is auto, which routes URLs to their zones; "tags", "purge-everything" and "settings" need the zones named explicitly in "zone".'
    )
  }
  if (zones.kind === 'auto' && createZone) {
    throw new InputError('Input "create-zone" needs the zone names in "zone"; "auto" only routes URLs to zones that exist.')
  }
  const verify = parseVerify(input('verify'))
  const warm = parseBoolean('warm', input('warm'), false)
  checkProxy(apiUrl.startsWith('https:') || verify > 0 || warm, source.env)
  const probeUrls = splitUrlList(source.getInput('probe-urls'), 'probe-urls')
  const verifyTimeout = input('verify-timeout')
  if (verify === 0 && verifyTimeout !== '' && verifyTimeout !== String(DEFAULT_VERIFY_TIMEOUT_SECONDS)) {
    warnings.push('Input "verify-timeout" has no effect without "verify": nothing is checked at the edge.')
  }
  if (verify === 0 && !warm && probeUrls.length > 0) {
    warnings.push('Input "probe-urls" has no effect without "verify" or "warm": the URLs are only fetched to check or warm them.')
  }
  if (plan !== undefined && !createZone) {
    warnings.push('Input "plan" is only sent when a zone is created; set "create-zone: true" for it to have an effect.')
  }
  if (manifestValue !== '' && changes?.from.kind !== 'manifest') {
    warnings.push(
      'Input "manifest" is written from "site-dir"; without "previous-manifest" this run purges nothing based on it. Give both to purge what a build changed.'
    )
  }

  return {
    apiKey,
    apiUrl,
    zones,
    createZone,
    plan,
    analytics,
    purgeEverything,
    files,
    filesFrom,
    tags,
    settings,
    waitForPropagation,
    batchSize: parseWholeNumber('batch-size', input('batch-size'), 30, 1, 1000),
    concurrency: parseWholeNumber('concurrency', input('concurrency'), 4, 1, 32),
    maxAttempts: parseWholeNumber('max-attempts', input('max-attempts'), 5, 1, 10),
    timeoutSeconds: parseWholeNumber('timeout', input('timeout'), 30, 1, 300),
    rateLimitWaitSeconds: parseWholeNumber('rate-limit-wait', input('rate-limit-wait'), 600, 1, 3600),
    delaySeconds: parseWholeNumber('delay', input('delay'), 0, 0, 3600),
    purgeAgainAfterSeconds: parseWholeNumber('purge-again-after', input('purge-again-after'), 0, 0, 3600),
    verify,
    verifyTimeoutSeconds: parseWholeNumber('verify-timeout', verifyTimeout, DEFAULT_VERIFY_TIMEOUT_SECONDS, 1, 600),
    warm,
    probeUrls,
    dryRun: parseBoolean('dry-run', input('dry-run'), false),
    summary: parseBoolean('summary', input('summary'), true),
    changes,
    manifest: manifestValue === '' ? undefined : { path: path.resolve(workspace, manifestValue), site: path.resolve(workspace, siteDir) },
    workspace,
    warnings
  }
}

/** The inputs of purging what changed; undefined when neither changed-since nor previous-manifest is given. */
function parseChangeInputs(
  input: (name: string) => string,
  siteDir: string,
  workspace: string,
  githubToken: string,
  { include, exclude }: { include: readonly string[]; exclude: readonly string[] }
): ChangeInputs | undefined {
  const since = input('changed-since')
  const previous = input('previous-manifest')
  if (since !== '' && previous !== '') {
    throw new InputError('Inputs "changed-since" and "previous-manifest" are two ways to find what changed: give one of them, not both.')
  }
  // eslint-disable-next-line no-control-regex
  if (since.startsWith('-') || /[\s\u0000-\u001f\u007f]/.test(since)) {
    throw new InputError(
      `Input "changed-since" must be a git ref (tag, branch or SHA) or "auto", without spaces or control characters and not starting with "-"; got "${shown(since)}".`
    )
  }
  const urlBase = parseUrlBase(input('url-base'))
  const indexFile = input('index-file')
  // A `\` is refused as well: on Windows it would be read as a folder.
  if (/[/\\]/.test(indexFile)) {
    throw new InputError(`Input "index-file" must be a file name such as index.html, without a folder; got "${shown(indexFile)}".`)
  }
  const purgeEverythingOver = parseWholeNumber('purge-everything-over', input('purge-everything-over'), 0, 0, 1_000_000)
  if (since === '' && previous === '') return undefined
  return {
    from: since !== '' ? { kind: 'git', since } : { kind: 'manifest', previous: path.resolve(workspace, previous) },
    siteDir,
    urlBase,
    indexFile,
    include,
    exclude,
    purgeEverythingOver,
    githubToken
  }
}

/**
 * One glob pattern a line; blank lines dropped. A line longer than MAX_ENTRY_CHARS is an input error naming
 * `input` and the line: that also keeps every pattern within what picomatch compiles (64 KiB), and it
 * throws for nothing else with the options used, so the patterns are compiled only when files are matched.
 */
function globList(value: string, input: string): string[] {
  return lines(value)
    .map((line, index) => {
      checkEntryLength(line, input, index + 1)
      return line.trim()
    })
    .filter((line) => line !== '')
}

/**
 * site-dir as a repository path: `/` between folders (a `\` too, so `docs\site` from a Windows user means the same on
 * every runner), no `.` or empty parts. A path from the root or with a drive letter (`C:\site`) is refused on every
 * runner: the git source matches it against repository paths, which never start so.
 */
export function parseSiteDir(value: string): string {
  // "/" alone (trailing slashes dropped) is the root; only a path below it is refused.
  const dir = trimTrailing(value.replace(/\\/g, '/'), '/')
  if (dir.startsWith('/') || /^[A-Za-z]:/.test(dir) || dir.split('/').includes('..')) {
    throw new InputError(
      `Input "site-dir" must be a folder inside the repository or workspace, relative to it, such as "public" or "docs/site" (no drive letter, not from the root); got "${shown(value)}".`
    )
  }
  // No trailing slash is left for normalize to keep.
  const normal = path.posix.normalize(dir)
  return normal === '.' ? '' : normal
}

export function parseUrlBase(value: string): string | undefined {
  if (value === '') return undefined
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (
    url === undefined ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw new InputError(
      `Input "url-base" must be an absolute http(s) URL where site-dir is served, without a user name, password, query or fragment, such as https://example.com/docs/; got "${shown(value)}".`
    )
  }
  return url.href.endsWith('/') ? url.href : `${url.href}/`
}

const DEFAULT_VERIFY_TIMEOUT_SECONDS = 60
/** What `verify: true` checks. */
export const DEFAULT_VERIFY_COUNT = 20

/** `verify`: true (20 URLs), false (none), or how many URLs to check, 1 to 1000. */
export function parseVerify(value: string): number {
  const lower = value.trim().toLowerCase()
  if (lower === '' || lower === 'false') return 0
  if (lower === 'true') return DEFAULT_VERIFY_COUNT
  const count = /^\d+$/.test(lower) ? Number(lower) : Number.NaN
  if (!(count >= 1 && count <= 1000)) {
    throw new InputError(`Input "verify" must be true, false or how many of the purged URLs to check (1 to 1000); got "${shown(value)}".`)
  }
  return count
}

/** `true`/`false` in any letter case; empty means the default. */
export function parseBoolean(name: string, value: string, fallback: boolean): boolean {
  const lower = value.trim().toLowerCase()
  if (lower === '') return fallback
  if (lower === 'true') return true
  if (lower === 'false') return false
  throw new InputError(`Input "${name}" must be true or false, got "${shown(value)}".`)
}

/** A whole number within [min, max]; empty means the default. */
export function parseWholeNumber(name: string, value: string, fallback: number, min: number, max: number): number {
  const text = value.trim()
  if (text === '') return fallback
  const number = /^\d+$/.test(text) ? Number(text) : NaN
  if (!(number >= min && number <= max)) {
    throw new InputError(`Input "${name}" must be a whole number from ${min} to ${max}, got "${shown(value)}".`)
  }
  return number
}

/**
 * A credential is sent as `Authorization: Bearer <credential>`, so it must be a header value, and a
 * single token: visible ASCII only (0x21-0x7E), no space, line break, control or non-ASCII character.
 * Refused here, before any request, saying which kind of character is wrong but never showing any of it.
 */
export function checkCredential(value: string, source: string): void {
  const wrong = /[^\x21-\x7e]/.exec(value)?.[0]
  if (wrong === undefined) return
  throw new InputError(
    `${source} holds ${describeCharacter(wrong)}, which cannot be sent in an HTTP header. It must hold the credential alone: ` +
      'visible ASCII characters (letters, digits, punctuation), without spaces, line breaks, control or non-ASCII characters. Check how the secret was saved.'
  )
}

function describeCharacter(char: string): string {
  if (char === '\n' || char === '\r') return 'a line break'
  if (/\s/.test(char)) return 'whitespace'
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(char)) return 'a control character'
  return 'a non-ASCII character'
}

/** Tags: separated by newlines, commas or whitespace; empty entries dropped. An entry longer than MAX_ENTRY_CHARS is an input error naming `input` and its line. */
export function splitList(value: string, input: string): string[] {
  return lines(value).flatMap((line, index) =>
    // Runs at odd positions are the separators.
    separatedRuns(line).filter((entry, position) => {
      if (position % 2 === 1) return false
      checkEntryLength(entry, input, index + 1)
      return entry !== ''
    })
  )
}

/** Hosts plain http:// may be used for. The URL parser writes hosts in lower case, and IPv4 addresses in dotted decimal. */
const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/

export function parseApiUrl(value: string): string {
  if (value === '') {
    throw new InputError('No API address: set input "api-url" (e.g. https://api.example.net/v1) or the CDN_API_URL environment variable.')
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InputError(`Input "api-url" is not a URL: "${shown(value)}". Expected e.g. https://api.example.net/v1.`)
  }
  const loopback = LOOPBACK_HOSTS.test(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new InputError(
      `Input "api-url" must use https:// (the API key is sent with every request); got "${url.protocol}//${url.host}". ` +
        'Plain http:// is accepted only for loopback hosts (localhost, 127.x.x.x, [::1]).'
    )
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new InputError(
      'Input "api-url" must be a plain base address without credentials, query or fragment, e.g. https://api.example.net/v1.'
    )
  }
  return trimTrailing(url.href, '/')
}

/**
 * A proxy the environment names that undici cannot use fails here, before any request, naming the variable;
 * its value is not quoted, as a proxy address may hold a password. Only when something goes through it
 * (`used`): an https:// API, or the edge checks (verify, warm). An http:// API never goes through a proxy.
 */
export function checkProxy(used: boolean, env: NodeJS.ProcessEnv): void {
  const name = used ? unusableProxyVariable(env) : undefined
  if (name === undefined) return
  throw new InputError(
    `The environment variable ${name} is not a proxy address: set it to a URL such as http://proxy.example:3128 (http://, https:// or socks5://), or unset it. ` +
      'Its value is not shown: it may hold a password.'
  )
}

/** Two or more labels of letters, digits and hyphens (so a name always has a dot), 253 characters at most. */
const HOST_NAME = /^(?=.{1,253}\.?$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+\.?$/i

export function isHostName(value: string): boolean {
  return HOST_NAME.test(value)
}

/**
 * What a zone id is made of: letters, digits, `-` and `_`. An id goes into request paths (/zones/{id}/purge),
 * so `.`, `..`, `/` or `%` in one would send a request to another path than the API describes.
 */
const ZONE_ID = /^[a-z0-9_-]+$/i

/** A value with a dot that is a valid host name is a domain name; one made of id characters an id; anything else an input error. */
export function parseZoneRef(value: string): ZoneRef {
  if (isHostName(value)) return { kind: 'name', name: value }
  if (ZONE_ID.test(value)) return { kind: 'id', id: value }
  throw new InputError(
    `Input "zone": "${shown(value)}" is neither a domain name (such as example.com) nor a zone id (letters, digits, "-" and "_" only). ` +
      'Separate several zones with newlines or commas.'
  )
}

/** Zone ids or names separated by newlines or commas, or `auto`. Duplicates are dropped. */
export function parseZoneSelection(value: string): ZoneSelection {
  const entries = [
    ...new Set(
      lines(value)
        .flatMap((line) => line.split(','))
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '')
    )
  ]
  // Before any pattern meets them: one zone id or name is short.
  for (const entry of entries) checkEntryLength(entry, 'zone')
  if (entries.length === 0) {
    throw new InputError(
      'Input "zone" is required: a zone id or domain name (e.g. example.com), several separated by newlines or commas, or "auto".'
    )
  }
  const spaced = entries.find((entry) => /\s/.test(entry))
  if (spaced !== undefined) {
    throw new InputError(
      `Input "zone": "${shown(spaced)}" is not a zone id or domain name; separate several zones with newlines or commas.`
    )
  }
  if (entries.some((entry) => entry.toLowerCase() === 'auto')) {
    if (entries.length > 1) throw new InputError('Input "zone": "auto" stands alone; it cannot be listed with other zones.')
    return { kind: 'auto' }
  }
  return { kind: 'list', refs: entries.map(parseZoneRef) }
}

export function parsePlan(value: string): ZonePlan | undefined {
  if (value === '') return undefined
  const plan = PLANS.find((candidate) => candidate === value.toLowerCase())
  if (plan === undefined) throw new InputError(`Input "plan" must be one of ${PLANS.join(', ')}; got "${shown(value)}".`)
  return plan
}

const WINDOW_UNITS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000 }
const MAX_WINDOW_MS = 90 * 86_400_000

/** A window such as 90m, 24h or 7d (at most 90 days), and the granularity: given, or chosen from the window. */
export function parseAnalytics(window: string, granularity: string): AnalyticsInputs | undefined {
  if (window === '') {
    if (granularity !== '') throw new InputError('Input "analytics-granularity" needs "analytics", the window to report (e.g. 24h).')
    return undefined
  }
  const match = /^(\d+)\s*([mhd])$/i.exec(window)
  const windowMs = match === null ? NaN : Number(match[1]) * (WINDOW_UNITS[(match[2] as string).toLowerCase()] as number)
  if (!(windowMs > 0 && windowMs <= MAX_WINDOW_MS)) {
    throw new InputError(
      `Input "analytics" must be a window such as 90m, 24h or 7d (minutes, hours or days, up to 90d); got "${shown(window)}".`
    )
  }
  if (granularity !== '' && !['minute', 'hour', 'day'].includes(granularity)) {
    throw new InputError(
      `Input "analytics-granularity" must be minute, hour or day (or empty to choose from the window); got "${shown(granularity)}".`
    )
  }
  const chosen: Granularity = windowMs <= 6 * 3_600_000 ? 'minute' : windowMs <= 7 * 86_400_000 ? 'hour' : 'day'
  return { window, windowMs, granularity: granularity === '' ? chosen : (granularity as Granularity) }
}
