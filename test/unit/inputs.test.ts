import { resolve } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { InputError } from '../../src/errors.js'
import { redact } from '../../src/secrets.js'
import { MAX_ENTRY_CHARS } from '../../src/urls.js'
import { checkCredential, checkProxy, parseApiUrl } from '../../src/inputs/api.js'
import { parseAnalytics } from '../../src/inputs/analytics.js'
import { parseSiteDir, parseUrlBase } from '../../src/inputs/changes.js'
import { parseVerify } from '../../src/inputs/edge.js'
import { parseBoolean } from '../../src/inputs/flags.js'
import { getInputs } from '../../src/inputs/index.js'
import { parseWholeNumber } from '../../src/inputs/numbers.js'
import { splitList } from '../../src/inputs/purge.js'
import { parsePlan, parseZoneRef, parseZoneSelection } from '../../src/inputs/zones.js'
import { actionInputs, EXPRESSION_DEFAULTS } from '../e2e/run-action.js'
import { GUARD, mebibyteOf } from './fixtures/hostile.js'
import { inputError, inputErrorOf, source } from './fixtures/inputs.js'

const minimal = { 'api-key': 'k', 'api-url': 'https://api.example.net/v1', zone: 'example.com', files: '/a' }

describe('parseBoolean', () => {
  it('accepts true and false in any letter case', () => {
    expect(parseBoolean('dry-run', 'TRUE', false)).toBe(true)
    expect(parseBoolean('dry-run', 'False', true)).toBe(false)
    expect(parseBoolean('dry-run', ' tRuE ', false)).toBe(true)
  })
  it('uses the default for an empty value', () => {
    expect(parseBoolean('summary', '', true)).toBe(true)
  })
  it.each(['yes', '1', 'on', 'y'])('rejects %s, naming the input', (value) => {
    expect(() => parseBoolean('dry-run', value, false)).toThrow(
      new InputError('dry-run', `Input "dry-run" must be true or false, got "${value}".`)
    )
  })
})

describe('parseWholeNumber', () => {
  it('accepts whole numbers within the range', () => {
    expect(parseWholeNumber('batch-size', '1', 30, 1, 1000)).toBe(1)
    expect(parseWholeNumber('batch-size', '1000', 30, 1, 1000)).toBe(1000)
    expect(parseWholeNumber('batch-size', '', 30, 1, 1000)).toBe(30)
  })
  it.each(['0', '1001', '2.5', '-1', 'ten', '1e3', '0x10'])('rejects %s, naming the input and the range', (value) => {
    expect(() => parseWholeNumber('batch-size', value, 30, 1, 1000)).toThrow(
      `Input "batch-size" must be a whole number from 1 to 1000, got "${value}".`
    )
  })
})

describe('splitList', () => {
  it('splits on newlines, commas and whitespace, dropping empty entries', () => {
    expect(splitList('a, b\n\n c\td,,e\r\n', 'tags')).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(splitList('   ', 'tags')).toEqual([])
  })
})

describe('parseApiUrl', () => {
  it('accepts https and strips trailing slashes', () => {
    expect(parseApiUrl('https://api.example.net/v1/')).toBe('https://api.example.net/v1')
  })
  it.each(['http://localhost:8080/v1', 'http://127.0.0.1:1/v1', 'http://127.5.6.7/v1', 'http://[::1]:9/v1'])(
    'accepts http for loopback %s',
    (url) => {
      expect(parseApiUrl(url)).toBe(url)
    }
  )
  it.each(['http://api.example.net/v1', 'http://10.0.0.1/v1', 'ftp://api.example.net', 'http://127.0.0.1.example.net/v1'])(
    'rejects %s, saying https is required',
    (url) => {
      expect(() => parseApiUrl(url)).toThrow(/"api-url" must use https:\/\//)
    }
  )
  it('rejects something that is not a URL', () => {
    expect(() => parseApiUrl('api.example.net')).toThrow('Input "api-url" is not a URL')
  })
  it.each([
    'http://evil-localhost/v1',
    'http://localhost.evil.test/v1',
    'http://127.0.0.1.evil.test/v1',
    'http://evil.test/127.0.0.1',
    'http://[::2]/v1'
  ])('refuses plain http to %s, a host that only looks like loopback', (url) => {
    expect(inputError(() => parseApiUrl(url)).message).toMatch(
      /^Input "api-url" must use https:\/\/ \(the API key is sent with every request\); got "http:\/\/[^"]+"\. Plain http:\/\/ is accepted only for loopback hosts/
    )
  })
  it('accepts loopback however the URL parser is given it', () => {
    expect(parseApiUrl('http://LOCALHOST:8080/v1')).toBe('http://localhost:8080/v1')
    expect(parseApiUrl('http://127.1:8080/v1')).toBe('http://127.0.0.1:8080/v1')
  })
  it('shows a value that is not a URL with credentials hidden', () => {
    expect(inputError(() => parseApiUrl('https://user:hunter2@api example.net')).message).toBe(
      'Input "api-url" is not a URL: "https://***@api example.net". Expected e.g. https://api.example.net/v1.'
    )
  })
  it('rejects credentials or a query in the address', () => {
    expect(() => parseApiUrl('https://user:pw@api.example.net/v1')).toThrow(/without credentials/)
    expect(() => parseApiUrl('https://api.example.net/v1?x=1')).toThrow(/without credentials, query/)
  })
})

