import { fc, test } from '../../support/property.js'
import { describe, expect, it } from 'vitest'
import type * as Clock from '../../../src/edge/clock.js'
import { CLOCK_SKEW_THRESHOLD_SECONDS, dateSkewSeconds, measureClockSkew, parseHttpDate } from '../../../src/edge/clock.js'
import { loadAfresh } from '../../support/fresh.js'

/** 2026-11-26 08:00:00 UTC: the runner's clock in these tests. */
const NOW = Date.UTC(2026, 10, 26, 8, 0, 0)
const RFC_EXAMPLE = Date.UTC(1994, 10, 6, 8, 49, 37)

describe('parseHttpDate', () => {
  it.each([
    ['Sun, 06 Nov 1994 08:49:37 GMT', 'IMF-fixdate'],
    ['Sunday, 06-Nov-94 08:49:37 GMT', 'RFC 850'],
    ['Sun Nov  6 08:49:37 1994', 'asctime'],
    ['Sun Nov 06 08:49:37 1994', 'asctime with a two-digit day'],
    ['  Sun, 06 Nov 1994 08:49:37 GMT ', 'IMF-fixdate with spaces around'],
    [`Sun, 06 Nov 1994 08:49:37 GMT${' '.repeat(35)}`, 'IMF-fixdate with spaces to 64 characters']
  ])('reads %j (%s)', (text) => {
    expect(parseHttpDate(text, NOW)).toBe(RFC_EXAMPLE)
  })

  it('places a two-digit RFC 850 year no more than 50 years ahead of now', () => {
    expect(parseHttpDate('Thursday, 01-Jan-76 00:00:00 GMT', NOW)).toBe(Date.UTC(2076, 0, 1))
    expect(parseHttpDate('Friday, 01-Jan-77 00:00:00 GMT', NOW)).toBe(Date.UTC(1977, 0, 1))
    expect(parseHttpDate('Thursday, 26-Nov-26 08:00:00 GMT', NOW)).toBe(NOW)
    expect(parseHttpDate('Saturday, 01-Jan-00 00:00:00 GMT', NOW)).toBe(Date.UTC(2000, 0, 1))
  })

  it('takes a leap second as the second before', () => {
    expect(parseHttpDate('Sat, 31 Dec 2016 23:59:60 GMT', NOW)).toBe(Date.UTC(2016, 11, 31, 23, 59, 59))
  })

  it('reads the first and last moments of a day, month and year', () => {
    expect(parseHttpDate('Thu, 01 Jan 1970 00:00:00 GMT', NOW)).toBe(0)
    expect(parseHttpDate('Wed, 31 Dec 1969 23:58:00 GMT', NOW)).toBe(-120_000)
    expect(parseHttpDate('Thu, 29 Feb 2024 23:59:59 GMT', NOW)).toBe(Date.UTC(2024, 1, 29, 23, 59, 59))
  })

  it.each([
    ['', 'empty'],
    ['garbage', 'not a date'],
    ['1764144000', 'seconds since the epoch'],
    ['2026-11-26T08:00:00Z', 'ISO 8601'],
    ['sun, 06 nov 1994 08:49:37 gmt', 'lower case (HTTP-date is case-sensitive)'],
    ['Sun, 06 Nov 1994 08:49:37 UTC', 'UTC for GMT'],
    ['Sun, 06 Nov 1994 08:49:37', 'no GMT'],
    ['Sun, 6 Nov 1994 08:49:37 GMT', 'a one-digit day in IMF-fixdate'],
    ['Sun, 06 Nov 94 08:49:37 GMT', 'a two-digit year in IMF-fixdate'],
    ['Sun, 06 Nov 11994 08:49:37 GMT', 'a five-digit year'],
    ['Sun, 31 Feb 1994 08:49:37 GMT', 'no such day'],
    ['Sun, 00 Nov 1994 08:49:37 GMT', 'day 0'],
    ['Thu, 29 Feb 2023 00:00:00 GMT', 'no leap day that year'],
    ['Sun, 06 Nov 1994 24:00:00 GMT', 'hour 24'],
    ['Sun, 06 Nov 1994 08:60:00 GMT', 'minute 60'],
    ['Sun, 06 Nov 1994 08:49:61 GMT', 'second 61'],
    ['Sun, 06 Foo 1994 08:49:37 GMT', 'no such month'],
    ['Sunday, 06 Nov 1994 08:49:37 GMT', 'a long day name in IMF-fixdate'],
    ['Sun, 06-Nov-94 08:49:37 GMT', 'a short day name in RFC 850'],
    ['Sun Nov 6 08:49:37 1994', 'asctime with one space before a one-digit day'],
    ['Sun, 06 Nov 1994 08:49:37 GMT, Mon, 07 Nov 1994 08:49:37 GMT', 'two dates'],
    [`Sun, 06 Nov 1994 08:49:37 GMT${' '.repeat(36)}`, 'longer than 64 characters with its spaces'],
    ['Sun, ０６ Nov 1994 08:49:37 GMT', 'digits that are not ASCII']
  ])('gives nothing for %j (%s)', (text) => {
    expect(parseHttpDate(text, NOW)).toBeUndefined()
  })

  test.prop([fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59) })])(
    'reads back what toUTCString writes, to the second',
    (ms) => {
      expect(parseHttpDate(new Date(ms).toUTCString(), NOW)).toBe(Math.floor(ms / 1000) * 1000)
    }
  )

  test.prop([fc.string({ unit: 'binary', maxLength: 80 })])('never throws, and gives a finite time or nothing', (text) => {
    const parsed = parseHttpDate(text, NOW)
    if (parsed !== undefined) expect(Number.isFinite(parsed)).toBe(true)
  })
})

