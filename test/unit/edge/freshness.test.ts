import { fc, test } from '../../support/property.js'
import { describe, expect, it } from 'vitest'
import type * as Verdicts from '../../../src/edge/freshness.js'
import { cameFromOrigin, fromCache, judgeAnswer, parseAge, type ResponseHeaders } from '../../../src/edge/freshness.js'
import { loadAfresh } from '../../support/fresh.js'
import { GUARD, hostileLength, mebibyteOf } from '../../support/hostile.js'

const verdict = (headers: ResponseHeaders, since = 10, status = 200): string => judgeAnswer(status, headers, since).verdict

describe('parseAge', () => {
  it.each([
    ['0', 0],
    ['12', 12],
    [' 7 ', 7],
    ['0012', 12],
    ['5, 300', 300],
    ['300, 5', 300],
    ['x, 40', 40],
    ['99999999999999999999', 2 ** 31]
  ])('reads %j as %j', (age, expected) => {
    expect(parseAge({ age })).toBe(expected)
  })

  it('reads an Age sent twice by its largest value', () => {
    expect(parseAge({ age: ['3', '250'] })).toBe(250)
  })

  it.each(['', ' ', '-5', '1.5', '12abc', 'abc', '1e3', '+4', ','])('treats %j as no Age', (age) => {
    expect(parseAge({ age })).toBeUndefined()
  })

  it('treats a missing Age as no Age', () => {
    expect(parseAge({})).toBeUndefined()
  })
})

describe('judgeAnswer: Age decides whenever present', () => {
  it('is stale when Age is more than the time since the purge plus 2 s', () => {
    expect(judgeAnswer(200, { age: '13' }, 10)).toEqual({
      verdict: 'stale',
      age: 13,
      cacheStatus: undefined,
      reason: 'Age 13 s, but only 10 s since the purge'
    })
  })

  it('is fresh when Age is at most the time since the purge plus 2 s', () => {
    expect(judgeAnswer(200, { age: '12' }, 10)).toEqual({
      verdict: 'fresh',
      age: 12,
      cacheStatus: undefined,
      reason: 'Age 12 s, within the 10 s since the purge'
    })
    expect(verdict({ age: '0' }, 0)).toBe('fresh')
    expect(verdict({ age: '12' }, 10.4)).toBe('fresh')
    expect(verdict({ age: '13' }, 11)).toBe('fresh')
    expect(verdict({ age: '13' }, 10.9)).toBe('stale')
  })

  it('shows the time since the purge in whole seconds', () => {
    expect(judgeAnswer(200, { age: '100' }, 10.9).reason).toBe('Age 100 s, but only 10 s since the purge')
  })

  it('lets an old Age win over a cache-status header that says miss (a shield kept the old copy)', () => {
    expect(verdict({ age: '900', 'cf-cache-status': 'MISS' })).toBe('stale')
    expect(verdict({ age: '900', 'cache-status': 'Edge; fwd=miss' })).toBe('stale')
  })

  it('lets a young Age win over a cache-status header that says hit', () => {
    expect(verdict({ age: '1', 'x-cache': 'HIT' })).toBe('fresh')
  })

  it('judges a 3xx and a 4xx by their own headers', () => {
    expect(verdict({ age: '900' }, 10, 301)).toBe('stale')
    expect(verdict({ age: '1' }, 10, 404)).toBe('fresh')
    expect(verdict({ age: '1' }, 10, 499)).toBe('fresh')
  })
})

describe('judgeAnswer: a 5xx is an error whatever its headers', () => {
  it.each([500, 502, 503, 599])('HTTP %i', (status) => {
    expect(judgeAnswer(status, { age: '1', 'cf-cache-status': 'MISS' }, 10)).toEqual({
      verdict: 'error',
      age: 1,
      cacheStatus: 'CF-Cache-Status: MISS',
      reason: `HTTP ${status}`
    })
  })
})

