import { describe, expect, it } from 'vitest'
import type { ChangeInputs } from '../../../src/changes/index.js'
import { InputError } from '../../../src/errors.js'
import { getInputs } from '../../../src/inputs/index.js'
import { checkErrors, RULES, warningsFor, type Asked, type Given } from '../../../src/inputs/rules.js'
import { inputError, inputErrorOf, source } from '../../support/inputs.js'

const minimal = { 'api-key': 'k', 'api-url': 'https://api.example.net/v1', zone: 'example.com', files: '/a' }

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

/** One URL to purge in one named zone, nothing else: no rule applies. */
const asked: Asked = {
  zones: { kind: 'list', refs: [{ kind: 'name', name: 'example.com' }] },
  createZone: false,
  purgeEverything: false,
  files: ['/a'],
  filesFrom: undefined,
  tags: [],
  changes: undefined,
  settings: undefined
}
const given: Given = {
  ...asked,
  plan: undefined,
  waitForPropagation: false,
  verify: 0,
  verifyTimeout: '',
  warm: false,
  probeUrls: [],
  manifest: undefined,
  origin: { waitSeconds: 0, url: undefined, marker: undefined }
}
const AUTO = { kind: 'auto' } as const
/** What changed, from git or from a manifest: only where it comes from counts for the rules. */
const changesFrom = (from: ChangeInputs['from']): ChangeInputs => ({
  from,
  siteDir: '',
  urlBase: undefined,
  indexFile: 'index.html',
  include: [],
  exclude: [],
  purgeEverythingOver: 0,
  githubToken: ''
})
const GIT = changesFrom({ kind: 'git', since: 'HEAD~1' })
const MANIFEST = changesFrom({ kind: 'manifest', previous: '/previous.json' })
const SETTINGS = { sdk: { enabled: true, mode: 'automatic' } }

const ERRORS = {
  everything:
    'Input "purge-everything" is true, which cannot be combined with "files", "files-from", "tags", "changed-since" or "previous-manifest": purge everything, or purge a list, not both.',
  nothing:
    'Nothing to do: give "files", "files-from", "tags", "changed-since" or "previous-manifest" to purge, "purge-everything: true", or "settings" to apply. An empty list never purges everything.',
  auto: 'Input "zone" is auto, which routes URLs to their zones; "tags", "purge-everything" and "settings" need the zones named explicitly in "zone".',
  create: 'Input "create-zone" needs the zone names in "zone"; "auto" only routes URLs to zones that exist.'
}
const WARNINGS = {
  propagation: 'Input "wait-for-propagation" has no effect without "settings": there is nothing to wait for.',
  verifyTimeout: 'Input "verify-timeout" has no effect without "verify": nothing is checked at the edge.',
  probes: 'Input "probe-urls" has no effect without "verify" or "warm": the URLs are only fetched to check or warm them.',
  origin:
    'Inputs "origin-url" and "origin-marker" have no effect without "wait-for-origin": set it to the most seconds to wait for the origin to serve the new build.',
  plan: 'Input "plan" is only sent when a zone is created; set "create-zone: true" for it to have an effect.',
  manifest:
    'Input "manifest" is written from "site-dir"; without "previous-manifest" this run purges nothing based on it. Give both to purge what a build changed.'
}

describe('RULES, the rules over several inputs', () => {
  it('are four errors, then six warnings, in the order they are checked', () => {
    expect(RULES.map((rule) => ('error' in rule ? rule.error : rule.warning))).toEqual([
      ...Object.values(ERRORS),
      ...Object.values(WARNINGS)
    ])
  })
  it('apply to nothing in a plain purge of a list', () => {
    expect(() => checkErrors(asked)).not.toThrow()
    expect(warningsFor(given)).toEqual([])
  })
})

describe('checkErrors', () => {
  it.each([
    ['everything', 'purge-everything', { purgeEverything: true }],
    ['everything', 'purge-everything', { purgeEverything: true, files: [], filesFrom: '/urls.txt' }],
    ['everything', 'purge-everything', { purgeEverything: true, files: [], tags: ['t'] }],
    ['everything', 'purge-everything', { purgeEverything: true, files: [], changes: GIT }],
    ['nothing', undefined, { files: [] }],
    ['auto', 'zone', { zones: AUTO, tags: ['t'] }],
    ['auto', 'zone', { zones: AUTO, settings: SETTINGS }],
    ['auto', 'zone', { zones: AUTO, files: [], purgeEverything: true }],
    ['create', 'create-zone', { zones: AUTO, createZone: true }]
  ] as const)('refuses with the %s error, naming %s for the annotation', (error, input, over) => {
    const thrown = inputError(() => checkErrors({ ...asked, ...over }))
    expect(thrown).toBeInstanceOf(InputError)
    expect(thrown.input).toBe(input)
    expect(thrown.message).toBe(ERRORS[error])
  })
  it.each([
    ['purge-everything alone', { purgeEverything: true, files: [] }],
    ['settings alone', { files: [], settings: SETTINGS }],
    ['files-from alone', { files: [], filesFrom: '/urls.txt' }],
    ['tags alone', { files: [], tags: ['t'] }],
    ['what changed alone', { files: [], changes: GIT }],
    ['auto with files', { zones: AUTO }],
    ['create-zone with named zones', { createZone: true }]
  ] as const)('lets %s through', (_, over) => {
    expect(() => checkErrors({ ...asked, ...over })).not.toThrow()
  })
  it('throws the first error that applies, in the order of the list', () => {
    expect(inputError(() => checkErrors({ ...asked, zones: AUTO, purgeEverything: true, createZone: true })).message).toBe(
      ERRORS.everything
    )
    expect(inputError(() => checkErrors({ ...asked, zones: AUTO, files: [], createZone: true })).message).toBe(ERRORS.nothing)
    expect(inputError(() => checkErrors({ ...asked, zones: AUTO, tags: ['t'], createZone: true })).message).toBe(ERRORS.auto)
  })
  it('checks only the rules it is given, and no warning', () => {
    expect(() => checkErrors({ ...asked, files: [] }, [])).not.toThrow()
    expect(() =>
      checkErrors(
        { ...asked, files: [] },
        RULES.filter((rule) => 'warning' in rule)
      )
    ).not.toThrow()
  })
})

