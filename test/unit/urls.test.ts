import { fc, test } from '../support/property.js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { InputError } from '../../src/errors.js'
import { registerSecret } from '../../src/secrets/index.js'
import { hideCredentials, scrubCredentials } from '../../src/secrets/credentials.js'
import { checkUrlBase, resolveUrls, routeEntries, routeUrls, splitUrlList, unique } from '../../src/urls.js'
import { checkEntryLength, MAX_ENTRY_CHARS, shown } from '../../src/text.js'
import { GUARD, hostileLength, mebibyteOf } from '../support/hostile.js'
import { inputError } from '../support/inputs.js'

/** Pieces that make the URL parser read an entry differently than it looks: backslashes, tabs, encodings, credentials. */
const TRICKY = [
  '/',
  '\\',
  '//',
  '\t',
  '\n',
  '\r',
  ' ',
  '%5C',
  '%5c',
  '%2F',
  '%09',
  '%2E',
  '%40',
  '.',
  '@',
  ':',
  '?',
  '#',
  '[',
  ']',
  '\u0000',
  '\u3002',
  'https:',
  'http:',
  'HTTPS://',
  'ftp:',
  'javascript:',
  'evil.test',
  'example.com',
  'EXAMPLE.COM',
  'shop.example.com',
  'example.org',
  'www.',
  'user:pw@',
  'a',
  '..',
  'ｅxample.com',
  'xn--bcher-kva',
  'bücher',
  '-'
]
const trickyEntry = fc.array(fc.constantFrom(...TRICKY), { maxLength: 8 }).map((pieces) => pieces.join(''))
const nearZone = fc
  .tuple(
    fc.constantFrom('https://', 'http://', 'HTTPS:', 'https:/\\', '//', '/\\', '/\t/', '/', ''),
    fc.constantFrom('', 'user:pw@', '@', 'example.com@'),
    fc.constantFrom(
      'example.com',
      'www.example.com',
      'shop.example.com',
      'Bücher.example',
      'evil.test',
      'example.com.evil.test',
      'evilexample.com',
      'example.com.'
    ),
    fc.constantFrom('', '/', '\\', ':443/', '%2F', '.'),
    trickyEntry
  )
  .map((pieces) => pieces.join(''))
const anyEntry = fc.oneof(
  nearZone,
  trickyEntry,
  fc.constantFrom('/', '//', '/\\').chain((start) => trickyEntry.map((rest) => start + rest)),
  fc.string({ unit: 'binary' }),
  fc.webUrl({ withQueryParameters: true, withFragments: true, authoritySettings: { withUserInfo: true, withPort: true } })
)

/** What a URL's host must be in (itself or a subdomain) for each zone name, as the URL parser writes hosts. */
const ZONE_HOSTS: Record<string, string> = {
  'example.com': 'example.com',
  'Example.COM.': 'example.com',
  'shop.example.com': 'shop.example.com',
  'bücher.example': 'xn--bcher-kva.example'
}