describe('judgeAnswer: RFC 9211 Cache-Status, its last entry', () => {
  it.each([
    ['ExampleCache; fwd=miss', 'fresh'],
    ['ExampleCache; fwd=uri-miss; stored', 'fresh'],
    ['ExampleCache; FWD=stale', 'fresh'],
    ['Origin; hit, ExampleCache; fwd=miss', 'fresh'],
    ['"Example Cache, Inc"; fwd=vary-miss', 'fresh'],
    ['ExampleCache; detail="hit; or not, really"; fwd=miss', 'fresh'],
    ['ExampleCache; detail="a \\" quote, and a comma"; fwd=miss', 'fresh'],
    ['ExampleCache; fwd=miss, ', 'fresh'],
    ['ExampleCache; hit', 'unknown'],
    ['ExampleCache; hit; fwd=stale', 'unknown'],
    ['ExampleCache; hit=?1', 'unknown'],
    ['ExampleCache; fwd=miss, Edge; hit', 'unknown'],
    ['ExampleCache; hit=?0; fwd=miss', 'fresh'],
    ['ExampleCache; fwd', 'fresh'],
    ['ExampleCache; fwd=', 'unknown'],
    ['ExampleCache', 'fresh'],
    ['ExampleCache; ttl=30', 'fresh'],
    ['ExampleCache; stored; collapsed', 'fresh'],
    ['fwd=miss', 'unknown'],
    [',', 'unknown'],
    ['ExampleCache; fwd="miss"', 'fresh'],
    ['ExampleCache; hit=?1; fwd=stale', 'unknown'],
    ['ExampleCache; xfwd=miss', 'fresh'],
    ['ExampleCache; HIT', 'unknown'],
    ['ExampleCache; hit ; fwd=miss', 'unknown'],
    ['ExampleCache;hit', 'unknown'],
    ['"Edge; hit"; fwd=miss', 'fresh'],
    ['Edge; fwd=miss; detail="\\\\"; hit', 'unknown'],
    ['Edge; hit, Other; detail="x, y; fwd=miss', 'unknown']
  ])('%j is %s', (value, expected) => {
    expect(verdict({ 'cache-status': value })).toBe(expected)
  })

  it.each([
    ['Edge; hit=yes', 'a hit that is not a boolean'],
    ['Edge; hit=?2', 'a hit that is not a boolean'],
    ['Edge; ', 'an empty parameter'],
    ['Edge; =miss', 'a parameter without a name'],
    ['Edge; 9fwd=miss', 'a parameter whose name starts with a digit'],
    ['Edge; fwd=miss; detail="open', 'a quoted string left open'],
    ['"Edge', 'a quoted string left open'],
    ['"Edge"; detail="open', 'a quoted string left open after a closed one'],
    ['"Edge"""; fwd=miss', 'a quote too many'],
    ['Edge cache; fwd=miss', 'a name with a space'],
    ['; fwd=miss', 'no name']
  ])('reads %j as neither hit nor miss (%s)', (value) => {
    expect(judgeAnswer(200, { 'cache-status': value }, 10)).toMatchObject({
      verdict: 'unknown',
      reason: 'no Age, and the cache-status header says neither hit nor miss'
    })
  })

  it('reads a Cache-Status sent twice as one list, the later line last', () => {
    expect(verdict({ 'cache-status': ['Edge; hit', 'Nearest; fwd=miss'] })).toBe('fresh')
    expect(verdict({ 'cache-status': ['Shield; fwd=miss', 'Edge; hit'] })).toBe('unknown')
  })

  it('says why, and shows the header', () => {
    expect(judgeAnswer(200, { 'cache-status': 'Edge; fwd=miss' }, 10)).toEqual({
      verdict: 'fresh',
      age: undefined,
      cacheStatus: 'Cache-Status: Edge; fwd=miss',
      reason: 'Cache-Status: Edge; fwd=miss says the edge did not serve it from its cache'
    })
    // An entry without hit is a miss at that cache, with or without fwd= (RFC 9211 §2.1).
    expect(judgeAnswer(200, { 'cache-status': 'Edge; detail=mismatch' }, 10).reason).toBe(
      'Cache-Status: Edge; detail=mismatch says the edge did not serve it from its cache'
    )
    expect(judgeAnswer(200, { 'cache-status': 'Edge; hit' }, 10).reason).toBe(
      'Cache-Status: Edge; hit says it came from a cache, and no Age tells since when'
    )
    expect(judgeAnswer(200, { 'cache-status': 'Edge; hit=?1' }, 10).reason).toBe(
      'Cache-Status: Edge; hit=?1 says it came from a cache, and no Age tells since when'
    )
    expect(judgeAnswer(200, { 'cache-status': 'Edge; hit=maybe' }, 10).reason).toBe(
      'no Age, and the cache-status header says neither hit nor miss'
    )
  })
})