describe('parseZoneRef', () => {
  it('takes a valid host name with a dot as a name', () => {
    expect(parseZoneRef('Example.COM.')).toEqual({ kind: 'name', name: 'Example.COM.' })
    expect(parseZoneRef('shop.example.co.uk')).toEqual({ kind: 'name', name: 'shop.example.co.uk' })
  })
  it('takes letters, digits, - and _ as an id', () => {
    expect(parseZoneRef('023e105f4ecef8ad9ca31a8372d0c353')).toEqual({ kind: 'id', id: '023e105f4ecef8ad9ca31a8372d0c353' })
    expect(parseZoneRef('Zone_1-2')).toEqual({ kind: 'id', id: 'Zone_1-2' })
  })
  it.each(['..', '.', 'zone_1.2', 'a/b', '%2e%2e', 'a?b', 'zone#1', 'zoné'])(
    'refuses %j, neither a name nor an id, naming the input and what it accepts',
    (value) => {
      const error = (() => {
        try {
          return parseZoneRef(value)
        } catch (caught) {
          return caught
        }
      })()
      expect(error).toBeInstanceOf(InputError)
      expect((error as InputError).input).toBe('zone')
      expect((error as InputError).message).toContain('nor a zone id (letters, digits, "-" and "_" only)')
    }
  )
})

describe('parseZoneSelection', () => {
  it('reads one zone, or several separated by newlines or commas, dropping repeats', () => {
    expect(parseZoneSelection(' example.com ')).toEqual({ kind: 'list', refs: [{ kind: 'name', name: 'example.com' }] })
    expect(parseZoneSelection('example.com, z-123\nshop.example.com\nexample.com')).toEqual({
      kind: 'list',
      refs: [
        { kind: 'name', name: 'example.com' },
        { kind: 'id', id: 'z-123' },
        { kind: 'name', name: 'shop.example.com' }
      ]
    })
  })
  it('reads auto, alone', () => {
    expect(parseZoneSelection('AUTO')).toEqual({ kind: 'auto' })
    expect(() => parseZoneSelection('auto, example.com')).toThrow('Input "zone": "auto" stands alone')
  })
  it('requires a value, and refuses spaces inside an entry', () => {
    expect(() => parseZoneSelection(' , ')).toThrow('Input "zone" is required')
    expect(() => parseZoneSelection('example.com shop.example.com')).toThrow(/separate several zones with newlines or commas/)
  })
})

describe('parsePlan and parseAnalytics', () => {
  it('accepts the four plans, in any case', () => {
    expect(parsePlan('Pro')).toBe('pro')
    expect(parsePlan('')).toBeUndefined()
    expect(() => parsePlan('gold')).toThrow('Input "plan" must be one of free, pro, business, enterprise; got "gold".')
  })
  it('reads up to 90 days, in any unit, and the granularity given', () => {
    expect(parseAnalytics('90d', '')).toEqual({ window: '90d', windowMs: 90 * 86_400_000, granularity: 'day' })
    expect(parseAnalytics('2160h', 'hour')).toEqual({ window: '2160h', windowMs: 90 * 86_400_000, granularity: 'hour' })
    expect(parseAnalytics('24h', 'hour')).toEqual({ window: '24h', windowMs: 86_400_000, granularity: 'hour' })
    expect(parseAnalytics('7D', 'minute')?.granularity).toBe('minute')
    expect(() => parseAnalytics('2161h', '')).toThrow(
      new InputError(
        'analytics',
        'Input "analytics" must be a window such as 90m, 24h or 7d (minutes, hours or days, up to 90d); got "2161h".'
      )
    )
    expect(() => parseAnalytics('129601m', '')).toThrow(/Input "analytics" must be a window/)
  })
  it('reads a window and chooses the granularity from it', () => {
    expect(parseAnalytics('90m', '')).toEqual({ window: '90m', windowMs: 5_400_000, granularity: 'minute' })
    expect(parseAnalytics('6h', '')?.granularity).toBe('minute')
    expect(parseAnalytics('7h', '')?.granularity).toBe('hour')
    expect(parseAnalytics('7d', '')?.granularity).toBe('hour')
    expect(parseAnalytics('8d', '')?.granularity).toBe('day')
    expect(parseAnalytics('24h', 'day')).toEqual({ window: '24h', windowMs: 86_400_000, granularity: 'day' })
    expect(parseAnalytics('', '')).toBeUndefined()
  })
  it.each([['1w'], ['0h'], ['91d'], ['24'], ['h']])('refuses the window %s', (window) => {
    expect(() => parseAnalytics(window, '')).toThrow(/Input "analytics" must be a window such as 90m, 24h or 7d/)
  })
  it('refuses another granularity, or one without a window', () => {
    expect(() => parseAnalytics('24h', 'week')).toThrow('Input "analytics-granularity" must be minute, hour or day')
    expect(() => parseAnalytics('', 'hour')).toThrow('Input "analytics-granularity" needs "analytics"')
  })
})

