import * as nodePath from 'node:path'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/errors.js'
import type { SiteMap } from '../../../src/site.js'
import { bustedUrl, CACHE_BUSTER, originAddress, planOriginCheck, type OriginRequest } from '../../../src/origin/targets.js'

const dir = nodePath.resolve('/work/space/public')
const site: SiteMap = { dir, urlBase: undefined, indexFile: 'index.html' }
const file = (...parts: string[]): string => nodePath.join(dir, ...parts)

describe('originAddress', () => {
  it('appends the URL’s path and query to origin-url’s path', () => {
    expect(originAddress('https://example.com/a/b.html?x=1#f', 'https://bucket.s3.eu-west-1.amazonaws.com/site')).toBe(
      'https://bucket.s3.eu-west-1.amazonaws.com/site/a/b.html?x=1'
    )
    expect(originAddress('https://example.com/', 'http://10.0.0.5:8080/')).toBe('http://10.0.0.5:8080/')
    expect(originAddress('https://example.com/a', 'http://127.0.0.1:9000')).toBe('http://127.0.0.1:9000/a')
    expect(originAddress('https://example.com/a', 'http://127.0.0.1:9000/site//')).toBe('http://127.0.0.1:9000/site/a')
  })
})

describe('bustedUrl', () => {
  it('adds the parameter to the query, or starts one, and drops a fragment', () => {
    expect(CACHE_BUSTER).toBe('cdn-purge-origin-check')
    expect(bustedUrl('http://example.com/a.html', 't1')).toBe('http://example.com/a.html?cdn-purge-origin-check=t1')
    expect(bustedUrl('http://example.com/a?v=2', 't2')).toBe(`http://example.com/a?v=2&${CACHE_BUSTER}=t2`)
    expect(bustedUrl('http://example.com/a#top', 't3')).toBe(`http://example.com/a?${CACHE_BUSTER}=t3`)
  })
})

const request = (fields: Partial<OriginRequest>): OriginRequest => ({
  urls: [],
  deployed: new Map(),
  site: undefined,
  originUrl: undefined,
  marker: undefined,
  zoneNames: ['example.com'],
  ...fields
})

function inputError(fn: () => unknown): InputError {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return error as InputError
  }
  throw new Error('expected an InputError')
}

describe('planOriginCheck', () => {
  it('checks the URLs whose file the change list or site-dir knows, the change list first', () => {
    const plan = planOriginCheck(
      request({
        urls: ['https://example.com/a.html', 'https://example.com/b.html', 'https://other.net/c.html'],
        deployed: new Map([['https://example.com/a.html', '/elsewhere/a.html']]),
        site
      })
    )
    expect(plan).toEqual({
      where: 'edge',
      urls: [
        { url: 'https://example.com/a.html', fetchUrl: 'https://example.com/a.html', file: '/elsewhere/a.html' },
        { url: 'https://example.com/b.html', fetchUrl: 'https://example.com/b.html', file: file('b.html') }
      ],
      marker: undefined,
      known: 2
    })
  })

  it('takes up to 20, spread over the list, each URL once', () => {
    const urls = Array.from({ length: 100 }, (_, i) => `https://example.com/${i}.html`)
    const plan = planOriginCheck(request({ urls: [...urls, ...urls], site }))
    expect(plan.known).toBe(100)
    expect(plan.urls.map((url) => url.url)).toEqual(Array.from({ length: 20 }, (_, i) => `https://example.com/${i * 5 + 2}.html`))
  })

  it('through the edge, leaves out URLs it may not fetch there; at origin-url, fetches each there', () => {
    const urls = ['http://127.0.0.1/a.html', 'http://localhost/b.html', 'https://example.com/c.html']
    const deployed = new Map(urls.map((url) => [url, `/f${url.length}`]))
    expect(planOriginCheck(request({ urls, deployed })).urls.map((url) => url.url)).toEqual(['https://example.com/c.html'])
    const direct = planOriginCheck(request({ urls, deployed, originUrl: 'http://10.1.2.3:8080/site/' }))
    expect(direct.where).toBe('origin-url')
    expect(direct.urls.map((url) => url.fetchUrl)).toEqual([
      'http://10.1.2.3:8080/site/a.html',
      'http://10.1.2.3:8080/site/b.html',
      'http://10.1.2.3:8080/site/c.html'
    ])
  })

  it('adds the marker, fetched where the URLs are', () => {
    const marker = { url: 'https://example.com/version.txt', text: 'abc123' }
    expect(planOriginCheck(request({ marker })).marker).toEqual({ ...marker, fetchUrl: marker.url, file: undefined })
    expect(planOriginCheck(request({ marker, originUrl: 'https://origin.example.net' })).marker?.fetchUrl).toBe(
      'https://origin.example.net/version.txt'
    )
  })

  it('refuses a marker the edge may not fetch, naming origin-marker', () => {
    const error = inputError(() => planOriginCheck(request({ marker: { url: 'http://10.0.0.1/v.txt', text: 'x' } })))
    expect(error.input).toBe('origin-marker')
    expect(error.message).toBe(
      'Input "origin-marker": http://10.0.0.1/v.txt is not on a zone whose name is known, or names the runner\'s own network, so it is not fetched through the edge. ' +
        'Give a path or a URL on the zone, or set "origin-url" to check the origin directly.'
    )
    expect(
      planOriginCheck(request({ marker: { url: 'http://10.0.0.1/v.txt', text: 'x' }, originUrl: 'http://10.0.0.1' })).marker
    ).toBeDefined()
  })

  it('with nothing to check, is an InputError that names wait-for-origin and says to set site-dir or origin-marker', () => {
    const error = inputError(() => planOriginCheck(request({ urls: ['https://example.com/a.html'] })))
    expect(error.input).toBe('wait-for-origin')
    expect(error.message).toMatch(
      /^Input "wait-for-origin" has nothing to check: of 1 URL, none maps to a deployed file that the step knows on a zone whose name is known\. Set/
    )
    const direct = inputError(() => planOriginCheck(request({ urls: ['https://example.com/a.html'], originUrl: 'http://o/' })))
    expect(direct.message).toMatch(
      /^Input "wait-for-origin" has nothing to check: of 1 URL, none maps to a deployed file that the step knows\. Set/
    )
    expect(error.message).toContain('Set "site-dir"')
    expect(error.message).toContain('"origin-marker"')
    const tags = inputError(() => planOriginCheck(request({ site })))
    expect(tags.message).toMatch(
      /^Input "wait-for-origin" has nothing to check: this purge has no URL list \(only tags or everything\), and "probe-urls" names no page\. Set "site-dir"/
    )
    // URLs on no zone whose name is known count as nothing to check through the edge.
    expect(inputError(() => planOriginCheck(request({ urls: ['https://example.com/a.html'], site, zoneNames: [] }))).input).toBe(
      'wait-for-origin'
    )
  })
})