describe('judgeAnswer: CF-Cache-Status, X-Cache, X-Cache-Status', () => {
  const names = ['cf-cache-status', 'x-cache', 'x-cache-status']
  const misses = ['MISS', 'EXPIRED', 'BYPASS', 'DYNAMIC', 'REVALIDATED', 'miss', 'Expired', ' bypass ', 'Miss from cloudfront']
  const hits = ['HIT', 'hit', 'STALE', 'UPDATING', 'RefreshHit from cloudfront', 'NONE', 'TCP_MISS', 'MISSED', 'Hit from cloudfront']

  it.each(names.flatMap((name) => misses.map((value) => [name, value])))('%s: %j says not from cache: fresh', (name, value) => {
    expect(verdict({ [name]: value })).toBe('fresh')
  })

  it.each(names.flatMap((name) => hits.map((value) => [name, value])))('%s: %j says from cache: unknown', (name, value) => {
    expect(verdict({ [name]: value })).toBe('unknown')
  })

  it('counts the last of several caches, the nearest the user', () => {
    expect(verdict({ 'x-cache': 'HIT, MISS' })).toBe('fresh')
    expect(verdict({ 'x-cache': 'MISS, HIT from proxy' })).toBe('unknown')
    expect(verdict({ 'x-cache': ['HIT', 'MISS'] })).toBe('fresh')
    expect(verdict({ 'x-cache': 'MISS, ' })).toBe('unknown')
  })

  it('shows the header with its usual name', () => {
    expect(judgeAnswer(200, { 'cf-cache-status': 'MISS' }, 10)).toEqual({
      verdict: 'fresh',
      age: undefined,
      cacheStatus: 'CF-Cache-Status: MISS',
      reason: 'CF-Cache-Status: MISS says the edge did not serve it from its cache'
    })
    expect(judgeAnswer(200, { 'x-cache': 'HIT' }, 10)).toMatchObject({
      cacheStatus: 'X-Cache: HIT',
      reason: 'X-Cache: HIT says it came from a cache, and no Age tells since when'
    })
    expect(judgeAnswer(200, { 'x-cache-status': 'BYPASS' }, 10).cacheStatus).toBe('X-Cache-Status: BYPASS')
  })
})