describe('zone inputs together', () => {
  it('refuse auto with tags, purge-everything, settings or create-zone', async () => {
    await expect(getInputs(source({ ...minimal, zone: 'auto', tags: 't' }))).rejects.toThrow(
      /Input "zone" is auto, which routes URLs to their zones; "tags", "purge-everything" and "settings" need the zones named/
    )
    await expect(getInputs(source({ ...minimal, zone: 'auto', files: '', 'purge-everything': 'true' }))).rejects.toThrow(
      /Input "zone" is auto, which routes URLs/
    )
    await expect(getInputs(source({ ...minimal, zone: 'auto', settings: 'sdk: {enabled: true}' }))).rejects.toThrow(
      /Input "zone" is auto, which routes URLs/
    )
    await expect(getInputs(source({ ...minimal, zone: 'auto', 'create-zone': 'true' }))).rejects.toThrow(
      /"create-zone" needs the zone names/
    )
  })
  it('warn that plan does nothing without create-zone', async () => {
    expect((await getInputs(source({ ...minimal, plan: 'pro' }))).warnings).toEqual([
      'Input "plan" is only sent when a zone is created; set "create-zone: true" for it to have an effect.'
    ])
  })
})

describe('getInputs', () => {
  it('gives the documented defaults', async () => {
    const inputs = await getInputs(source(minimal))
    expect(inputs).toMatchObject({
      purgeEverything: false,
      waitForPropagation: false,
      batchSize: 30,
      concurrency: 4,
      maxAttempts: 5,
      timeoutSeconds: 30,
      rateLimitWaitSeconds: 600,
      delaySeconds: 0,
      purgeAgainAfterSeconds: 0,
      verify: 0,
      verifyTimeoutSeconds: 60,
      warm: false,
      probeUrls: [],
      dryRun: false,
      summary: true,
      settings: undefined,
      filesFrom: undefined,
      files: ['/a'],
      tags: []
    })
  })
  it('reads the edge checks: verify as true, false or a count, the waits, warm and probe-urls', async () => {
    const inputs = await getInputs(
      source({
        ...minimal,
        verify: 'TRUE',
        'verify-timeout': '600',
        delay: '3600',
        'purge-again-after': '1',
        warm: 'true',
        'probe-urls': '/, https://example.com/x,y'
      })
    )
    expect(inputs).toMatchObject({
      verify: 20,
      verifyTimeoutSeconds: 600,
      delaySeconds: 3600,
      purgeAgainAfterSeconds: 1,
      warm: true,
      probeUrls: ['/', 'https://example.com/x,y'],
      warnings: []
    })
    expect((await getInputs(source({ ...minimal, verify: '1000' }))).verify).toBe(1000)
    expect((await getInputs(source({ ...minimal, verify: 'false' }))).verify).toBe(0)
    for (const [name, value, rule] of [
      ['verify', '0', 'Input "verify" must be true, false or how many of the purged URLs to check (1 to 1000); got "0".'],
      ['verify', '1001', 'Input "verify" must be true, false or how many of the purged URLs to check (1 to 1000); got "1001".'],
      ['verify', 'yes', 'Input "verify" must be true, false or how many of the purged URLs to check (1 to 1000); got "yes".'],
      ['verify-timeout', '0', 'Input "verify-timeout" must be a whole number from 1 to 600, got "0".'],
      ['delay', '3601', 'Input "delay" must be a whole number from 0 to 3600, got "3601".'],
      ['purge-again-after', '-1', 'Input "purge-again-after" must be a whole number from 0 to 3600, got "-1".'],
      ['warm', 'maybe', 'Input "warm" must be true or false, got "maybe".']
    ] as const) {
      const error = await inputErrorOf(getInputs(source({ ...minimal, [name]: value })))
      expect(error.message).toBe(rule)
      expect(error.input).toBe(name)
    }
  })
  it('warns about verify-timeout without verify, and probe-urls without verify or warm', async () => {
    expect((await getInputs(source({ ...minimal, 'verify-timeout': '30' }))).warnings).toEqual([
      'Input "verify-timeout" has no effect without "verify": nothing is checked at the edge.'
    ])
    expect((await getInputs(source({ ...minimal, 'verify-timeout': '60' }))).warnings).toEqual([])
    expect((await getInputs(source({ ...minimal, 'probe-urls': '/' }))).warnings).toEqual([
      'Input "probe-urls" has no effect without "verify" or "warm": the URLs are only fetched to check or warm them.'
    ])
    expect((await getInputs(source({ ...minimal, 'probe-urls': '/', warm: 'true' }))).warnings).toEqual([])
  })
  it('falls back to CDN_API_KEY and CDN_API_URL', async () => {
    const inputs = await getInputs(
      source({ zone: 'example.com', tags: 't' }, { CDN_API_KEY: 'from-env', CDN_API_URL: 'https://env.example.net/v1' })
    )
    expect(inputs.apiKey).toBe('from-env')
    expect(inputs.apiUrl).toBe('https://env.example.net/v1')
  })
  it('prefers the inputs over the environment', async () => {
    const inputs = await getInputs(source(minimal, { CDN_API_KEY: 'from-env', CDN_API_URL: 'https://env.example.net/v1' }))
    expect(inputs.apiKey).toBe('k')
    expect(inputs.apiUrl).toBe('https://api.example.net/v1')
  })
  it('needs an API key from somewhere', async () => {
    await expect(getInputs(source({ ...minimal, 'api-key': '' }))).rejects.toThrow(/No API key: set input "api-key".*CDN_API_KEY/)
  })
  it('needs an API address from somewhere', async () => {
    await expect(getInputs(source({ ...minimal, 'api-url': '' }))).rejects.toThrow(/No API address: set input "api-url".*CDN_API_URL/)
  })
  it('resolves files-from against GITHUB_WORKSPACE', async () => {
    expect((await getInputs(source({ ...minimal, 'files-from': 'out/urls.txt' }))).filesFrom).toBe(resolve('/work/space', 'out/urls.txt'))
  })
  it('refuses purge-everything with a list', async () => {
    for (const list of [{ files: '/a' }, { tags: 't' }, { 'files-from': 'x' }]) {
      await expect(getInputs(source({ ...minimal, files: '', 'purge-everything': 'true', ...list }))).rejects.toThrow(/cannot be combined/)
    }
  })
  it('refuses to run with nothing to do, rather than purging everything', async () => {
    await expect(getInputs(source({ ...minimal, files: '' }))).rejects.toThrow(/Nothing to do.*An empty list never purges everything/)
    await expect(getInputs(source({ ...minimal, files: ' \n , ' }))).rejects.toThrow(/Nothing to do/)
  })
  it('warns that wait-for-propagation does nothing without settings', async () => {
    expect((await getInputs(source({ ...minimal, 'wait-for-propagation': 'true' }))).warnings).toEqual([
      'Input "wait-for-propagation" has no effect without "settings": there is nothing to wait for.'
    ])
    expect((await getInputs(source({ ...minimal, 'wait-for-propagation': 'true', settings: 'sdk: {enabled: true}' }))).warnings).toEqual([])
  })
  it('accepts settings alone', async () => {
    const inputs = await getInputs(source({ ...minimal, files: '', settings: 'sdk: {enabled: false}' }))
    expect(inputs.settings).toEqual({ sdk: { enabled: false, mode: 'automatic' } })
  })
  it('names the input whose number is out of range', async () => {
    await expect(getInputs(source({ ...minimal, concurrency: '33' }))).rejects.toThrow(
      'Input "concurrency" must be a whole number from 1 to 32, got "33".'
    )
    await expect(getInputs(source({ ...minimal, 'max-attempts': '0' }))).rejects.toThrow(
      'Input "max-attempts" must be a whole number from 1 to 10'
    )
    await expect(getInputs(source({ ...minimal, timeout: '301' }))).rejects.toThrow('Input "timeout" must be a whole number from 1 to 300')
  })
  it('throws InputError, so the step shows the message without a stack trace', async () => {
    await expect(getInputs(source({ ...minimal, 'dry-run': 'maybe' }))).rejects.toThrow(InputError)
  })
})