const inZone = (url: string, zone: string): boolean => {
  const parsed = new URL(url)
  const host = parsed.hostname.replace(/\.$/, '')
  return (
    (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
    parsed.username === '' &&
    parsed.password === '' &&
    (host === zone || host.endsWith(`.${zone}`))
  )
}

describe('resolveUrls keeps every URL in its zone', () => {
  it.each([
    ['/\\evil.test/a', 'https://evil.test/a'],
    ['//evil.test/a', 'https://evil.test/a'],
    ['/\t/evil.test/a', 'https://evil.test/a'],
    ['/\\\t\\evil.test/a', 'https://evil.test/a'],
    ['/\n/evil.test', 'https://evil.test/'],
    ['/\\\\evil.test', 'https://evil.test/'],
    ['//www.example.com/a', 'https://www.example.com/a']
  ])('refuses the path %j, which the URL parser reads as %s', (entry, read) => {
    const error = inputError(() => resolveUrls(['/ok', entry], 'example.com'))
    expect(error.message).toBe(
      '1 entry in "files"/"files-from" is not a URL of this zone. Each must be an absolute http(s) URL on example.com or a subdomain of it, ' +
        `or a path starting with / on the zone's own host, without a user name or password. Nothing was sent.\n  ${entry.replace('\n', ' ')} (read as ${read})`
    )
  })

  it.each([
    'https:evil.test/a',
    'https://evil.test\\.example.com/',
    'https://evil%2Etest/',
    'https://example.com%2Eevil.test/',
    'HTTPS://EVIL.TEST/',
    ' https://evil.test/'
  ])('refuses the URL %j, whose host is not in the zone', (entry) => {
    expect(inputError(() => resolveUrls([entry], 'example.com')).message).toMatch(
      /^1 entry in "files"\/"files-from" is not a URL of this zone\./
    )
  })

  it('keeps an encoded backslash or slash in the path, on the zone', () => {
    expect(resolveUrls(['/%5Cevil.test', '/%2F%2Fevil.test/a', '//example.com/b'], 'example.com')).toEqual([
      'https://example.com/%5Cevil.test',
      'https://example.com/%2F%2Fevil.test/a',
      'https://example.com/b'
    ])
  })

  it('compares hosts with the zone name as the URL parser writes it (IDN, letter case, trailing dot)', () => {
    expect(resolveUrls(['/a', 'https://bücher.example/b', 'https://WWW.Bücher.example./c'], 'Bücher.example.')).toEqual([
      'https://xn--bcher-kva.example/a',
      'https://xn--bcher-kva.example/b',
      'https://www.xn--bcher-kva.example./c'
    ])
  })

  it.each(['', 'exa mple.com', 'example.com/evil', 'evil.test#', 'evil%2Etest', 'user@evil.test'])(
    'puts nothing on a zone whose name %j is no host name',
    (zone) => {
      expect(inputError(() => resolveUrls(['/a'], zone)).message).toMatch(/^1 entry in "files"\/"files-from" is not a URL of this zone\./)
      expect(inputError(() => resolveUrls(['https://evil.test/a'], zone)).message).toMatch(/is not a URL of this zone/)
    }
  )

  it('refuses a user name or password, showing the entry without them', () => {
    const entries = [
      'https://user:hunter2@example.com/a',
      '/\\user:hunter2@example.com/b',
      'http://hunter2@www.example.com/c',
      'https://:hunter2@example.com/d'
    ]
    const error = inputError(() => resolveUrls(entries, 'example.com'))
    expect(error.message).toContain('4 entries in "files"/"files-from" are not URLs of this zone.')
    expect(error.message).toContain(
      '  https://***@example.com/a (a user name or password is not accepted)\n  https://***@example.com/b (a user name or password'
    )
    expect(error.message).toContain('  http://***@www.example.com/c (a user name')
    expect(error.message).toContain('  https://***@example.com/d (a user name')
    expect(error.message).not.toContain('hunter2')
    expect(error.message).not.toContain('user:')
  })

  it('refuses credentials also when the zone name is unknown', () => {
    expect(resolveUrls(['https://anything.example/x'], undefined)).toEqual(['https://anything.example/x'])
    const error = inputError(() => resolveUrls(['https://u:hunter2@anything.example/x'], undefined))
    expect(error.message).toBe(
      '1 entry in "files"/"files-from" is not a URL of this zone. Each must be an absolute http(s) URL, or a path starting with / on the zone\'s own host, ' +
        'without a user name or password. Nothing was sent.\n  https://***@anything.example/x (a user name or password is not accepted)'
    )
  })

  it('says a path needs the zone name, showing the path safely', () => {
    expect(inputError(() => resolveUrls(['/\\evil.test'], undefined)).message).toBe(
      '"/\\evil.test" is a path, and paths need the zone\'s name, which could not be read (the API key may not list zones). Give absolute URLs in "files"/"files-from", or a key that may list zones.'
    )
  })

  it('lists ten offenders, then how many more', () => {
    const bad = Array.from({ length: 12 }, (_, i) => `https://evil.test/${i}`)
    const lines = inputError(() => resolveUrls(bad, 'example.com')).message.split('\n')
    expect(lines.slice(1)).toEqual([...bad.slice(0, 10).map((entry) => `  ${entry}`), '  … and 2 more'])
    expect(inputError(() => resolveUrls(bad.slice(0, 10), 'example.com')).message.split('\n')).toHaveLength(11)
  })

  test.prop([fc.array(anyEntry, { maxLength: 6 }), fc.constantFrom(...Object.keys(ZONE_HOSTS))])(
    'never resolves a URL outside the zone, whatever the entries',
    (entries, zone) => {
      let urls: string[]
      try {
        urls = resolveUrls(entries, zone)
      } catch (error) {
        if (!(error instanceof InputError)) throw error
        return
      }
      for (const url of urls) expect(inZone(url, ZONE_HOSTS[zone] as string)).toBe(true)
    }
  )

  test.prop([anyEntry, fc.constantFrom(...Object.keys(ZONE_HOSTS))])(
    'accepts an entry only when its URL is in the zone, and a path only on the zone host itself',
    (entry, zone) => {
      let urls: string[]
      try {
        urls = resolveUrls([entry], zone)
      } catch (error) {
        if (!(error instanceof InputError)) throw error
        return
      }
      const host = ZONE_HOSTS[zone] as string
      expect(urls).toHaveLength(1)
      expect(inZone(urls[0] as string, host)).toBe(true)
      if (entry.startsWith('/')) expect(new URL(urls[0] as string).hostname.replace(/\.$/, '')).toBe(host)
    }
  )
})

describe('routeUrls keeps every URL in the zone it is sent to', () => {
  const zones = [
    { id: 'root', name: 'example.com' },
    { id: 'shop', name: 'Shop.Example.com.' },
    { id: 'books', name: 'bücher.example' },
    { id: 'unnamed', name: undefined }
  ]
  const hosts: Record<string, string> = { root: 'example.com', shop: 'shop.example.com', books: 'xn--bcher-kva.example' }

  test.prop([fc.array(anyEntry, { maxLength: 6 })])('for any entries', (entries) => {
    let routed: Map<string, string[]>
    try {
      routed = routeUrls(entries, zones)
    } catch (error) {
      if (!(error instanceof InputError)) throw error
      return
    }
    for (const [id, urls] of routed) {
      for (const url of urls) {
        expect(inZone(url, hosts[id] as string)).toBe(true)
        if (id === 'root') expect(inZone(url, 'shop.example.com')).toBe(false)
      }
    }
  })

  it('routes an IDN host to its zone', () => {
    expect(Object.fromEntries(routeUrls(['https://Bücher.example/a'], zones))).toEqual({ books: ['https://xn--bcher-kva.example/a'] })
  })

  it.each(['/\\evil.test/a', '//evil.test/a', '/a'])('refuses %j as a path, which needs a single zone', (entry) => {
    expect(inputError(() => routeUrls([entry], zones)).message).toBe(
      `"${entry}" is a path, and paths need a single named zone; with several zones or "zone: auto", give absolute URLs in "files"/"files-from" (or "url-base" for changed files).`
    )
  })

  it('refuses credentials and foreign hosts, showing no password', () => {
    const error = inputError(() =>
      routeUrls(['https://a:hunter2@shop.example.com/x', 'https://evil.test\\.example.com/', 'ftp://example.com/f'], zones)
    )
    expect(error.message).toBe(
      '3 URLs are on none of the zones (xn--bcher-kva.example, shop.example.com, example.com). Each must be an absolute http(s) URL on one of them or a subdomain of it, ' +
        'without a user name or password; check "files"/"files-from". Nothing was sent.\n' +
        '  https://***@shop.example.com/x (a user name or password is not accepted)\n  https://evil.test\\.example.com/\n  ftp://example.com/f'
    )
  })

  it('names ten zones at most', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ id: `z${i}`, name: `z${i}.example` }))
    expect(inputError(() => routeUrls(['https://evil.test/'], many)).message).toMatch(
      /^1 URL is on none of the zones \((z\d+\.example, ){9}z\d+\.example and 2 more\)\./
    )
    expect(inputError(() => routeUrls(['https://evil.test/'], many.slice(0, 10))).message).toMatch(
      /^1 URL is on none of the zones \((z\d+\.example, ){9}z\d+\.example\)\./
    )
    expect(inputError(() => routeUrls(['https://evil.test/'], [{ id: 'z', name: undefined }])).message).toMatch(
      /^1 URL is on none of the zones \(no zone names are known\)/
    )
    const long = `${'n'.repeat(300)}.example`
    expect(inputError(() => routeUrls(['https://evil.test/'], [{ id: 'z', name: long }])).message).toMatch(
      new RegExp(`^1 URL is on none of the zones \\(${'n'.repeat(200)}… \\(108 more characters\\)\\)`)
    )
    expect(inputError(() => resolveUrls(['https://evil.test/'], long)).message).toContain(
      `on ${'n'.repeat(200)}… (108 more characters) or a subdomain of it`
    )
    expect(inputError(() => checkUrlBase('https://evil.test/', [long])).message).toContain(
      `is not on zone ${'n'.repeat(200)}… (108 more characters) or a subdomain`
    )
  })
})