// The module is loaded afresh within each test, which then covers its month names and patterns (test/support/fresh.ts).
describe('parseHttpDate, as the module loads', () => {
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' })

  it('reads every month, on days of one and two digits, in each of the three formats', async () => {
    const { parseHttpDate: parse } = await loadAfresh<typeof Clock>('/src/edge/clock.js')
    for (let month = 0; month < 12; month++) {
      const ms = Date.UTC(1994, month, 6 + month, 8, 49, 37)
      const imf = new Date(ms).toUTCString()
      const [day, dd, mon, yyyy, time] = imf.replace(',', '').split(' ') as [string, string, string, string, string]
      const rfc850 = `${weekday.format(ms)}, ${dd}-${mon}-${yyyy.slice(2)} ${time} GMT`
      const asctime = `${day} ${mon} ${String(Number(dd)).padStart(2)} ${time} ${yyyy}`
      for (const text of [imf, rfc850, asctime]) expect([text, parse(text, NOW)]).toEqual([text, ms])
    }
  })

  it('gives nothing for what is no date', async () => {
    const { parseHttpDate: parse } = await loadAfresh<typeof Clock>('/src/edge/clock.js')
    for (const text of ['', 'garbage', 'Sun, 06 Nov 1994 08:49:37 UTC', 'Sun Nov  6 08:49:37'])
      expect([text, parse(text, NOW)]).toEqual([text, undefined])
  })
})