describe('change inputs', () => {
  it('are undefined without changed-since or previous-manifest', async () => {
    expect((await getInputs(source(minimal))).changes).toBeUndefined()
  })
  it('read a git source with its options', async () => {
    const inputs = await getInputs(
      source({
        ...minimal,
        files: '',
        'changed-since': 'v1.2.0',
        'site-dir': './public/',
        include: '**/*.html\n\n*.css',
        'purge-everything-over': '500'
      })
    )
    expect(inputs.changes).toEqual({
      from: { kind: 'git', since: 'v1.2.0' },
      siteDir: 'public',
      urlBase: undefined,
      indexFile: 'index.html',
      include: ['**/*.html', '*.css'],
      exclude: [],
      purgeEverythingOver: 500,
      githubToken: EXPRESSION_DEFAULTS['${{ github.token }}']
    })
  })
  it('read a manifest source relative to the workspace', async () => {
    const inputs = await getInputs(
      source({ ...minimal, 'previous-manifest': '.cache/m.json', manifest: '.cache/m.json', 'site-dir': 'out' })
    )
    expect(inputs.changes?.from).toEqual({ kind: 'manifest', previous: resolve('/work/space', '.cache/m.json') })
    expect(inputs.manifest).toEqual({ path: resolve('/work/space', '.cache/m.json'), site: resolve('/work/space', 'out') })
  })
  it('mask the GitHub token', async () => {
    expect((await getInputs(source({ ...minimal, 'github-token': ' ghs_abc ', 'changed-since': 'main' }))).changes?.githubToken).toBe(
      'ghs_abc'
    )
  })
  it('refuse a url-base with a user name or password, without showing them', async () => {
    const error = await inputErrorOf(
      getInputs(source({ ...minimal, 'changed-since': 'main', 'url-base': 'https://user:hunter2@example.com/docs/' }))
    )
    expect(error.message).toBe(
      'Input "url-base" must be an absolute http(s) URL where site-dir is served, without a user name, password, query or fragment, such as https://example.com/docs/; got "https://***@example.com/docs/".'
    )
  })
  it.each(['include', 'exclude'])('refuse a %s pattern longer than an entry may be, naming its line', async (name) => {
    const longest = await getInputs(source({ ...minimal, 'changed-since': 'main', [name]: `*.html\n${'a'.repeat(MAX_ENTRY_CHARS)}` }))
    expect(longest.changes?.[name as 'include' | 'exclude']).toEqual(['*.html', 'a'.repeat(MAX_ENTRY_CHARS)])
    const error = await inputErrorOf(
      getInputs(source({ ...minimal, 'changed-since': 'main', [name]: `*.html\n${'a'.repeat(MAX_ENTRY_CHARS + 1)}` }))
    )
    expect(error.input).toBe(name)
    expect(error.message).toBe(
      `Input "${name}", line 2: an entry of 16,385 characters ("${'a'.repeat(200)}… (16,185 more characters)"); at most 16,384 are accepted for one value, URL, path or tag. Nothing was sent.`
    )
  })
  it.each(['main\u0000', 'v1\u0007', 'a b', '-x'])('refuse the ref %j', async (ref) => {
    expect((await inputErrorOf(getInputs(source({ ...minimal, 'changed-since': ref })))).message).toMatch(
      /^Input "changed-since" must be a git ref \(tag, branch or SHA\) or "auto", without spaces or control characters and not starting with "-"; got "/
    )
  })
  it('refuse two change sources, or a change source with purge-everything', async () => {
    await expect(getInputs(source({ ...minimal, 'changed-since': 'auto', 'previous-manifest': 'm.json' }))).rejects.toThrow(
      /give one of them, not both/
    )
    await expect(getInputs(source({ ...minimal, files: '', 'purge-everything': 'true', 'changed-since': 'auto' }))).rejects.toThrow(
      /cannot be combined/
    )
  })
  it('refuse a ref that git would read as an option', async () => {
    await expect(getInputs(source({ ...minimal, 'changed-since': '--output=/tmp/x' }))).rejects.toThrow(
      'Input "changed-since" must be a git ref (tag, branch or SHA) or "auto"'
    )
  })
  it('refuse an index-file with a folder and purge-everything-over out of range', async () => {
    await expect(getInputs(source({ ...minimal, 'changed-since': 'main', 'index-file': 'docs/index.html' }))).rejects.toThrow(
      /Input "index-file" must be a file name/
    )
    await expect(getInputs(source({ ...minimal, 'changed-since': 'main', 'index-file': 'docs\\index.html' }))).rejects.toThrow(InputError)
    await expect(getInputs(source({ ...minimal, 'changed-since': 'main', 'index-file': 'docs\\index.html' }))).rejects.toThrow(
      /Input "index-file" must be a file name/
    )
    await expect(getInputs(source({ ...minimal, 'changed-since': 'main', 'purge-everything-over': '-1' }))).rejects.toThrow(
      /Input "purge-everything-over" must be a whole number from 0 to 1000000/
    )
  })
  it('warn that manifest alone purges nothing based on it', async () => {
    expect((await getInputs(source({ ...minimal, manifest: 'm.json' }))).warnings[0]).toMatch(
      /without "previous-manifest" this run purges nothing based on it/
    )
  })
})

