// The origin's clock, read from the Date of answers that came from it. A cache that derives Age from Date
// (Squid does; RFC 9111 §4.2.3 allows it) counts a copy older by as much as the origin's clock is behind:
// a copy cached a second after the purge can read `Age: 122`. This says so instead of leaving it to be
// misread. Pure; no I/O. A Date header is outside text: nothing here throws, whatever it holds.
import { thousands } from '../text.js'
import type { ResponseHeaders } from './freshness.js'

/** How far the origin's Date may be from the runner's clock before the report says so: more than a recheck, less than any TTL worth checking. */
export const CLOCK_SKEW_THRESHOLD_SECONDS = 30

/** A Date further off than any Age can count (RFC 9111 §1.2.2: 2^31 s) is not a clock that is off, but garbage: ignored. */
const MAX_SKEW_SECONDS = 2 ** 31

/** The longest Date header read; an HTTP-date is 29 characters. */
const MAX_DATE_CHARS = 64

/** The origin's clock against the runner's, when it is off by more than CLOCK_SKEW_THRESHOLD_SECONDS. */
export interface ClockSkew {
  /** The origin's Date minus the runner's clock, in whole seconds: negative when the origin is behind. */
  readonly seconds: number
  /** How many answers it was measured over. */
  readonly answers: number
  /** What it means, for the log and the summary. */
  readonly note: string
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const MONTH = MONTHS.join('|')
const DAY = 'Mon|Tue|Wed|Thu|Fri|Sat|Sun'
const TIME = '(\\d\\d):(\\d\\d):(\\d\\d)'
/** RFC 9110 §5.6.7: `Sun, 06 Nov 1994 08:49:37 GMT`, the one format senders use. */
const IMF_FIXDATE = new RegExp(`^(?:${DAY}), (\\d\\d) (${MONTH}) (\\d{4}) ${TIME} GMT$`)
/** The obsolete RFC 850 form: `Sunday, 06-Nov-94 08:49:37 GMT`. */
const RFC_850 = new RegExp(`^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\\d\\d)-(${MONTH})-(\\d\\d) ${TIME} GMT$`)
/** C's asctime() form: `Sun Nov  6 08:49:37 1994`. */
const ASCTIME = new RegExp(`^(?:${DAY}) (${MONTH}) ( \\d|\\d\\d) ${TIME} (\\d{4})$`)

/** Milliseconds since the epoch of a day and time, or undefined when there is no such day or time (30 Feb, 25:00). */
function utc(year: number, month: string, day: number, hour: number, minute: number, second: number): number | undefined {
  const index = MONTHS.indexOf(month)
  const date = new Date(0)
  // Day 0 of the next month is the last day of this one. setUTCFullYear, not Date.UTC: it takes years below 100 as they are.
  date.setUTCFullYear(year, index + 1, 0)
  // A leap second (23:59:60) is allowed in an HTTP-date; it counts as the second before.
  if (day < 1 || day > date.getUTCDate() || hour > 23 || minute > 59 || second > 60) return undefined
  date.setUTCFullYear(year, index, day)
  date.setUTCHours(hour, minute, Math.min(second, 59))
  return date.getTime()
}

/**
 * An HTTP-date (RFC 9110 §5.6.7) in milliseconds since the epoch, in any of its three formats, which
 * recipients must accept; undefined for anything else. `now` (ms) places a two-digit RFC 850 year: one
 * that would be more than 50 years ahead is the last such year in the past.
 */
export function parseHttpDate(text: string, now: number): number | undefined {
  if (text.length > MAX_DATE_CHARS) return undefined
  const value = text.trim()
  const imf = IMF_FIXDATE.exec(value)
  if (imf !== null) {
    const [, day, month, year, hour, minute, second] = imf as unknown as string[]
    return utc(Number(year), month as string, Number(day), Number(hour), Number(minute), Number(second))
  }
  const rfc850 = RFC_850.exec(value)
  if (rfc850 !== null) {
    const [, day, month, yy, hour, minute, second] = rfc850 as unknown as string[]
    const thisYear = new Date(now).getUTCFullYear()
    let year = thisYear - (thisYear % 100) + Number(yy)
    if (year > thisYear + 50) year -= 100
    return utc(year, month as string, Number(day), Number(hour), Number(minute), Number(second))
  }
  const asctime = ASCTIME.exec(value)
  if (asctime !== null) {
    const [, month, day, hour, minute, second, year] = asctime as unknown as string[]
    // Number() reads the day's leading space as nothing.
    return utc(Number(year), month as string, Number(day), Number(hour), Number(minute), Number(second))
  }
  return undefined
}

/**
 * The answer's Date minus when it arrived (`answeredAt`, ms on the runner's clock), in seconds; undefined
 * when it has no Date that can be read, more than one, or one further off than MAX_SKEW_SECONDS. Only an
 * answer that came from the origin tells the origin's clock: a copy from a cache carries the Date of when
 * it was fetched.
 */
export function dateSkewSeconds(headers: ResponseHeaders, answeredAt: number): number | undefined {
  const date = headers.date
  if (typeof date !== 'string') return undefined
  const parsed = parseHttpDate(date, answeredAt)
  if (parsed === undefined) return undefined
  const skew = (parsed - answeredAt) / 1000
  return Math.abs(skew) > MAX_SKEW_SECONDS ? undefined : skew
}

/** The median: the middle one, or the mean of the two middle ones. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/**
 * The origin's clock, by the median of `samples` (dateSkewSeconds of each answer that came from the
 * origin): one odd answer (another origin behind the same edge, a slow one) does not decide. Undefined
 * when there is none, or when the median is within CLOCK_SKEW_THRESHOLD_SECONDS of the runner's clock.
 */
export function measureClockSkew(samples: readonly number[]): ClockSkew | undefined {
  if (samples.length === 0) return undefined
  const skew = median(samples)
  if (Math.abs(skew) <= CLOCK_SKEW_THRESHOLD_SECONDS) return undefined
  const seconds = Math.sign(skew) * Math.round(Math.abs(skew))
  // Stryker disable next-line EqualityOperator: the skew is more than 30 s away from 0 here
  const behind = skew < 0
  const measured = `by the Date of ${samples.length === 1 ? 'the one answer' : `${samples.length} answers (the median)`} not served from a cache`
  const meaning = behind
    ? 'caches that derive Age from Date (Squid, RFC 9111 §4.2.3) report copies that much older'
    : 'caches that derive Age from Date count a Date in the future as no age, so it does not make copies look older'
  return {
    seconds,
    answers: samples.length,
    note: `The origin's clock is off by about ${thousands(Math.abs(seconds))} s (${behind ? 'behind' : 'ahead'}), ${measured}: ${meaning}.`
  }
}