describe('routeEntries', () => {
  it('resolves against the one zone, paths included', () => {
    expect(Object.fromEntries(routeEntries(['/a', 'https://www.example.com/b'], [{ id: 'z', name: 'example.com' }]))).toEqual({
      z: ['https://example.com/a', 'https://www.example.com/b']
    })
  })
  it('gives the one zone nothing when there are no entries', () => {
    expect(routeEntries([], [{ id: 'z', name: 'example.com' }]).size).toBe(0)
  })
  it('routes by host among several zones, and finds no zone among none', () => {
    expect(
      Object.fromEntries(
        routeEntries(
          ['https://example.org/a'],
          [
            { id: 'com', name: 'example.com' },
            { id: 'org', name: 'example.org' }
          ]
        )
      )
    ).toEqual({ org: ['https://example.org/a'] })
    expect(inputError(() => routeEntries(['https://example.com/a'], [])).message).toMatch(
      /^1 URL is on none of the zones \(no zone names are known\)/
    )
  })
})

describe('checkUrlBase', () => {
  it('cannot check a url-base when a zone name is unknown, and lets it through', () => {
    expect(() => checkUrlBase('https://evil.test/', ['example.com', undefined])).not.toThrow()
  })
  it('names every zone the url-base is on none of', () => {
    expect(inputError(() => checkUrlBase('https://evil.test/', ['example.com', 'Bücher.example'])).message).toBe(
      'Input "url-base" (https://evil.test/) is not on zone example.com, xn--bcher-kva.example or a subdomain of it: its URLs cannot be purged in this zone.'
    )
  })
})

