// The zone list: `GET /zones` read page by page, a few pages at once, bounded in pages and in bytes, and only
// the three fields used kept of each zone. zones.ts finds the step's zones in it.
import { AnswerError, InputError } from '../errors.js'
import { ByteBudget } from '../http/body.js'
import type { ApiClient, ApiResponse } from '../http/client.js'
import { isPathSegment } from '../http/path.js'
import { fetchInOrder } from '../concurrency.js'
import { plural, sizeText, thousands } from '../text.js'

/** A zone as the list gives it. */
export interface Zone {
  readonly id: string
  readonly name: string
  readonly status: string
}

/** The client calls zone lookup and creation need: a fake in unit tests. */
export type ZoneClient = Pick<ApiClient, 'request' | 'maxAttempts' | 'waitBeforeRetry'>

const PER_PAGE = 100
/** Pages of the zone list in flight at once, whatever `concurrency` is: the lookup is a short burst of small reads. */
export const ZONE_PAGE_PARALLELISM = 16
/** The most zone list entries read (1,000 pages): past that the list is an error, not an endless loop. */
export const MAX_ZONE_ENTRIES = 100_000
const MAX_ZONE_PAGES = MAX_ZONE_ENTRIES / PER_PAGE
/** The most bytes one page may take: 100 zones take kilobytes even with fields the API adds. */
export const MAX_ZONE_PAGE_BYTES = 16 * 1024 * 1024
/**
 * The most bytes of zone list answers read in all: some 600 bytes for each of MAX_ZONE_ENTRIES zones, with
 * room to spare. Without it, 1,000 pages of 16 MiB each would be 16 GB read, and what is kept of them grows with it.
 */
export const MAX_ZONE_LIST_BYTES = 64 * 1024 * 1024

/** What to do when the zone list is past its bounds. */
const GIVE_THE_ID =
  'Check that "api-url" is the Content Delivery Service API, including /v1; or give the zone by id in the "zone" input (the lookup stops at the page that holds it, and a key that may not list zones uses the id alone).'

interface ZonePage {
  /** Entries in the page's `data`, usable or not: a page with fewer than PER_PAGE is the last. */
  readonly entries: number
  readonly zones: Zone[]
  readonly total: number | undefined
}

export interface ZoneList {
  /** The zones read, in list order. */
  readonly zones: Zone[]
  /** Entries without a string id (neither `.` nor `..`), name and status, left out. */
  readonly skipped: number
}

/**
 * `GET /zones`, 100 a page: page 1, then up to ZONE_PAGE_PARALLELISM pages at once. `enough` sees each
 * page's zones in list order, whatever order the pages arrive in, and returns true once the answer is
 * certain: no further page is asked for. A `meta.total` that is not a whole number from 0 to
 * MAX_ZONE_ENTRIES is not trusted; without one, pages are read (a few ahead) until one comes back short.
 */
export async function listZones(client: ZoneClient, enough: (page: readonly Zone[]) => boolean = () => false): Promise<ZoneList> {
  // Counted as the bytes arrive, across the pages in flight: what they hold follows the bound, not the parallelism.
  const reading: PagesRead = { budget: new ByteBudget(MAX_ZONE_LIST_BYTES), whole: 0 }
  const fetchPage = (page: number): Promise<ZonePage> => readPage(client, page, reading)

  const zones: Zone[] = []
  let entries = 0
  let taken = 0
  let lastPage: number | undefined
  const take = (page: ZonePage, number: number): boolean => {
    taken = number
    entries += page.entries
    for (const zone of page.zones) zones.push(zone)
    if (number === 1 && page.total !== undefined) lastPage = Math.max(1, Math.ceil(page.total / PER_PAGE))
    if (lastPage === undefined && page.entries < PER_PAGE) lastPage = number
    if (enough(page.zones)) return true
    if (entries > MAX_ZONE_ENTRIES || (lastPage === undefined && number === MAX_ZONE_PAGES)) {
      throw new AnswerError(
        `GET /zones: the zone list goes on past ${thousands(MAX_ZONE_ENTRIES)} entries (${thousands(MAX_ZONE_PAGES)} pages of ${PER_PAGE}), ` +
          `the most this action reads, and the zones could not be resolved within them. ${GIVE_THE_ID}`
      )
    }
    return false
  }
  // Until the end is known, read ahead as far as pages have come in so far (1, 2, 4, 8, 16…), so a short list costs few extra reads.
  const upTo = (): number => lastPage ?? Math.min(MAX_ZONE_PAGES, taken + Math.min(ZONE_PAGE_PARALLELISM, Math.max(1, taken)))
  await fetchInOrder(fetchPage, take, ZONE_PAGE_PARALLELISM, upTo)
  return { zones, skipped: entries - zones.length }
}

/** The zone list's pages so far: the bytes counted across the pages in flight, and how many were read whole. */
interface PagesRead {
  readonly budget: ByteBudget
  whole: number
}

/** One page of `GET /zones`, within the page's bound and the list's budget; only the three fields used are kept. */
async function readPage(client: ZoneClient, page: number, reading: PagesRead): Promise<ZonePage> {
  const { budget } = reading
  let response: ApiResponse<{ data?: unknown; meta?: { total?: unknown } }>
  try {
    response = await client.request('GET', '/zones', {
      query: { page, per_page: PER_PAGE },
      // Parsed JSON can take 40 times its size in memory, so each page is bounded, and all of them together.
      maxBodyBytes: MAX_ZONE_PAGE_BYTES,
      byteBudget: budget,
      // A page holds 100 zones of a few fields each; a million values is a page that is not the API's.
      maxJsonValues: 1_000_000
    })
  } catch (error) {
    if (!budget.spent) throw error
    throw new AnswerError(
      `GET /zones: the zone list's answers came to more than ${sizeText(MAX_ZONE_LIST_BYTES)} (${sizeText(budget.bytes)} counted, ` +
        `${plural(reading.whole, 'page')} read whole), the most this action reads for ${thousands(MAX_ZONE_ENTRIES)} zones at most. ${GIVE_THE_ID}`
    )
  }
  reading.whole++
  const data = response.body?.data
  if (!Array.isArray(data)) {
    throw new InputError(
      undefined,
      `GET /zones answered without a list of zones: check that "api-url" is the Content Delivery Service API, including /v1.`
    )
  }
  const total = response.body?.meta?.total
  // Only the three fields used are kept: the page's other fields, however large, are let go with it.
  return {
    entries: data.length,
    zones: data.filter(isZone).map(({ id, name, status }) => ({ id, name, status })),
    total: isZoneCount(total) ? total : undefined
  }
}

const isZoneCount = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_ZONE_ENTRIES

const isText = (value: unknown): value is string => typeof value === 'string' && value !== ''

/** A zone entry with a text id, name and status; an id of `.` or `..` is none (it goes into request paths). */
function isZone(value: unknown): value is Zone {
  const zone = value as Partial<Record<keyof Zone, unknown>> | null | undefined
  return isText(zone?.id) && isPathSegment(zone.id) && isText(zone.name) && isText(zone.status)
}