// What real caches send, as measured (issue 16): Varnish 7.1, Squid 5.7 and Squid 6.13 from Debian's packages.
describe('judgeAnswer: what real caches send', () => {
  const squid6Miss = [
    'squid.example.net;detail=mismatch',
    'localhost;detail=mismatch',
    '3f2a1b9c0d4e;detail=mismatch',
    '"squid.example.net";detail=mismatch',
    '"Squid, at the edge";detail=mismatch'
  ]
  it.each(squid6Miss)('Squid 6 miss, no Age: Cache-Status %j is fresh', (value) => {
    expect(judgeAnswer(200, { 'cache-status': value, via: '1.1 squid.example.net (squid/6.13)' }, 10)).toMatchObject({
      verdict: 'fresh',
      age: undefined,
      reason: `Cache-Status: ${value} says the edge did not serve it from its cache`
    })
  })

  it('Squid 6 hit: Age decides, and without Age it cannot be dated', () => {
    const hit = 'squid.example.net;hit;detail=match'
    expect(judgeAnswer(200, { age: '3', 'cache-status': hit }, 10)).toEqual({
      verdict: 'fresh',
      age: 3,
      cacheStatus: `Cache-Status: ${hit}`,
      reason: 'Age 3 s, within the 10 s since the purge'
    })
    expect(judgeAnswer(200, { age: '254', 'cache-status': hit }, 10)).toMatchObject({
      verdict: 'stale',
      reason: 'Age 254 s, but only 10 s since the purge'
    })
    expect(verdict({ 'cache-status': hit })).toBe('unknown')
    expect(verdict({ 'cache-status': '"squid.example.net";hit;detail=match' })).toBe('unknown')
  })

  it('Squid 5: X-Cache HIT from host with Age is judged by Age; MISS from host without Age is fresh', () => {
    expect(
      judgeAnswer(200, { age: '254', 'x-cache': 'HIT from squid.example.net', 'x-cache-lookup': 'HIT from squid.example.net:3128' }, 10)
    ).toMatchObject({
      verdict: 'stale',
      cacheStatus: 'X-Cache: HIT from squid.example.net'
    })
    expect(judgeAnswer(200, { 'x-cache': 'MISS from squid.example.net' }, 10)).toMatchObject({
      verdict: 'fresh',
      reason: 'X-Cache: MISS from squid.example.net says the edge did not serve it from its cache'
    })
    expect(verdict({ 'x-cache': 'HIT from squid.example.net' })).toBe('unknown')
  })

  it('Varnish: Age alone (Via and X-Varnish say nothing about the copy)', () => {
    const varnish = { via: '1.1 varnish (Varnish/7.1)', 'x-varnish': '32770 3' }
    expect(verdict({ ...varnish, age: '254' })).toBe('stale')
    expect(verdict({ ...varnish, age: '0' }, 0)).toBe('fresh')
    expect(verdict(varnish)).toBe('unknown')
  })
})

describe('judgeAnswer: several headers, or none', () => {
  it('is unknown with neither Age nor a cache-status header', () => {
    expect(judgeAnswer(200, { 'content-type': 'text/html', 'cache-control': 'max-age=60' }, 10)).toEqual({
      verdict: 'unknown',
      age: undefined,
      cacheStatus: undefined,
      reason: 'no Age and no cache-status header to judge by'
    })
  })

  it('treats an empty cache-status header as absent', () => {
    expect(judgeAnswer(200, { 'cf-cache-status': ' ', 'cache-status': '' }, 10)).toMatchObject({
      verdict: 'unknown',
      cacheStatus: undefined
    })
  })

  it('is fresh when one header says miss and none says hit', () => {
    expect(verdict({ 'cache-status': 'fwd=miss', 'x-cache': 'MISS' })).toBe('fresh')
  })

  it('is unknown when the headers disagree', () => {
    expect(verdict({ 'cf-cache-status': 'MISS', 'x-cache': 'HIT' })).toBe('unknown')
    expect(verdict({ 'cf-cache-status': 'HIT', 'x-cache': 'MISS' })).toBe('unknown')
  })

  it('shows every cache-status header seen, in a fixed order', () => {
    expect(
      judgeAnswer(200, { 'x-cache-status': 'MISS', 'x-cache': 'MISS', 'cf-cache-status': 'MISS', 'cache-status': 'E; fwd=miss' }, 10)
        .cacheStatus
    ).toBe('Cache-Status: E; fwd=miss; CF-Cache-Status: MISS; X-Cache: MISS; X-Cache-Status: MISS')
  })

  it('keeps at most 200 characters of them', () => {
    const shown = judgeAnswer(200, { 'x-cache': 'MISS'.repeat(100) }, 10).cacheStatus ?? ''
    expect(shown.startsWith('X-Cache: MISSMISS')).toBe(true)
    expect(shown).toContain('… (')
    expect(judgeAnswer(200, { 'x-cache': 'M'.repeat(191) }, 10).cacheStatus).toBe(`X-Cache: ${'M'.repeat(191)}`)
  })
})