describe('dateSkewSeconds', () => {
  const at = (offsetSeconds: number): string => new Date(NOW + offsetSeconds * 1000).toUTCString()

  it("is the answer's Date minus when it arrived, in seconds: negative when the origin is behind", () => {
    expect(dateSkewSeconds({ date: at(-120) }, NOW)).toBe(-120)
    expect(dateSkewSeconds({ date: at(45) }, NOW)).toBe(45)
    expect(dateSkewSeconds({ date: at(0) }, NOW + 1500)).toBe(-1.5)
  })

  it('is undefined without a Date that can be read, or with two', () => {
    expect(dateSkewSeconds({}, NOW)).toBeUndefined()
    expect(dateSkewSeconds({ date: 'yesterday' }, NOW)).toBeUndefined()
    expect(dateSkewSeconds({ date: [at(-120), at(-120)] }, NOW)).toBeUndefined()
  })

  it('drops a Date further off than any Age can count (2^31 s)', () => {
    expect(dateSkewSeconds({ date: 'Fri, 31 Dec 9999 23:59:59 GMT' }, NOW)).toBeUndefined()
    expect(dateSkewSeconds({ date: 'Mon, 01 Jan 1900 00:00:00 GMT' }, NOW)).toBeUndefined()
    expect(dateSkewSeconds({ date: at(-(2 ** 31)) }, NOW)).toBe(-(2 ** 31))
    expect(dateSkewSeconds({ date: at(-(2 ** 31) - 1) }, NOW)).toBeUndefined()
    expect(dateSkewSeconds({ date: at(2 ** 31) }, NOW)).toBe(2 ** 31)
    expect(dateSkewSeconds({ date: at(2 ** 31 + 1) }, NOW)).toBeUndefined()
  })
})

describe('measureClockSkew', () => {
  it('says nothing without answers from the origin', () => {
    expect(measureClockSkew([])).toBeUndefined()
  })

  it('says nothing up to 30 s either way, exactly 30 included', () => {
    expect(CLOCK_SKEW_THRESHOLD_SECONDS).toBe(30)
    expect(measureClockSkew([-30])).toBeUndefined()
    expect(measureClockSkew([30])).toBeUndefined()
    expect(measureClockSkew([0.5])).toBeUndefined()
    expect(measureClockSkew([-31])).toMatchObject({ seconds: -31 })
    expect(measureClockSkew([31])).toMatchObject({ seconds: 31 })
    expect(measureClockSkew([-30.4])).toMatchObject({ seconds: -30 })
  })

  it('says how far behind, and that caches deriving Age from Date count copies that much older', () => {
    expect(measureClockSkew([-120, -119.6, -120.2])).toEqual({
      seconds: -120,
      answers: 3,
      note: "The origin's clock is off by about 120 s (behind), by the Date of 3 answers (the median) not served from a cache: caches that derive Age from Date (Squid, RFC 9111 §4.2.3) report copies that much older."
    })
  })

  it('says how far ahead, and that this does not make copies look older', () => {
    expect(measureClockSkew([3600.4])).toEqual({
      seconds: 3600,
      answers: 1,
      note: "The origin's clock is off by about 3,600 s (ahead), by the Date of the one answer not served from a cache: caches that derive Age from Date count a Date in the future as no age, so it does not make copies look older."
    })
  })

  it('takes the median, so that one odd answer does not decide', () => {
    expect(measureClockSkew([-120, -120, 0])?.seconds).toBe(-120)
    expect(measureClockSkew([0, 0, -120])).toBeUndefined()
    expect(measureClockSkew([-120, 0, -121])?.seconds).toBe(-120)
    expect(measureClockSkew([0, -120, 0])).toBeUndefined()
    expect(measureClockSkew([-500, -120, -118, 3000])?.seconds).toBe(-119)
    expect(measureClockSkew([-200, -100])?.seconds).toBe(-150)
    expect(measureClockSkew([-40, -20])).toBeUndefined()
  })

  test.prop([fc.array(fc.double({ min: -(2 ** 31), max: 2 ** 31, noNaN: true }), { maxLength: 30 })])(
    'gives whole seconds beyond the threshold, or nothing',
    (samples) => {
      const skew = measureClockSkew(samples)
      if (skew === undefined) return
      expect(Number.isInteger(skew.seconds)).toBe(true)
      expect(Math.abs(skew.seconds)).toBeGreaterThanOrEqual(CLOCK_SKEW_THRESHOLD_SECONDS)
      expect(skew.answers).toBe(samples.length)
      expect(skew.note).toMatch(/^The origin's clock is off by about [\d,]+ s \((behind|ahead)\)/)
    }
  )
})
