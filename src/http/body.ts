import type { Dispatcher } from './undici.js'
import type { ResponseHeaders as Headers } from './headers.js'

/** Reading an answer: its body within a byte limit, and its JSON within a count of values. */

/**
 * Bytes that several answers share, read at once or one after another: each read takes what arrives from
 * it, as it arrives, so that the total, not each answer alone, bounds what they hold. Past `limit`, every
 * read that shares it stops at its next piece.
 */
export class ByteBudget {
  private taken = 0

  constructor(readonly limit: number) {}

  /** Bytes taken so far, the piece that went past the limit included. */
  get bytes(): number {
    return this.taken
  }

  /** Whether more than `limit` bytes were taken. */
  get spent(): boolean {
    return this.taken > this.limit
  }

  /** Counts `bytes` read; false once the total is past the limit. */
  take(bytes: number): boolean {
    this.taken += bytes
    return !this.spent
  }
}

/**
 * The body as text, or undefined when it is longer than `maxBytes`, or takes `budget` past its limit:
 * then the rest is not read and the connection is dropped. A content-length over either is refused (and
 * taken from the budget) before a byte is read; a body of no stated length is counted as it arrives.
 */
export async function readBody(response: Dispatcher.ResponseData, maxBytes: number, budget?: ByteBudget): Promise<string | undefined> {
  const length = Number(headerValue(response.headers, 'content-length'))
  const stated = Number.isInteger(length)
  // undici never hands over more than a stated length: taking it whole before reading is exact.
  if (length > maxBytes || (stated && budget !== undefined && !budget.take(length))) {
    discard(response.body)
    return undefined
  }
  // A length within the limit (no header: NaN): undici reads it whole, its cheapest way. The stream is for answers of no stated length.
  if (stated) return response.body.text()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length
    // Leaving the loop destroys the stream, which drops the connection with the rest of the body.
    if (size > maxBytes || (budget !== undefined && !budget.take(chunk.length))) return undefined
    chunks.push(chunk)
  }
  // As TextDecoder would, without making one per answer: UTF-8, a byte order mark dropped.
  const text = Buffer.concat(chunks).toString('utf8')
  return text.startsWith('\ufeff') ? text.slice(1) : text
}

/** Drops the rest of a body and its connection. The stream then reports the abort as an error, which is expected here. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', ignore).destroy()
}

const ignore = (): void => undefined

/** What parseJson gives for a body past its count of JSON values. */
export const TOO_MANY_VALUES = Symbol('too many JSON values')

/**
 * Whether JSON text may hold more than `max` values, told without parsing it: outside strings, every value
 * but the first follows a `,`, `[` or `:`, so one more than their count is at least the number of values.
 * Stops as soon as that bound passes `max`.
 */
export function mayHoldMoreValues(text: string, max: number): boolean {
  // The first value needs no separator before it.
  if (max < 1) return true
  let count = 1
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 0x5c)
        i++ // a backslash escapes the next character
      else if (code === 0x22) inString = false
    } else if (code === 0x22) {
      inString = true
    } else if ((code === 0x2c || code === 0x5b || code === 0x3a) && ++count > max) {
      return true
    }
  }
  return false
}

/** The parsed body; undefined when it is empty or not JSON; TOO_MANY_VALUES past `maxValues` (checked before parsing). */
export function parseJson(text: string, maxValues: number | undefined): unknown {
  if (maxValues !== undefined && mayHoldMoreValues(text, maxValues)) return TOO_MANY_VALUES
  try {
    return JSON.parse(text)
  } catch {
    // Not JSON: judged by its status alone, and quoted as text if it is an error.
  }
  return undefined
}

/** The first value of a header, or undefined. */
export function headerValue(headers: Headers, name: string): string | undefined {
  const value = headers[name]
  return typeof value === 'object' ? value[0] : value
}
