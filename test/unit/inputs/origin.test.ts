import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { getInputs } from '../../../src/inputs/index.js'
import { parseOriginMarker, parseOriginUrl } from '../../../src/inputs/origin.js'
import { inputError, inputErrorOf, source } from '../../support/inputs.js'

const minimal = { 'api-key': 'k', 'api-url': 'https://api.example.net/v1', zone: 'example.com', files: '/a' }

describe('wait-for-origin, origin-url, origin-marker', () => {
  it('are off by default', async () => {
    expect((await getInputs(source(minimal))).origin).toEqual({ waitSeconds: 0, url: undefined, marker: undefined, site: undefined })
  })

  it('reads the wait, the origin, the marker and where site-dir is served', async () => {
    const inputs = await getInputs(
      source({
        ...minimal,
        'wait-for-origin': '3600',
        'origin-url': 'https://my-bucket.s3.eu-west-1.amazonaws.com/site',
        'origin-marker': '/version.txt  build 1.4.2 ',
        'site-dir': 'public/',
        'url-base': 'https://example.com/docs',
        'index-file': 'home.html'
      })
    )
    expect(inputs.origin).toEqual({
      waitSeconds: 3600,
      url: 'https://my-bucket.s3.eu-west-1.amazonaws.com/site',
      marker: { entry: '/version.txt', text: 'build 1.4.2' }
    })
    expect(inputs.site).toEqual({ dir: resolve('/work/space', 'public'), urlBase: 'https://example.com/docs/', indexFile: 'home.html' })
    expect(inputs.warnings).toEqual([])
  })

  it('takes site-dir "/" as the workspace root, and no site-dir as no mapping', async () => {
    const root = await getInputs(source({ ...minimal, 'site-dir': '/', 'wait-for-origin': '5' }))
    expect(root.site).toEqual({ dir: resolve('/work/space'), urlBase: undefined, indexFile: 'index.html' })
    expect((await getInputs(source({ ...minimal, 'changed-since': 'HEAD~1', 'wait-for-origin': '5' }))).site).toBeUndefined()
  })

  it('refuses a wait that is not a whole number of seconds from 0 to 3600, naming it', async () => {
    for (const value of ['-1', '3601', '1.5', 'soon']) {
      const error = await inputErrorOf(getInputs(source({ ...minimal, 'site-dir': 'public', 'wait-for-origin': value })))
      expect(error.input).toBe('wait-for-origin')
      expect(error.message).toBe(`Input "wait-for-origin" must be a whole number of seconds from 0 to 3600, got "${value}".`)
    }
  })

  it('is an input error with nothing to check, naming wait-for-origin and saying to set site-dir or origin-marker', async () => {
    const error = await inputErrorOf(getInputs(source({ ...minimal, 'wait-for-origin': '60' })))
    expect(error.input).toBe('wait-for-origin')
    expect(error.message).toMatch(/^Input "wait-for-origin" has nothing to check: set "site-dir" .* or "origin-marker"/)
    for (const enough of [{ 'site-dir': 'public' }, { 'origin-marker': '/v.txt 1' }, { 'changed-since': 'HEAD~1' }]) {
      expect((await getInputs(source({ ...minimal, 'wait-for-origin': '60', ...enough }))).origin.waitSeconds).toBe(60)
    }
  })

  it('checks the proxy the checks would go through only when the wait is on', async () => {
    const env = { HTTP_PROXY: 'proxy.example:3128' }
    const on = { ...minimal, 'api-url': 'http://127.0.0.1:1/v1', 'site-dir': 'public', 'wait-for-origin': '5' }
    const error = await inputErrorOf(getInputs(source(on, env)))
    expect(error.message).toContain('HTTP_PROXY is not a proxy address')
    expect((await getInputs(source({ ...on, 'wait-for-origin': '0' }, env))).origin.waitSeconds).toBe(0)
  })

  it('warns that origin-url and origin-marker do nothing without wait-for-origin', async () => {
    const warning =
      'Inputs "origin-url" and "origin-marker" have no effect without "wait-for-origin": set it to the most seconds to wait for the origin to serve the new build.'
    expect((await getInputs(source({ ...minimal, 'origin-url': 'https://o.example.net' }))).warnings).toEqual([warning])
    expect((await getInputs(source({ ...minimal, 'origin-marker': '/v.txt 1' }))).warnings).toEqual([warning])
  })
})

describe('parseOriginUrl', () => {
  it('takes an http or https URL, a private or loopback host included', () => {
    expect(parseOriginUrl('')).toBeUndefined()
    expect(parseOriginUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/')
    expect(parseOriginUrl('https://origin.internal/site/')).toBe('https://origin.internal/site/')
  })

  it('refuses anything else, naming the input', () => {
    for (const value of ['origin.s3.amazonaws.com', 'ftp://o.example.net', 'https://o.example.net/?a=1', 'https://o.example.net/#x']) {
      const error = inputError(() => parseOriginUrl(value))
      expect(error.input).toBe('origin-url')
      expect(error.message).toContain(`got "${value}"`)
    }
    // A password is refused and never shown.
    const withPassword = inputError(() => parseOriginUrl('https://user:hunter22@o.example.net'))
    expect(withPassword.input).toBe('origin-url')
    expect(withPassword.message).not.toContain('hunter22')
  })
})

describe('parseOriginMarker', () => {
  it('splits at the first whitespace: the URL or path, then the text', () => {
    expect(parseOriginMarker('')).toBeUndefined()
    expect(parseOriginMarker('/version.txt abc123')).toEqual({ entry: '/version.txt', text: 'abc123' })
    expect(parseOriginMarker('https://example.com/v\tRelease 2 (final)')).toEqual({
      entry: 'https://example.com/v',
      text: 'Release 2 (final)'
    })
    expect(parseOriginMarker('http://example.com/v?x=1  two  spaces')).toEqual({ entry: 'http://example.com/v?x=1', text: 'two  spaces' })
  })

  it('refuses a marker without text, on two lines, or whose URL is neither a path nor http(s) without credentials', () => {
    for (const value of [
      '/version.txt',
      'version.txt abc',
      'ftp://example.com/v abc',
      'git+https://example.com/v abc',
      'https://u:p@example.com/v abc',
      'https://u@example.com/v abc',
      'https://:p@example.com/v abc',
      '/v.txt abc\ndef',
      '/v.txt\nabc',
      'junk\n/v.txt abc'
    ]) {
      const error = inputError(() => parseOriginMarker(value))
      expect(error.input).toBe('origin-marker')
      expect(error.message).toMatch(/^Input "origin-marker" must be a URL/)
    }
  })
})