describe('parseSiteDir and parseUrlBase', () => {
  it('normalise a folder and refuse one outside the workspace', () => {
    expect(parseSiteDir('')).toBe('')
    expect(parseSiteDir('.')).toBe('')
    expect(parseSiteDir('./docs/site/')).toBe('docs/site')
    expect(parseSiteDir('docs\\site')).toBe('docs/site')
    expect(() => parseSiteDir('../secrets')).toThrow(/must be a folder inside the repository/)
    expect(() => parseSiteDir('/etc')).toThrow(/must be a folder inside the repository/)
  })
  it('read a Windows path as the same repository folder as on Linux, and refuse a drive letter or a share', () => {
    for (const [given, dir] of [
      ['docs\\site\\', 'docs/site'],
      ['.\\public', 'public'],
      ['.\\', ''],
      ['\\', ''],
      ['/', ''],
      ['docs//site/./', 'docs/site'],
      ['//', ''],
      // A colon past the start is part of a folder's name (git keeps such names), not a drive.
      ['docs/team:site', 'docs/team:site']
    ] as const) {
      expect(parseSiteDir(given), given).toBe(dir)
    }
    for (const given of ['C:\\a\\repo\\public', 'd:/site', 'C:public', '\\\\server\\share\\site', '\\public', 'docs\\..\\..\\secrets']) {
      expect(() => parseSiteDir(given), given).toThrow(InputError)
      expect(() => parseSiteDir(given), given).toThrow(
        `Input "site-dir" must be a folder inside the repository or workspace, relative to it, such as "public" or "docs/site" (no drive letter, not from the root); got "${given}".`
      )
    }
  })
  it('end url-base with a slash and refuse what is not an http(s) base', () => {
    expect(parseUrlBase('https://example.com/docs')).toBe('https://example.com/docs/')
    expect(parseUrlBase('')).toBeUndefined()
    expect(() => parseUrlBase('example.com/docs')).toThrow(/Input "url-base" must be an absolute http\(s\) URL/)
    expect(() => parseUrlBase('https://example.com/?v=1')).toThrow(/Input "url-base"/)
  })
})