describe('unique', () => {
  it('drops repeated entries, keeping the first of each in place', () => {
    expect(unique(['/b', '/a', '/b', '/c', '/a'])).toEqual(['/b', '/a', '/c'])
  })
})

describe('splitUrlList', () => {
  it.each([
    ['https://a.test/x,y', ['https://a.test/x,y']],
    ['/a,/b', ['/a', '/b']],
    ['https://a.test/a,https://a.test/b', ['https://a.test/a', 'https://a.test/b']],
    ['HTTP://a.test/a,Https://a.test/b', ['HTTP://a.test/a', 'Https://a.test/b']],
    ['/a,http://a.test/b', ['/a', 'http://a.test/b']],
    ['https://a.test/a,/b', ['https://a.test/a,/b']],
    ['https://a.test/?q=1,2&r=x,y#f,g', ['https://a.test/?q=1,2&r=x,y#f,g']],
    ['/a, /b', ['/a', '/b']],
    ['https://a.test/a, /b', ['https://a.test/a', '/b']],
    ['/a ,/b', ['/a', '/b']],
    ['/a,,/b', ['/a', '/b']],
    ['/a,\n/b', ['/a,', '/b']],
    ['/a, \n/b,', ['/a', '/b,']],
    ['https://a.test/x,y?r=https://b.test/', ['https://a.test/x,y?r=https://b.test/']],
    ['/r?u=https://b.test/,/c', ['/r?u=https://b.test/', '/c']],
    ['/a\n,/b', ['/a', '/b']],
    ['/a,', ['/a,']],
    ['https://a.test/x,', ['https://a.test/x,']],
    [',/a', ['/a']],
    [',,a.html', ['a.html']],
    ['  /a\t/b\r\n\n/c  ', ['/a', '/b', '/c']],
    ['/a,b,/c', ['/a,b', '/c']],
    [' , \n ', []],
    ['', []]
  ])('%j is %j', (text, entries) => {
    expect(splitUrlList(text, 'files')).toEqual(entries)
  })

  const path = fc.array(fc.webSegment(), { minLength: 1, maxLength: 3 }).map((segments) => `/${segments.join('/')}`)
  const url = fc.webUrl({ withQueryParameters: true, withFragments: true }).map((text) => new URL(text).href)
  // A comma before `/` in a path, or before `http(s)://` anywhere, starts a new entry; that is the one thing a list cannot hold.
  const entry = fc.oneof(path, url).filter((text) => !/,+(https?:\/\/)/i.test(text) && !(text.startsWith('/') && text.includes(',/')))
  test.prop([fc.array(entry, { maxLength: 8 }), fc.constantFrom('\n', '\r\n', '\n \n')])(
    'reads back paths and URLs one a line, a comma at the end included',
    (entries, separator) => {
      expect(splitUrlList(entries.join(separator), 'files')).toEqual(entries)
    }
  )
  const unended = entry.filter((text) => !text.endsWith(','))
  test.prop([fc.array(unended, { maxLength: 8 }), fc.constantFrom(', ', ' ', '\t,', ' , ')])(
    'reads back paths and URLs that do not end in a comma, separated by spaces or a comma and a space',
    (entries, separator) => {
      expect(splitUrlList(entries.join(separator), 'files')).toEqual(entries)
    }
  )
  test.prop([
    fc.oneof(fc.array(unended.filter((text) => text.startsWith('/'))), fc.array(unended.filter((text) => !text.startsWith('/'))))
  ])('reads back paths, or URLs, that do not end in a comma, separated by commas alone', (entries) => {
    expect(splitUrlList(entries.join(','), 'files')).toEqual(entries)
  })
})