describe('warningsFor', () => {
  it.each([
    ['propagation', { waitForPropagation: true }],
    ['verifyTimeout', { verifyTimeout: '30' }],
    ['verifyTimeout', { verifyTimeout: '060' }],
    ['probes', { probeUrls: ['/'] }],
    ['origin', { origin: { waitSeconds: 0, url: 'https://o.example.net/', marker: undefined } }],
    ['origin', { origin: { waitSeconds: 0, url: undefined, marker: { entry: '/v', text: '1' } } }],
    ['plan', { plan: 'pro' }],
    ['manifest', { manifest: { path: '/m.json', site: '/site' } }],
    ['manifest', { manifest: { path: '/m.json', site: '/site' }, changes: GIT }]
  ] as const)('warns %s', (warning, over) => {
    expect(warningsFor({ ...given, ...over })).toEqual([WARNINGS[warning]])
  })
  it.each([
    ['wait-for-propagation with settings', { waitForPropagation: true, settings: SETTINGS }],
    ['verify-timeout at its default', { verifyTimeout: '60' }],
    ['verify-timeout with verify', { verifyTimeout: '30', verify: 1 }],
    ['probe-urls with verify', { probeUrls: ['/'], verify: 20 }],
    ['probe-urls with warm', { probeUrls: ['/'], warm: true }],
    [
      'origin-url and origin-marker with wait-for-origin',
      { origin: { waitSeconds: 1, url: 'https://o.example.net/', marker: { entry: '/v', text: '1' } } }
    ],
    ['plan with create-zone', { plan: 'pro', createZone: true }],
    ['manifest with previous-manifest', { manifest: { path: '/m.json', site: '/site' }, changes: MANIFEST }]
  ] as const)('does not warn about %s', (_, over) => {
    expect(warningsFor({ ...given, ...over })).toEqual([])
  })
  it('gives every warning that applies, in the order of the list, and only warnings', () => {
    const all: Given = {
      ...given,
      files: [],
      waitForPropagation: true,
      verifyTimeout: '1',
      probeUrls: ['/'],
      origin: { waitSeconds: 0, url: 'https://o.example.net/', marker: undefined },
      plan: 'free',
      manifest: { path: '/m.json', site: '/site' }
    }
    expect(warningsFor(all)).toEqual(Object.values(WARNINGS))
    expect(
      warningsFor(
        all,
        RULES.filter((rule) => 'error' in rule)
      )
    ).toEqual([])
  })
})

describe('the rules in getInputs', () => {
  it('come after each input they read was read on its own', async () => {
    const error = await inputErrorOf(getInputs(source({ ...minimal, files: '', zone: 'a b' })))
    expect(error.input).toBe('zone')
    expect((await inputErrorOf(getInputs(source({ ...minimal, files: '', settings: '[1]' })))).input).toBe('settings')
  })
  it('refuse before the edge inputs and the numbers are read', async () => {
    for (const late of [
      { verify: 'often' },
      { warm: 'maybe' },
      { 'probe-urls': `/${'a'.repeat(20_000)}` },
      { 'batch-size': '0' },
      { 'dry-run': 'x' }
    ]) {
      const error = await inputErrorOf(getInputs(source({ ...minimal, files: '', ...late })))
      expect(error.message).toBe(ERRORS.nothing)
      expect(error.input).toBeUndefined()
    }
    expect((await inputErrorOf(getInputs(source({ ...minimal, zone: 'auto', 'create-zone': 'true', verify: 'often' })))).input).toBe(
      'create-zone'
    )
  })
  it('add their warnings after those of the list and of the settings, in order', async () => {
    const inputs = await getInputs(
      source({
        ...minimal,
        files: '/a,',
        settings: 'sdk: {enabled: true, mode: strict}',
        'verify-timeout': '5',
        'probe-urls': '/',
        plan: 'pro',
        manifest: 'm.json'
      })
    )
    expect(inputs.warnings).toEqual([
      expect.stringMatching(/^Input "files": the comma ending "\/a,"/),
      'settings.sdk.mode "strict" is not a value the API documents (only "automatic" is); it is sent as given.',
      WARNINGS.verifyTimeout,
      WARNINGS.probes,
      WARNINGS.plan,
      WARNINGS.manifest
    ])
  })
})