describe('credentials', () => {
  const key = (value: string, env: NodeJS.ProcessEnv = {}): Promise<InputError> =>
    inputErrorOf(getInputs(source({ ...minimal, 'api-key': value }, env)))
  const rule =
    'which cannot be sent in an HTTP header. It must hold the credential alone: visible ASCII characters (letters, digits, punctuation), without spaces, line breaks, control or non-ASCII characters. Check how the secret was saved.'

  it.each([
    ['abc-def-1\nabc-def-2', 'a line break'],
    ['abc-def-1\rabc-def-2', 'a line break'],
    ['abc-def-1 abc-def-2', 'whitespace'],
    ['abc-def-1\tabc-def-2', 'whitespace'],
    ['abc-def-1\u00a0abc-def-2', 'whitespace'],
    ['abc-def-1\u0007abc-def-2', 'a control character'],
    ['abc-def-1\u007fabc-def-2', 'a control character'],
    ['abc-def-1\u0000abc-def-2', 'a control character'],
    ['abc-def-1\u200babc-def-2', 'a non-ASCII character'],
    ['abc-def-1éabc-def-2', 'a non-ASCII character'],
    ['abc-def-1\u0085abc-def-2', 'a non-ASCII character']
  ])('refuse an api-key holding %j, saying it holds %s and showing none of it', async (value, kind) => {
    const error = await key(value)
    expect(error.message).toBe(`Input "api-key" holds ${kind}, ${rule}`)
    expect(error.message).not.toContain('abc')
    expect(redact(`x${value}x`)).toBe('x***x')
  })

  it('name CDN_API_KEY when the key came from it', async () => {
    expect((await key('', { CDN_API_KEY: 'abc-def-1\u0007abc-def-2' })).message).toBe(
      `Environment variable "CDN_API_KEY" (the API key, as "api-key" is empty) holds a control character, ${rule}`
    )
  })

  it('check github-token the same way, when given', async () => {
    const error = await inputErrorOf(getInputs(source({ ...minimal, 'github-token': 'ghs_abc\ndef' })))
    expect(error.message).toBe(`Input "github-token" holds a line break, ${rule}`)
    expect((await getInputs(source({ ...minimal, 'github-token': '', 'changed-since': 'main' }))).changes?.githubToken).toBe('')
  })

  it('accept every visible ASCII character', async () => {
    const visible = Array.from({ length: 0x7e - 0x20 }, (_, i) => String.fromCharCode(0x21 + i)).join('')
    expect(() => checkCredential(visible, { input: 'api-key' })).not.toThrow()
    expect((await getInputs(source({ ...minimal, 'api-key': visible }))).apiKey).toBe(visible)
  })

  it('are masked before any other input is read, so no message can show them', async () => {
    const error = await inputErrorOf(
      getInputs(source({ ...minimal, 'api-url': 'ghs_wrongPlace0000', 'github-token': 'ghs_wrongPlace0000' }))
    )
    expect(error.message).toBe('Input "api-url" is not a URL: "***". Expected e.g. https://api.example.net/v1.')
  })
})

describe('files', () => {
  it('split on commas only before an entry, so a URL may hold one', async () => {
    expect((await getInputs(source({ ...minimal, files: 'https://example.com/a,b,/c, /d\n/e,https://example.com/f' }))).files).toEqual([
      'https://example.com/a,b,/c',
      '/d',
      '/e',
      'https://example.com/f'
    ])
  })
  it('warn about an entry that ends in a comma, which is read as part of the URL', async () => {
    expect((await getInputs(source({ ...minimal, files: '/a, /b,' }))).warnings).toEqual([
      'Input "files": the comma ending "/b," is read as part of the URL (a comma separates entries only before "/", "http://" or "https://", or a space); remove it if it was meant to separate.'
    ])
  })
  it('keep tags split on every comma', async () => {
    expect((await getInputs(source({ ...minimal, tags: 'a,b c,,d' }))).tags).toEqual(['a', 'b', 'c', 'd'])
  })
})

describe('messages', () => {
  it('name purge-everything when it conflicts with a list', async () => {
    expect((await inputErrorOf(getInputs(source({ ...minimal, 'purge-everything': 'TRUE' })))).message).toBe(
      'Input "purge-everything" is true, which cannot be combined with "files", "files-from", "tags", "changed-since" or "previous-manifest": purge everything, or purge a list, not both.'
    )
  })
  it('show a long value cut, on one line', async () => {
    expect((await inputErrorOf(getInputs(source({ ...minimal, 'batch-size': `1\n${'9'.repeat(300)}` })))).message).toBe(
      `Input "batch-size" must be a whole number from 1 to 1000, got "1 ${'9'.repeat(198)}… (102 more characters)".`
    )
  })
})

