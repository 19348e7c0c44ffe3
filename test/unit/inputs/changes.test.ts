import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/errors.js'
import { MAX_ENTRY_CHARS } from '../../../src/text.js'
import { parseSiteDir, parseUrlBase } from '../../../src/inputs/changes.js'
import { getInputs } from '../../../src/inputs/index.js'
import { EXPRESSION_DEFAULTS } from '../../support/run-action.js'
import { GUARD, mebibyteOf } from '../../support/hostile.js'
import { inputError, inputErrorOf, source } from '../../support/inputs.js'

const minimal = { 'api-key': 'k', 'api-url': 'https://api.example.net/v1', zone: 'example.com', files: '/a' }

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
      /Input "purge-everything-over" must be a whole number of URLs from 0 to 1000000/
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

describe('parseSiteDir and parseUrlBase, at its edges', () => {
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
})

describe('parseSiteDir, on a mebibyte of its own separators', () => {
  it.each(['/', './', '\\', '/x'])('parseSiteDir gets through %j', GUARD, (piece) => {
    const text = `a${mebibyteOf(piece)}b`
    expect(parseSiteDir(text).length).toBeGreaterThan(0)
  })
})

describe('the input each change-input error names, as data', () => {
  it.each([
    ['changed-since', { 'changed-since': '-x' }],
    ['index-file', { 'changed-since': 'main', 'index-file': 'a/index.html' }],
    ['site-dir', { 'site-dir': '../x' }],
    ['url-base', { 'changed-since': 'main', 'url-base': 'ftp://example.com/' }],
    ['purge-everything-over', { 'changed-since': 'main', 'purge-everything-over': '-1' }]
  ])('names %s', async (input, given) => {
    const error = await inputErrorOf(getInputs(source({ ...minimal, ...given })))
    expect(error.input).toBe(input)
    expect(error.message.startsWith(`Input "${input}"`)).toBe(true)
  })
  it('names no single input when both change sources are given: the mistake is the pair', async () => {
    const error = await inputErrorOf(getInputs(source({ ...minimal, 'changed-since': 'main', 'previous-manifest': 'm.json' })))
    expect(error.input).toBeUndefined()
    expect(error.message).toBe(
      'Inputs "changed-since" and "previous-manifest" are two ways to find what changed: give one of them, not both.'
    )
  })
})