const headerName = fc.constantFrom('age', 'cache-status', 'cf-cache-status', 'x-cache', 'x-cache-status', 'content-type')
const headerValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.array(fc.string({ unit: 'binary', maxLength: 20 }), { maxLength: 3 }),
  fc.constantFrom('MISS', 'HIT', 'E; fwd=miss', 'E; hit', '"q\\', '10', undefined)
)
const headers = fc.dictionary(headerName, headerValue) as fc.Arbitrary<ResponseHeaders>
const since = fc.oneof(fc.double({ noNaN: true }), fc.integer({ min: 0, max: 3600 }))

describe('judgeAnswer: whatever the answer holds', () => {
  test.prop([fc.integer({ min: 100, max: 999 }), headers, since])('never throws, and gives one of the four verdicts', (status, h, t) => {
    const judged = judgeAnswer(status, h, t)
    expect(['stale', 'fresh', 'unknown', 'error']).toContain(judged.verdict)
    expect(judged.reason).not.toBe('')
  })

  test.prop([headers, since, fc.string({ unit: 'binary', maxLength: 20 }).filter((age) => !/\d/.test(age))])(
    'treats an unreadable Age as absent',
    (h, t, age) => {
      const without = Object.fromEntries(Object.entries(h).filter(([name]) => name !== 'age'))
      expect(judgeAnswer(200, { ...without, age }, t)).toEqual(judgeAnswer(200, without, t))
    }
  )

  test.prop([headers, since, fc.nat()])('lets a readable Age decide, whatever else the answer says', (h, t, age) => {
    expect(verdict({ ...h, age: String(age) }, t)).toBe(age > t + 2 ? 'stale' : 'fresh')
  })
})

describe('judgeAnswer: an origin whose clock is behind', () => {
  const note = "; the origin's clock is off by about 120 s (behind): maybe not stale"

  it('keeps a stale verdict stale, and says when the clock could explain its Age', () => {
    expect(judgeAnswer(200, { age: '122' }, 1, 120)).toEqual({
      verdict: 'stale',
      age: 122,
      cacheStatus: undefined,
      reason: `Age 122 s, but only 1 s since the purge${note}`
    })
  })

  it('says so up to the time since the purge, the slack and the skew, and not beyond', () => {
    expect(judgeAnswer(200, { age: '132' }, 10, 120).reason).toBe(`Age 132 s, but only 10 s since the purge${note}`)
    expect(judgeAnswer(200, { age: '133' }, 10, 120).reason).toBe('Age 133 s, but only 10 s since the purge')
    expect(judgeAnswer(200, { age: '13' }, 10, 120).reason).toBe(`Age 13 s, but only 10 s since the purge${note}`)
  })

  it('says nothing when the clock is not behind, and leaves fresh and other verdicts alone', () => {
    expect(judgeAnswer(200, { age: '122' }, 1, 0).reason).toBe('Age 122 s, but only 1 s since the purge')
    expect(judgeAnswer(200, { age: '122' }, 1).reason).toBe('Age 122 s, but only 1 s since the purge')
    expect(judgeAnswer(200, { age: '122' }, 1, -120).reason).toBe('Age 122 s, but only 1 s since the purge')
    expect(judgeAnswer(200, { age: '5' }, 10, 120).reason).toBe('Age 5 s, within the 10 s since the purge')
    expect(judgeAnswer(200, { 'x-cache': 'HIT' }, 10, 120).verdict).toBe('unknown')
  })

  it('writes a large skew with thousands separators', () => {
    expect(judgeAnswer(200, { age: '3500' }, 1, 3600).reason).toBe(
      "Age 3500 s, but only 1 s since the purge; the origin's clock is off by about 3,600 s (behind): maybe not stale"
    )
  })
})