describe('shown', () => {
  it('redacts a secret before cutting, so no part of it is shown', () => {
    registerSecret('s3cr3t-key-for-urls-test')
    expect(shown(`https://example.com/?k=${'x'.repeat(190)}s3cr3t-key-for-urls-test`)).toBe(
      `https://example.com/?k=${'x'.repeat(177)}… (16 more characters)`
    )
    expect(shown('/a?k=s3cr3t-key-for-urls-test')).toBe('/a?k=***')
  })

  it('shows one line, at most 200 characters', () => {
    expect(shown('/a\nb\u0007')).toBe('/a b\\u0007')
    expect(shown(`/${'a'.repeat(300)}`)).toBe(`/${'a'.repeat(199)}… (101 more characters)`)
    expect(shown(`/${'a'.repeat(199)}`)).toBe(`/${'a'.repeat(199)}`)
  })
})

describe('the length of an entry', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })
  it('takes an entry of MAX_ENTRY_CHARS, and refuses a longer one naming the input and its line', () => {
    const longest = `/${'a'.repeat(MAX_ENTRY_CHARS - 1)}`
    expect(splitUrlList(`/x\n\n${longest}`, 'files')).toEqual(['/x', longest])
    const error = inputError(() => splitUrlList(`/x\n\n/y ${longest}a /z`, 'probe-urls'))
    expect(error.input).toBe('probe-urls')
    expect(error.message).toBe(
      `Input "probe-urls", line 3: an entry of 16,385 characters ("/${'a'.repeat(199)}… (16,185 more characters)"); at most 16,384 are accepted for one value, URL, path or tag. Nothing was sent.`
    )
  })
  it('counts comment lines of a list file, and refuses an entry made long by commas that join it', () => {
    expect(inputError(() => splitUrlList(`# urls\n/a\n/a${',b'.repeat(MAX_ENTRY_CHARS / 2)}`, 'files-from', true)).message).toMatch(
      /^Input "files-from", line 3: an entry of 16,386 characters \("\/a,b,b,b/
    )
  })
  it('refuses a single value longer than that without a line', () => {
    expect(() => checkEntryLength('a'.repeat(MAX_ENTRY_CHARS), 'changed-since')).not.toThrow()
    expect(inputError(() => checkEntryLength('a'.repeat(130_000), 'changed-since')).message).toBe(
      `Input "changed-since" is 130,000 characters ("${'a'.repeat(200)}… (129,800 more characters)"); at most 16,384 are accepted for one value, URL, path or tag. Nothing was sent.`
    )
  })
  it('is checked before any pattern meets the entry: no pattern is handed more than MAX_ENTRY_CHARS', () => {
    const exec = vi.spyOn(RegExp.prototype, 'exec')
    const length = hostileLength(2 ** 20)
    const count = (n: number): string => n.toLocaleString('en-US')
    expect(inputError(() => splitUrlList(`/a, /b\n@${':'.repeat(length)}`, 'files')).message).toMatch(
      new RegExp(`^Input "files", line 2: an entry of ${count(length + 1)} characters \\("@:::`)
    )
    expect(inputError(() => splitUrlList(`/a /b,/c${'x'.repeat(length)}`, 'files')).message).toMatch(
      new RegExp(`^Input "files", line 1: an entry of ${count(length + 2)} characters`)
    )
    expect(exec).toHaveBeenCalled()
    expect(Math.max(...exec.mock.calls.map(([text]) => String(text).length))).toBeLessThanOrEqual(MAX_ENTRY_CHARS)
  })
  it.each([',', ' ', ', ', ',\n', '\t\r\n', '\u2028'])('a mebibyte of the separators %j is no entry at all', GUARD, (piece) => {
    expect(splitUrlList(mebibyteOf(piece), 'files')).toEqual([])
  })
  it.each(['/a,', 'https://a.test/,', 'a,'])('a mebibyte of %j on one line is refused, or split, within the cap', GUARD, (piece) => {
    const text = mebibyteOf(piece)
    const entries = (() => {
      try {
        return splitUrlList(text, 'files')
      } catch (error) {
        expect(error).toBeInstanceOf(InputError)
        return []
      }
    })()
    for (const entry of entries) expect(entry.length).toBeLessThanOrEqual(MAX_ENTRY_CHARS)
  })
  it('shows only the start of a text longer than an entry, counting what is left out of the whole', GUARD, () => {
    registerSecret('s3cr3t-key-for-length-test')
    expect(shown(`${'a'.repeat(190)}s3cr3t-key-for-length-test${'b'.repeat(2 ** 20)}`)).toBe(
      `${'a'.repeat(190)}***bbbbbbb… (1,048,569 more characters)`
    )
  })
})

describe('hideCredentials and shown on credential-shaped text', () => {
  it.each(['@', ':', ':@', '@:', ':/', ':\\', 'a:', ':a@', '//:@', ': '])('get through a mebibyte of %j', GUARD, (piece) => {
    const text = mebibyteOf(piece)
    expect(scrubCredentials(text).length).toBeLessThanOrEqual(text.length * 2)
    expect(hideCredentials(`@${text}`).length).toBeGreaterThan(0)
    expect(shown(text).length).toBeLessThan(240)
  })
  it('get through the text that took a pattern 18 s: "@" and 80,000 colons', GUARD, () => {
    expect(hideCredentials(`@${':'.repeat(80_000)}`)).toBe(`@${':'.repeat(80_000)}`)
  })
})
