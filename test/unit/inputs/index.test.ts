import { resolve } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { InputError } from '../../../src/errors.js'
import { MAX_ENTRY_CHARS } from '../../../src/text.js'
import { getInputs, type Inputs } from '../../../src/inputs/index.js'
import { actionInputs } from '../../support/run-action.js'
import { hostileLength } from '../../support/hostile.js'
import { inputErrorOf, source } from '../../support/inputs.js'

const minimal = { 'api-key': 'k', 'api-url': 'https://api.example.net/v1', zone: 'example.com', files: '/a' }

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
      ['verify-timeout', '0', 'Input "verify-timeout" must be a whole number of seconds from 1 to 600, got "0".'],
      ['delay', '3601', 'Input "delay" must be a whole number of seconds from 0 to 3600, got "3601".'],
      ['purge-again-after', '-1', 'Input "purge-again-after" must be a whole number of seconds from 0 to 3600, got "-1".'],
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
      'Input "concurrency" must be a whole number of requests from 1 to 32, got "33".'
    )
    await expect(getInputs(source({ ...minimal, 'max-attempts': '0' }))).rejects.toThrow(
      'Input "max-attempts" must be a whole number of attempts from 1 to 10'
    )
    await expect(getInputs(source({ ...minimal, timeout: '301' }))).rejects.toThrow(
      'Input "timeout" must be a whole number of seconds from 1 to 300'
    )
  })
  it('throws InputError, so the step shows the message without a stack trace', async () => {
    await expect(getInputs(source({ ...minimal, 'dry-run': 'maybe' }))).rejects.toThrow(InputError)
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
      `Input "batch-size" must be a whole number of URLs or tags from 1 to 1000, got "1 ${'9'.repeat(198)}… (102 more characters)".`
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
      const length = hostileLength(2 ** 20)
      const error = await inputErrorOf(getInputs(source({ ...minimal, [name]: `/a\n/b,${'@'.repeat(length)}` })))
      expect(error.input).toBe(name)
      const count = (n: number): string => n.toLocaleString('en-US')
      expect(error.message).toMatch(new RegExp(`^Input "${name}", line 2: an entry of (${count(length)}|${count(length + 2)}) characters`))
      expect(Math.max(0, ...exec.mock.calls.map(([text]) => String(text).length))).toBeLessThanOrEqual(MAX_ENTRY_CHARS)
    }
  )
})

/**
 * Which inputs of action.yml each field of Inputs is read from: the type checks that every field is here and no other
 * (an object literal that `satisfies` a Record has neither a missing nor an extra key), the test below that the inputs
 * are action.yml's, each read into a field, and that getInputs gives exactly these fields.
 */
const FIELDS_FROM = {
  apiKey: ['api-key'],
  apiUrl: ['api-url'],
  zones: ['zone'],
  createZone: ['create-zone'],
  plan: ['plan'],
  analytics: ['analytics', 'analytics-granularity'],
  purgeEverything: ['purge-everything'],
  files: ['files'],
  filesFrom: ['files-from'],
  tags: ['tags'],
  changes: [
    'changed-since',
    'previous-manifest',
    'site-dir',
    'url-base',
    'index-file',
    'include',
    'exclude',
    'purge-everything-over',
    'github-token'
  ],
  commitStatus: ['commit-status', 'github-token'],
  manifest: ['manifest', 'site-dir'],
  settings: ['settings'],
  waitForPropagation: ['wait-for-propagation'],
  verify: ['verify'],
  verifyTimeoutSeconds: ['verify-timeout'],
  verifyTimeout: ['verify-timeout'],
  warm: ['warm'],
  probeUrls: ['probe-urls'],
  batchSize: ['batch-size'],
  concurrency: ['concurrency'],
  maxAttempts: ['max-attempts'],
  timeoutSeconds: ['timeout'],
  rateLimitWaitSeconds: ['rate-limit-wait'],
  delaySeconds: ['delay'],
  purgeAgainAfterSeconds: ['purge-again-after'],
  origin: ['wait-for-origin', 'origin-url', 'origin-marker', 'site-dir'],
  site: ['site-dir', 'url-base', 'index-file'],
  dryRun: ['dry-run'],
  summary: ['summary'],
  workspace: [],
  warnings: []
} as const satisfies Record<keyof Inputs, readonly string[]>

describe('Inputs and action.yml', () => {
  it('every field of Inputs is read from inputs of action.yml, and every input of action.yml into a field', () => {
    const declared = Object.keys(actionInputs).sort()
    const read = [...new Set(Object.values(FIELDS_FROM).flat())].sort()
    expect(read).toEqual(declared)
  })

  it('getInputs gives exactly the fields of Inputs', async () => {
    const inputs = await getInputs(source(minimal))
    expect(Object.keys(inputs).sort()).toEqual(Object.keys(FIELDS_FROM).sort())
  })
})