describe("cameFromOrigin: whose Date tells the origin's clock", () => {
  it.each<[ResponseHeaders, string]>([
    [{ age: '0' }, 'Age 0 (Varnish on a miss)'],
    [{ 'cache-status': 'squid.example.net;detail=mismatch' }, 'Squid 6 miss, no Age'],
    [{ 'x-cache': 'MISS from squid.example.net' }, 'Squid 5 miss, no Age'],
    [{ 'cache-status': 'Edge; fwd=miss', age: '0' }, 'a miss with Age 0'],
    [{ 'cf-cache-status': 'DYNAMIC' }, 'not cached by the CDN']
  ])('%j came from the origin (%s)', (headers) => {
    expect(cameFromOrigin(200, headers)).toBe(true)
    expect(cameFromOrigin(404, headers)).toBe(true)
  })

  it.each<[ResponseHeaders, string]>([
    [{}, 'neither Age nor a cache-status header: may be a cached copy'],
    [{ age: '3' }, 'an Age'],
    [{ age: '3', 'cache-status': 'Edge; fwd=miss' }, 'a miss with an Age: a shield had it'],
    [{ age: '0', 'x-cache': 'HIT' }, 'a hit, even with Age 0'],
    [{ age: '0', 'cache-status': 'Edge; hit=?1' }, 'a hit written as a boolean, even with Age 0'],
    [{ 'cache-status': 'squid.example.net;hit;detail=match' }, 'a hit without Age'],
    [{ 'cf-cache-status': 'MISS', 'x-cache': 'HIT' }, 'headers that disagree'],
    [{ 'cache-status': 'Edge; hit=maybe' }, 'a header that says neither'],
    [{ age: 'soon' }, 'an Age that cannot be read']
  ])('%j did not (%s)', (headers) => {
    expect(cameFromOrigin(200, headers)).toBe(false)
  })

  it('does not count a 5xx, which the edge may have made', () => {
    expect(cameFromOrigin(502, { age: '0' })).toBe(false)
    expect(cameFromOrigin(500, { 'x-cache': 'MISS' })).toBe(false)
    expect(cameFromOrigin(499, { age: '0' })).toBe(true)
  })
})

describe('judgeAnswer: a quoted string left open in Cache-Status', () => {
  // A pattern that must find the closing quote tries again from every escaped quote of an open one:
  // a mebibyte of `\"` took minutes. The timeout is a guard, not a measurement: linear work takes milliseconds.
  it('reads a mebibyte of escaped quotes with none closed as neither hit nor miss, in linear time', { timeout: 5_000 }, () => {
    expect(verdict({ 'cache-status': `Edge; detail="${'\\"'.repeat(hostileLength(512 * 1024))}` })).toBe('unknown')
    expect(verdict({ 'cache-status': `"${'\\"'.repeat(hostileLength(512 * 1024))}`, 'x-cache': 'MISS from host' })).toBe('fresh')
  })

  it('still empties a closed string that ends in an escaped quote, and a miss after it counts', () => {
    expect(verdict({ 'cache-status': 'Edge; detail="a \\" b \\"", Squid; detail=mismatch' })).toBe('fresh')
    expect(verdict({ 'cache-status': 'Squid; detail="a \\"' })).toBe('unknown')
    // Left open after a value's first character: emptied to nothing, `detail=x` would read as a miss.
    expect(verdict({ 'cache-status': 'Squid; detail=x"open' })).toBe('unknown')
  })
})

describe('parseAge: many values', () => {
  // Under mutation a sixteenth as many (hostileLength): no mutant writes a spread back, and the loop over them costs
  // there what half a million cost in a plain run.
  it('takes the largest of half a million Age values without a RangeError (a spread of that many arguments throws)', () => {
    const values = Array.from({ length: hostileLength(500_000) }, (_, i) => String(i % 1000))
    values[Math.floor(values.length / 4)] = '4000'
    expect(parseAge({ age: values.join(', ') })).toBe(4000)
  })
})