describe('each input on its own', () => {
  const empty = Object.fromEntries(Object.keys(actionInputs).map((name) => [name, '']))
  const bare = { ...empty, ...minimal }

  it('empty means the documented default, for every optional input', async () => {
    expect(await getInputs(source(bare))).toMatchObject({
      createZone: false,
      plan: undefined,
      analytics: undefined,
      purgeEverything: false,
      waitForPropagation: false,
      batchSize: 30,
      concurrency: 4,
      maxAttempts: 5,
      timeoutSeconds: 30,
      rateLimitWaitSeconds: 600,
      dryRun: false,
      summary: true,
      settings: undefined,
      changes: undefined,
      manifest: undefined,
      warnings: []
    })
  })

  it.each(['create-zone', 'purge-everything', 'wait-for-propagation', 'dry-run', 'summary'])(
    '%s: a boolean, named when it is not one',
    async (name) => {
      expect((await inputErrorOf(getInputs(source({ ...bare, [name]: 'maybe' })))).message).toBe(
        `Input "${name}" must be true or false, got "maybe".`
      )
    }
  )

  it('reads the inputs from the runner (INPUT_* variables) by default', async () => {
    const names = {
      'INPUT_API-KEY': 'runner-key',
      'INPUT_API-URL': 'https://api.example.net/v1',
      INPUT_ZONE: 'example.com',
      INPUT_TAGS: 'a b',
      INPUT_SUMMARY: 'false'
    }
    Object.assign(process.env, names)
    try {
      expect(await getInputs()).toMatchObject({ apiKey: 'runner-key', tags: ['a', 'b'], summary: false })
    } finally {
      for (const name of Object.keys(names)) Reflect.deleteProperty(process.env, name)
    }
  })

  it('trims CDN_API_KEY and CDN_API_URL', async () => {
    expect(
      await getInputs(
        source(
          { ...bare, 'api-key': '', 'api-url': '' },
          { CDN_API_KEY: ' env-key\n', CDN_API_URL: '\u00a0https://env.example.net/v1\u2028' }
        )
      )
    ).toMatchObject({
      apiKey: 'env-key',
      apiUrl: 'https://env.example.net/v1'
    })
  })

  it('reads analytics and its granularity', async () => {
    expect((await getInputs(source({ ...bare, analytics: '24h', 'analytics-granularity': 'day' }))).analytics).toEqual({
      window: '24h',
      windowMs: 86_400_000,
      granularity: 'day'
    })
  })

  it('takes settings of whitespace alone as none, and passes on their warnings', async () => {
    expect((await inputErrorOf(getInputs(source({ ...bare, files: '', settings: ' \n ' })))).message).toMatch(/^Nothing to do/)
    expect((await getInputs(source({ ...bare, settings: 'sdk: {enabled: true, mode: strict}' }))).warnings).toEqual([
      'settings.sdk.mode "strict" is not a value the API documents (only "automatic" is); it is sent as given.'
    ])
  })

  it('has something to do with files-from alone', async () => {
    expect((await getInputs(source({ ...bare, files: '', 'files-from': 'urls.txt' }))).filesFrom).toBe(resolve('/work/space', 'urls.txt'))
  })

  it('creates zones named in a list', async () => {
    expect((await getInputs(source({ ...bare, 'create-zone': 'true', plan: 'pro' }))).createZone).toBe(true)
  })

  it('does not warn about manifest with previous-manifest', async () => {
    expect((await getInputs(source({ ...bare, 'previous-manifest': 'm.json', manifest: 'm.json' }))).warnings).toEqual([])
  })

  it('trims each include pattern', async () => {
    expect((await getInputs(source({ ...bare, 'changed-since': 'main', include: '  *.html  \n\t**/*.css' }))).changes?.include).toEqual([
      '*.html',
      '**/*.css'
    ])
  })
})

describe('parsers, at their edges', () => {
  it('parseWholeNumber trims', () => {
    expect(parseWholeNumber('timeout', ' 5 ', 30, 1, 300)).toBe(5)
  })
  it('parseSiteDir drops repeated slashes at either end', () => {
    expect(parseSiteDir('.//docs//')).toBe('docs')
  })
  it.each([
    ['ftp://example.com/docs/'],
    ['https://user@example.com/docs/'],
    ['https://:pw@example.com/docs/'],
    ['https://example.com/docs/#top'],
    ['https://example.com/docs/?v=1']
  ])('parseUrlBase refuses %s', (value) => {
    expect(inputError(() => parseUrlBase(value)).message).toMatch(
      /^Input "url-base" must be an absolute http\(s\) URL where site-dir is served, without a user name, password, query or fragment/
    )
  })
  it('parseUrlBase keeps a trailing slash, and accepts http', () => {
    expect(parseUrlBase('https://example.com/docs/')).toBe('https://example.com/docs/')
    expect(parseUrlBase('http://example.com')).toBe('http://example.com/')
  })
  it.each(['ftp://localhost/v1', 'https://user@api.example.net/v1', 'https://:pw@api.example.net/v1', 'https://api.example.net/v1#x'])(
    'parseApiUrl refuses %s',
    (value) => {
      expect(() => parseApiUrl(value)).toThrow(InputError)
      expect(() => parseApiUrl(value)).toThrow(/^Input "api-url" must/)
    }
  )
  it('parseApiUrl strips every trailing slash, and accepts any loopback address', () => {
    expect(parseApiUrl('https://api.example.net/v1//')).toBe('https://api.example.net/v1')
    expect(parseApiUrl('http://127.10.200.1/v1')).toBe('http://127.10.200.1/v1')
  })
  it.each(['x24h', '24hx', '24xh', '24 h'])('parseAnalytics reads the window %j whole', (window) => {
    if (window === '24 h') expect(parseAnalytics(window, '')?.windowMs).toBe(86_400_000)
    else expect(() => parseAnalytics(window, '')).toThrow(/^Input "analytics" must be a window/)
  })
  it.each([
    ['a.b', 'name'],
    ['x.example.c', 'name'],
    ['example.com!', 'error'],
    [`${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.example`, 'error'],
    ['-a.example', 'error'],
    ['a-.example', 'error'],
    ['localhost', 'id']
  ])('parseZoneRef takes %s as a %s', (value, kind) => {
    if (kind === 'error') expect(() => parseZoneRef(value)).toThrow(InputError)
    else expect(parseZoneRef(value).kind).toBe(kind)
  })
  it('splitList (tags) splits on every comma and whitespace', () => {
    expect(splitList(',a,,b  c,', 'tags')).toEqual(['a', 'b', 'c'])
  })
})