describe('fromCache: why an answer came from a cache', () => {
  it('is an Age above 0, else a cache-status header that says hit, shown as it came', () => {
    expect(fromCache({ age: '120' })).toBe('Age 120')
    expect(fromCache({ age: '1', 'cf-cache-status': 'MISS' })).toBe('Age 1')
    expect(fromCache({ age: '0', 'x-cache': 'HIT from proxy' })).toBe('X-Cache: HIT from proxy')
    expect(fromCache({ 'cache-status': 'Shield; hit, Edge; hit' })).toBe('Cache-Status: Shield; hit, Edge; hit')
    expect(fromCache({ 'x-cache-status': 'STALE' })).toBe('X-Cache-Status: STALE')
    expect(fromCache({ 'cf-cache-status': 'HIT'.padEnd(5000, 'x') })?.length).toBeLessThan(300)
  })

  it('is undefined for Age 0, a miss, a header that says neither, or none', () => {
    for (const headers of [
      {},
      { age: '0' },
      { 'cf-cache-status': 'MISS' },
      { 'cache-status': 'Edge; fwd=miss' },
      { 'cache-status': '"open' },
      { age: 'soon' }
    ]) {
      expect(fromCache(headers as ResponseHeaders), JSON.stringify(headers)).toBeUndefined()
    }
  })
})

// The module is loaded afresh within each test, which then covers its table of vendor codes and its patterns (test/support/fresh.ts).
describe('judgeAnswer, by the table and patterns the module builds as it loads', () => {
  const neither = 'no Age, and the cache-status header says neither hit nor miss'

  it('takes each vendor code that says the edge did not serve its copy for a miss, in each header and any case', async () => {
    const { judgeAnswer: judge } = await loadAfresh<typeof Verdicts>('/src/edge/freshness.js')
    for (const name of ['cf-cache-status', 'x-cache', 'x-cache-status']) {
      for (const value of ['MISS', 'EXPIRED', 'BYPASS', 'DYNAMIC', 'REVALIDATED', 'Revalidated from proxy']) {
        expect([name, value, judge(200, { [name]: value }, 10).verdict]).toEqual([name, value, 'fresh'])
      }
      expect([name, judge(200, { [name]: 'HIT' }, 10).verdict]).toEqual([name, 'unknown'])
    }
  })

  it('reads a Cache-Status entry with its quoted strings emptied, and its cache name and each parameter whole', async () => {
    const { judgeAnswer: judge } = await loadAfresh<typeof Verdicts>('/src/edge/freshness.js')
    const miss = (value: string): string => `Cache-Status: ${value} says the edge did not serve it from its cache`
    const hit = (value: string): string => `Cache-Status: ${value} says it came from a cache, and no Age tells since when`
    const cases: [string, (value: string) => string][] = [
      ['"Example Cache, Inc"; fwd=vary-miss', miss],
      ['"squid.example.net";detail=mismatch', miss],
      ['ExampleCache; detail="a \\" quote, and a comma"; fwd=miss', miss],
      ['"Edge; hit"; fwd=miss', miss],
      ['Edge; fwd=miss', miss],
      ['Edge; fwd', miss],
      ['Edge; hit=?0', miss],
      ['Edge; hit', hit],
      ['Edge; hit=?1', hit],
      ['Edge cache; fwd=miss', () => neither],
      ['@Edge; fwd=miss', () => neither],
      ['Edge@; fwd=miss', () => neither],
      ['Edge; 9fwd=miss', () => neither],
      ['Edge; fwd miss', () => neither],
      ['Edge; fwd=', () => neither],
      ['Edge; fwd=miss; detail="open', () => neither]
    ]
    for (const [value, says] of cases) expect([value, judge(200, { 'cache-status': value }, 10).reason]).toEqual([value, says(value)])
  })

  it('reads a mebibyte of escaped quotes with none closed as neither hit nor miss, in linear time', GUARD, async () => {
    const { cameFromOrigin: fromOrigin, judgeAnswer: judge } = await loadAfresh<typeof Verdicts>('/src/edge/freshness.js')
    const open = `Edge; detail="${mebibyteOf('\\"')}`
    expect(judge(200, { 'cache-status': open }, 10).reason).toBe(neither)
    expect(fromOrigin(200, { 'cache-status': open, 'x-cache': 'MISS from host' })).toBe(true)
  })
})