describe('the length of a value', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })
  it.each(['changed-since', 'url-base', 'site-dir', 'files-from', 'index-file', 'batch-size', 'api-url'])(
    'refuses %s longer than an entry, naming it, before any pattern meets it',
    async (name) => {
      const exec = vi.spyOn(RegExp.prototype, 'exec')
      const error = await inputErrorOf(getInputs(source({ ...minimal, 'changed-since': 'main', [name]: `${'/'.repeat(130_000)}x` })))
      expect(error.input).toBe(name)
      expect(error.message).toBe(
        `Input "${name}" is 130,001 characters ("${'/'.repeat(200)}… (129,801 more characters)"); at most 16,384 are accepted for one value, URL, path or tag. Nothing was sent.`
      )
      expect(Math.max(0, ...exec.mock.calls.map(([text]) => String(text).length))).toBeLessThanOrEqual(MAX_ENTRY_CHARS)
    }
  )
  it.each(['files', 'probe-urls', 'tags'])(
    'refuses an entry of %s longer than MAX_ENTRY_CHARS, naming its line, before any pattern meets it',
    async (name) => {
      const exec = vi.spyOn(RegExp.prototype, 'exec')
      const error = await inputErrorOf(getInputs(source({ ...minimal, [name]: `/a\n/b,${'@'.repeat(2 ** 20)}` })))
      expect(error.input).toBe(name)
      expect(error.message).toMatch(new RegExp(`^Input "${name}", line 2: an entry of 1,048,57[68] characters`))
      expect(Math.max(0, ...exec.mock.calls.map(([text]) => String(text).length))).toBeLessThanOrEqual(MAX_ENTRY_CHARS)
    }
  )
  it('takes a tag of MAX_ENTRY_CHARS', () => {
    expect(splitList(`a\n${'t'.repeat(MAX_ENTRY_CHARS)}`, 'tags')).toEqual(['a', 't'.repeat(MAX_ENTRY_CHARS)])
    expect(inputError(() => splitList(`a\n\nb ${'t'.repeat(MAX_ENTRY_CHARS + 1)}`, 'tags')).message).toMatch(
      /^Input "tags", line 3: an entry of 16,385 characters/
    )
  })
  it.each([',', ' ', '\n', ', \r\n'])('a mebibyte of the separators %j of tags is no tag', GUARD, (piece) => {
    expect(splitList(mebibyteOf(piece), 'tags')).toEqual([])
  })
})

describe('the patterns of inputs.ts, on a mebibyte of their own separators', () => {
  it.each(['/', './', '\\', '/x'])('parseSiteDir gets through %j', GUARD, (piece) => {
    const text = `a${mebibyteOf(piece)}b`
    expect(parseSiteDir(text).length).toBeGreaterThan(0)
  })
  it('parseApiUrl gets through a path of slashes', GUARD, () => {
    expect(parseApiUrl(`https://api.example.net/${'/'.repeat(2 ** 20)}x/${'/'.repeat(2 ** 20)}`)).toMatch(/x$/)
  })
  it.each(['a.', 'a-', '.', '-', ',', '\n', 'a\n', '_'])('parseZoneSelection gets through %j', GUARD, (piece) => {
    const value = mebibyteOf(piece)
    try {
      expect(parseZoneSelection(value).kind).toBe('list')
    } catch (error) {
      expect(error).toBeInstanceOf(InputError)
    }
  })
  it.each(['1', '1 ', ' '])('parseAnalytics, parseWholeNumber and parseVerify get through %j', GUARD, (piece) => {
    const value = `${mebibyteOf(piece)}x`
    expect(() => parseAnalytics(value, '')).toThrow(InputError)
    expect(() => parseWholeNumber('delay', value, 0, 0, 1)).toThrow(InputError)
    expect(() => parseVerify(value)).toThrow(InputError)
  })
})

describe('checkProxy', () => {
  it('refuses a proxy variable undici cannot use for an https:// API, naming it but not its value', async () => {
    const error = await inputErrorOf(getInputs(source(minimal, { HTTPS_PROXY: 'proxyuser:pass-3e9f@proxy.corp:3128' })))
    expect(error.message).toBe(
      'The environment variable HTTPS_PROXY is not a proxy address: set it to a URL such as http://proxy.example:3128 (http://, https:// or socks5://), or unset it. Its value is not shown: it may hold a password.'
    )
    expect(inputError(() => checkProxy(true, { http_proxy: 'nope' })).message).toMatch(/^The environment variable http_proxy is not/)
  })

  it('checks the proxy for an http:// API when verify or warm go through it to the edge', async () => {
    const loopback = { ...minimal, 'api-url': 'http://localhost:9/v1' }
    expect((await inputErrorOf(getInputs(source({ ...loopback, verify: '1' }, { HTTP_PROXY: 'nope' })))).message).toMatch(
      /^The environment variable HTTP_PROXY is not/
    )
    expect((await inputErrorOf(getInputs(source({ ...loopback, warm: 'true' }, { HTTP_PROXY: 'nope' })))).message).toMatch(
      /^The environment variable HTTP_PROXY is not/
    )
  })

  it('lets a usable proxy through, and any value at all when nothing goes through a proxy', async () => {
    expect(() => checkProxy(true, { HTTPS_PROXY: 'http://proxy.example:3128' })).not.toThrow()
    expect(() => checkProxy(false, { HTTPS_PROXY: 'nope', HTTP_PROXY: 'nope' })).not.toThrow()
    await expect(getInputs(source({ ...minimal, 'api-url': 'http://localhost:9/v1' }, { HTTP_PROXY: 'nope' }))).resolves.toMatchObject({
      apiUrl: 'http://localhost:9/v1'
    })
  })
})
