import { afterEach, describe, expect, it } from 'vitest'
import { AnswerError, InputError } from '../../../src/errors.js'
import { ApiClient, type ApiResponse, type Method, type RequestOptions } from '../../../src/http/client.js'
import { ApiError } from '../../../src/http/errors.js'
import { matchZone, resolveZones, type ZoneRef, type ZoneSelection } from '../../../src/zones/resolve.js'
import {
  listZones,
  MAX_ZONE_ENTRIES,
  MAX_ZONE_LIST_BYTES,
  type Zone,
  ZONE_PAGE_PARALLELISM,
  type ZoneClient
} from '../../../src/zones/list.js'
import { manyZones, startStandIn, zone, type StandIn } from '../../stand-in/server.js'

const z = (id: string, name: string, status: string): Zone => ({ id, name, status })

describe('matchZone', () => {
  const zones = [
    z('a1', 'example.com', 'deleted'),
    z('a2', 'example.com', 'pending'),
    z('a3', 'example.com', 'active'),
    z('b1', 'other.org', 'pending'),
    z('c1', 'gone.net', 'deleted')
  ]
  it('matches a name case-insensitively, ignoring a trailing dot', () => {
    expect(matchZone(zones, { kind: 'name', name: 'EXAMPLE.com.' }).zone.id).toBe('a3')
  })
  it('prefers active, then pending, among zones of one name', () => {
    expect(
      matchZone(
        zones.filter((zone) => zone.id !== 'a3'),
        { kind: 'name', name: 'example.com' }
      ).zone.id
    ).toBe('a2')
  })
  it('proceeds with a pending zone, with a warning', () => {
    const lookup = matchZone(zones, { kind: 'name', name: 'other.org' })
    expect(lookup.zone.id).toBe('b1')
    expect(lookup.warnings).toEqual([
      'Zone other.org (b1) is pending: the service may not serve it yet, so the purge may have no visible effect.'
    ])
  })
  it('refuses a zone that is only deleted, saying so', () => {
    expect(() => matchZone(zones, { kind: 'name', name: 'gone.net' })).toThrow(InputError)
    expect(() => matchZone(zones, { kind: 'name', name: 'gone.net' })).toThrow(
      'The zone with name "gone.net" is deleted, not active or pending'
    )
    expect(() => matchZone(zones, { kind: 'id', id: 'a1' })).toThrow('The zone with id "a1" is deleted')
  })
  it('names an unknown zone and how many zones were searched', () => {
    expect(() => matchZone(zones, { kind: 'name', name: 'nope.io' })).toThrow(
      new InputError(
        undefined,
        'No zone with name "nope.io" among the 5 zones this API key can see. Check the "zone" input (a zone id, or the domain name exactly as the zone is named) and that the key belongs to the right account, or set "create-zone: true" to create it.'
      )
    )
    expect(() => matchZone(zones.slice(0, 1), { kind: 'id', id: 'A3' })).toThrow(
      new InputError(
        undefined,
        'No zone with id "A3" among the 1 zone this API key can see. Check the "zone" input (a zone id, or the domain name exactly as the zone is named) and that the key belongs to the right account.'
      )
    )
  })
  it('says every status of a zone that cannot be purged, and what to do', () => {
    const odd = [z('s1', 'odd.example', 'suspended'), z('s2', 'odd.example', 'deleted'), z('s3', 'odd.example', 'suspended')]
    expect(() => matchZone(odd, { kind: 'name', name: 'odd.example' })).toThrow(
      new InputError(
        undefined,
        'The zone with name "odd.example" is suspended, deleted, not active or pending: nothing can be purged in it. Restore it in the dashboard, or set "create-zone: true" to create it anew.'
      )
    )
    expect(() => matchZone(odd, { kind: 'id', id: 's2' })).toThrow(
      new InputError(
        undefined,
        'The zone with id "s2" is deleted, not active or pending: nothing can be purged in it. Restore it in the dashboard.'
      )
    )
  })
  it('matches an id exactly', () => {
    expect(matchZone(zones, { kind: 'id', id: 'a2' })).toEqual({ zone: zones[1], warnings: [expect.stringContaining('pending') as string] })
  })
})

// A client that answers from a function, records every call, and counts requests in flight. Given `bytes`,
// each answer's body "arrives" in pieces of PIECE_BYTES, one a microtask, so that the pages in flight are
// read side by side, as over the network; each piece is taken from the request's byte budget as the client
// does, and a piece past it fails the request as too large.
interface Call {
  readonly method: Method
  readonly path: string
  readonly page: number | undefined
  readonly body: unknown
  readonly retry: boolean | undefined
}
type Answer = (method: Method, page: number | undefined) => unknown
const PIECE_BYTES = 64 * 1024
function fake(
  answer: Answer,
  maxAttempts = 3,
  bytes?: number
): { client: ZoneClient; calls: Call[]; waits: number[]; maxInFlight: () => number; bytesRead: () => number } {
  const calls: Call[] = []
  const waits: number[] = []
  let inFlight = 0
  let most = 0
  let read = 0
  const client: ZoneClient = {
    maxAttempts,
    async request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
      const page = options.query?.page as number | undefined
      calls.push({ method, path, page, body: options.body, retry: options.retry })
      most = Math.max(most, ++inFlight)
      try {
        await Promise.resolve()
        for (let left = bytes ?? 0; left > 0; left -= PIECE_BYTES) {
          const piece = Math.min(PIECE_BYTES, left)
          read += piece
          if (options.byteBudget?.take(piece) === false) {
            throw new ApiError({ method, path, attempts: 1, kind: 'too-large', status: 200, retryable: false })
          }
          await Promise.resolve()
        }
        return { status: 200, body: answer(method, page) as T, attempts: 1 }
      } finally {
        inFlight--
      }
    },
    waitBeforeRetry: (attempt) => {
      waits.push(attempt)
      return Promise.resolve()
    }
  }
  return { client, calls, waits, maxInFlight: () => most, bytesRead: () => read }
}

/** The zone list as the API document gives it, 100 a page; `meta` replaces meta.total. */
const listOf =
  (zones: readonly unknown[], meta: { total?: unknown } = { total: zones.length }): Answer =>
  (_method, page = 1) => ({ success: true, data: zones.slice((page - 1) * 100, page * 100), meta: { page, per_page: 100, ...meta } })

const gets = (calls: readonly Call[]): (number | undefined)[] => calls.filter((call) => call.method === 'GET').map((call) => call.page)
const pagesUpTo = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1)
const named = (name: string): ZoneRef => ({ kind: 'name', name })
const list = (...refs: ZoneRef[]): ZoneSelection => ({ kind: 'list', refs })
const options = { createZone: false, plan: undefined, dryRun: false }
/** 100 zones a page, so that the zone at index i * 100 is the first of page i + 1. */
const zonesOfPages = (pages: number): Zone[] => manyZones(pages * 100).map(({ id, name, status }) => ({ id, name, status }))

describe('listZones', () => {
  it('reads page 1, then the rest up to 16 at once, keeping list order', async () => {
    const zones = zonesOfPages(40)
    const { client, calls, maxInFlight } = fake(listOf(zones))
    const read = await listZones(client)
    expect(read).toEqual({ zones, skipped: 0 })
    expect(gets(calls)).toEqual(pagesUpTo(40))
    expect(ZONE_PAGE_PARALLELISM).toBe(16)
    expect(maxInFlight()).toBe(16)
  })

  it('reads one page when the total fits, and when the total is 0, whatever the page holds', async () => {
    const one = fake(listOf(zonesOfPages(1)))
    expect((await listZones(one.client)).zones).toHaveLength(100)
    expect(gets(one.calls)).toEqual([1])
    const none = fake(listOf(zonesOfPages(2), { total: 0 }))
    expect((await listZones(none.client)).zones).toHaveLength(100)
    expect(gets(none.calls)).toEqual([1])
  })

  it('takes the total from page 1 only', async () => {
    const { client, calls } = fake((_method, page = 1) => ({ data: zonesOfPages(1), meta: { total: page === 1 ? 250 : 100_000 } }))
    await listZones(client)
    expect(gets(calls)).toEqual([1, 2, 3])
  })

  it('reads a full list at the cap without an error', async () => {
    const zones = zonesOfPages(1000)
    const { client, calls } = fake(listOf(zones))
    expect((await listZones(client)).zones).toHaveLength(MAX_ZONE_ENTRIES)
    expect(gets(calls)).toHaveLength(1000)
  })

  it('reads as many pages as meta.total says, short ones included', async () => {
    const { client, calls } = fake((_method, page = 1) => ({
      data: page === 1 ? zonesOfPages(1) : [z(`p${page}`, `p${page}.example`, 'active')],
      meta: { total: 250 }
    }))
    const read = await listZones(client)
    expect(gets(calls)).toEqual([1, 2, 3])
    expect(read.zones.map((zone) => zone.id).slice(99)).toEqual(['z00100', 'p2', 'p3'])
  })

  it('stops asking for pages once `enough` says so, and hands it every page in list order', async () => {
    const zones = zonesOfPages(100)
    const { client, calls } = fake(listOf(zones))
    const seen: string[] = []
    const read = await listZones(client, (page) => {
      seen.push(page[0]?.id ?? '')
      return seen.length === 5
    })
    expect(seen).toEqual(['z00001', 'z00101', 'z00201', 'z00301', 'z00401'])
    expect(read.zones).toEqual(zones.slice(0, 500))
    // Page 1, the first 16 at once, and one more as each of pages 2-4 came in.
    expect(gets(calls)).toEqual(pagesUpTo(20))
  })

  it('without meta.total, reads ahead 1, 2, 4… pages and stops at the first short page, losing and doubling nothing', async () => {
    const zones = zonesOfPages(4).slice(0, 350)
    // Pages past the end answer zones too: they must not be counted.
    const { client, calls } = fake((_method, page = 1) => ({
      data: page > 4 ? [z(`extra${page}`, 'extra.example', 'active')] : zones.slice((page - 1) * 100, page * 100)
    }))
    const read = await listZones(client)
    expect(read.zones).toEqual(zones)
    expect(gets(calls)).toEqual(pagesUpTo(6))
  })

  it('without meta.total, a full last page is followed by one empty page', async () => {
    const { client, calls } = fake(listOf(zonesOfPages(1), {}))
    expect((await listZones(client)).zones).toHaveLength(100)
    expect(gets(calls)).toEqual([1, 2])
  })

  it.each([
    ['negative', -5],
    ['fractional', 250.5],
    ['a string', '250'],
    ['null', null],
    ['absurd', 1e12],
    ['over the cap', MAX_ZONE_ENTRIES + 1]
  ])('does not trust a meta.total that is %s: pages until a short one', async (_what, total) => {
    const zones = zonesOfPages(3).slice(0, 250)
    const { client, calls } = fake(listOf(zones, { total }))
    expect((await listZones(client)).zones).toEqual(zones)
    expect(gets(calls)).toEqual(pagesUpTo(4))
  })

  it('trusts a meta.total at the cap', async () => {
    const { client, calls } = fake((_method, page = 1) => ({ data: page === 1 ? zonesOfPages(1) : [], meta: { total: MAX_ZONE_ENTRIES } }))
    await listZones(client)
    expect(gets(calls)).toHaveLength(1000)
  })

  it('stops with a clear error after 1,000 full pages without an end', async () => {
    const page = zonesOfPages(1)
    const { client, calls } = fake(() => ({ data: page }))
    const listing = listZones(client)
    await expect(listing).rejects.toThrow(AnswerError)
    await expect(listing).rejects.toThrow(
      'GET /zones: the zone list goes on past 100,000 entries (1,000 pages of 100), the most this action reads, and the zones could not be resolved within them. ' +
        'Check that "api-url" is the Content Delivery Service API, including /v1; or give the zone by id in the "zone" input (the lookup stops at the page that holds it, and a key that may not list zones uses the id alone).'
    )
    expect(gets(calls)).toEqual(pagesUpTo(1000))
  })

  // 16 pages of 8 MiB reached 296 MB; the bound per page alone would have let 1,000 pages of 16 MiB through.
  it('stops with a clear error once the answers come to more than 64 MiB in all, saying what it read', async () => {
    const page = zonesOfPages(1)
    const { client } = fake(() => ({ data: page }), 3, 8 * 1024 * 1024)
    const listing = listZones(client)
    await expect(listing).rejects.toThrow(AnswerError)
    await expect(listing).rejects.toThrow(
      /^GET \/zones: the zone list's answers came to more than 64 MiB \(64(\.\d)? MiB counted, \d+ pages read whole\), the most this action reads for 100,000 zones at most\. Check that "api-url" is the Content Delivery Service API, including \/v1; or give the zone by id in the "zone" input/
    )
    expect(MAX_ZONE_LIST_BYTES).toBe(64 * 1024 * 1024)
  })

  // An API that answers 8 MiB pages and a meta.total of 50,000 zones had 24 pages read, some 200 MB, before the error:
  // the total counted finished pages only, while 16 were read at once.
  it('counts bytes as they arrive across the pages in flight, and stops every read once they pass 64 MiB', async () => {
    const { client, maxInFlight, bytesRead } = fake(() => ({ data: zonesOfPages(1), meta: { total: 50_000 } }), 3, 8 * 1024 * 1024)
    await expect(listZones(client)).rejects.toThrow(AnswerError)
    expect(maxInFlight()).toBe(ZONE_PAGE_PARALLELISM)
    // Past the bound, each read in flight stops at its next piece.
    expect(bytesRead()).toBeGreaterThan(MAX_ZONE_LIST_BYTES)
    expect(bytesRead()).toBeLessThanOrEqual(MAX_ZONE_LIST_BYTES + ZONE_PAGE_PARALLELISM * PIECE_BYTES)
  })

  it('reads answers of exactly 64 MiB in all', async () => {
    const { client } = fake(listOf(manyZones(800)), 3, (64 * 1024 * 1024) / 8)
    expect((await listZones(client)).zones).toHaveLength(800)
  })

  it('keeps only the id, name and status of each zone, not the fields the API adds', async () => {
    const { client } = fake(listOf([{ id: 'a', name: 'a.example', status: 'active', plan: { huge: 'x'.repeat(1000) }, owner: 'someone' }]))
    expect((await listZones(client)).zones).toEqual([{ id: 'a', name: 'a.example', status: 'active' }])
  })

  it('finds what it needs on the last page it may read', async () => {
    const page = zonesOfPages(1)
    const { client } = fake(() => ({ data: page }))
    let pages = 0
    await expect(listZones(client, () => ++pages === 1000)).resolves.toMatchObject({ skipped: 0 })
  })

  it('stops with the same error when pages hold more entries than asked for, past the cap', async () => {
    const big = manyZones(1000)
    const { client, calls } = fake(() => ({ data: big, meta: { total: MAX_ZONE_ENTRIES } }))
    await expect(listZones(client)).rejects.toThrow(AnswerError)
    expect(gets(calls).length).toBeLessThan(1000)
  })

  it('skips entries without a text id, name and status, and counts them', async () => {
    const good = z('ok', 'ok.example', 'active')
    const entries = [
      good,
      null,
      'zone',
      7,
      [],
      {},
      { id: 1, name: 'a.example', status: 'active' },
      { id: 'x', name: 'a.example' },
      { id: '', name: 'a.example', status: 'active' },
      { id: 'x', name: '', status: 'active' },
      { id: 'x', name: 'a.example', status: '' },
      { id: 'x', name: ['a'], status: 'active' },
      { id: '..', name: 'a.example', status: 'active' },
      { id: '.', name: 'a.example', status: 'active' }
    ]
    const { client } = fake(listOf(entries))
    expect(await listZones(client)).toEqual({ zones: [good], skipped: 13 })
  })

  it('refuses a page that holds no list, naming the request and what to check', async () => {
    for (const body of [undefined, null, 'text', [], { data: {} }, { data: 'zones' }, { success: true }]) {
      const { client } = fake(() => body)
      const listing = listZones(client)
      await expect(listing).rejects.toThrow(InputError)
      await expect(listing).rejects.toThrow(
        'GET /zones answered without a list of zones: check that "api-url" is the Content Delivery Service API, including /v1.'
      )
    }
  })

  it('fails with the error of a page needed before the answer was certain', async () => {
    const zones = zonesOfPages(30)
    const failure = new ApiError({ method: 'GET', path: '/zones', kind: 'http', attempts: 1, status: 500 })
    const { client } = fake((method, page = 1) => {
      if (page === 7) throw failure
      return listOf(zones)(method, page)
    })
    await expect(listZones(client, (page) => page.some((zone) => zone.id === 'z01001'))).rejects.toBe(failure)
    // Once the answer is certain, a later page's failure does not matter.
    await expect(listZones(client, (page) => page.some((zone) => zone.id === 'z00301'))).resolves.toMatchObject({ skipped: 0 })
  })
})

describe('resolveZones: the early stop', () => {
  it('a zone on page 1 takes one request', async () => {
    const { client, calls } = fake(listOf(zonesOfPages(100)))
    const found = await resolveZones(client, list(named('zone-7.example.org')), options)
    expect(found).toEqual({ zones: [z('z00007', 'zone-7.example.org', 'active')], warnings: [], candidates: undefined })
    expect(calls).toEqual([{ method: 'GET', path: '/zones', page: 1 }])
  })

  it('a zone on the last of 100 pages reads them all, 16 at a time', async () => {
    const { client, calls, maxInFlight } = fake(listOf(zonesOfPages(100)))
    const found = await resolveZones(client, list(named('ZONE-9999.example.org.')), options)
    expect(found.zones.map((zone) => zone.id)).toEqual(['z09999'])
    expect(gets(calls)).toEqual(pagesUpTo(100))
    expect(maxInFlight()).toBe(16)
  })

  it('an id stops the read wherever it is found, whatever its status', async () => {
    const zones = zonesOfPages(50)
    zones[250] = z('the-id', 'pending.example', 'pending')
    const { client, calls } = fake(listOf(zones))
    const found = await resolveZones(client, list({ kind: 'id', id: 'the-id' }), options)
    expect(found.zones).toEqual([zones[250]])
    expect(found.warnings).toEqual([
      'Zone pending.example (the-id) is pending: the service may not serve it yet, so the purge may have no visible effect.'
    ])
    expect(gets(calls)).toEqual(pagesUpTo(18))
  })

  it('a name found pending or deleted reads on, for an active zone of that name later in the list', async () => {
    const zones = zonesOfPages(30)
    zones[150] = z('first', 'shop.example', 'pending')
    zones[160] = z('gone', 'shop.example', 'deleted')
    zones[2850] = z('later', 'Shop.Example', 'active')
    const { client, calls } = fake(listOf(zones))
    const found = await resolveZones(client, list(named('shop.example')), options)
    expect(found.zones.map((zone) => zone.id)).toEqual(['later'])
    expect(gets(calls)).toEqual(pagesUpTo(30))
  })

  it('a name that is only pending is used after the whole list, with a warning', async () => {
    const zones = zonesOfPages(3)
    zones[10] = z('p', 'shop.example', 'pending')
    const { client, calls } = fake(listOf(zones))
    const found = await resolveZones(client, list(named('shop.example')), options)
    expect(found.zones.map((zone) => zone.id)).toEqual(['p'])
    expect(found.warnings).toHaveLength(1)
    expect(gets(calls)).toEqual([1, 2, 3])
  })

  it('the first active zone in list order wins, however the pages arrive', async () => {
    // Page 2 answers only once page 3 has come in and been handled; both hold an active zone of the name.
    const zones = zonesOfPages(3)
    zones[150] = z('on-page-2', 'shop.example', 'active')
    zones[250] = z('on-page-3', 'shop.example', 'active')
    const answer = listOf(zones)
    const arrived: number[] = []
    const client: ZoneClient = {
      maxAttempts: 1,
      request: async <T>(_method: Method, _path: string, requestOptions: RequestOptions = {}): Promise<ApiResponse<T>> => {
        const page = requestOptions.query?.page as number
        if (page === 2) await new Promise((resolve) => setImmediate(resolve))
        arrived.push(page)
        return { status: 200, body: answer('GET', page) as T, attempts: 1 }
      },
      waitBeforeRetry: () => Promise.resolve()
    }
    const found = await resolveZones(client, list(named('shop.example')), options)
    expect(arrived).toEqual([1, 3, 2])
    expect(found.zones.map((zone) => zone.id)).toEqual(['on-page-2'])
  })

  it('several zones share one pass, which stops once the last of them is found', async () => {
    const { client, calls } = fake(listOf(zonesOfPages(100)))
    const found = await resolveZones(
      client,
      list(named('zone-250.example.org'), { kind: 'id', id: 'z00002' }, named('zone-1.example.org')),
      options
    )
    expect(found.zones.map((zone) => zone.id)).toEqual(['z00250', 'z00002', 'z00001'])
    expect(gets(calls)).toEqual(pagesUpTo(18))
  })

  it('names zones that are not there after reading the whole list, counting every zone', async () => {
    const { client, calls } = fake(listOf(zonesOfPages(3)))
    const lookup = resolveZones(client, list(named('zone-1.example.org'), named('nope.example')), options)
    await expect(lookup).rejects.toThrow(InputError)
    await expect(lookup).rejects.toThrow('No zone with name "nope.example" among the 300 zones this API key can see.')
    expect(gets(calls)).toEqual([1, 2, 3])
  })

  it('reads the whole list for auto, keeping the zones that can be purged', async () => {
    const zones = zonesOfPages(3)
    zones[5] = z('d', 'deleted.example', 'deleted')
    zones[6] = z('p', 'pending.example', 'pending')
    const { client, calls } = fake(listOf(zones))
    const found = await resolveZones(client, { kind: 'auto' }, options)
    expect(found.candidates).toEqual(zones.filter((zone) => zone.id !== 'd'))
    expect(found.zones).toEqual([])
    expect(gets(calls)).toEqual([1, 2, 3])
  })

  it('reads the whole list with create-zone, even when the zone is found at once', async () => {
    const { client, calls } = fake(listOf(zonesOfPages(3)))
    const found = await resolveZones(client, list(named('zone-1.example.org')), { ...options, createZone: true })
    expect(found.zones.map((zone) => zone.id)).toEqual(['z00001'])
    expect(calls.map((call) => call.method)).toEqual(['GET', 'GET', 'GET'])
  })

  it('uses a zone given twice (by id and by name) once', async () => {
    const { client } = fake(listOf(zonesOfPages(1)))
    const found = await resolveZones(client, list({ kind: 'id', id: 'z00003' }, named('zone-3.example.org')), options)
    expect(found.zones.map((zone) => zone.id)).toEqual(['z00003'])
  })

  it('warns how many entries of the zone list were skipped, for a list and for auto', async () => {
    const { client } = fake(listOf([{ id: 'broken' }, z('a', 'a.example', 'active'), null, 5]))
    expect((await resolveZones(client, list(named('a.example')), options)).warnings).toEqual([
      '3 entries of the zone list had no usable id, name or status and were skipped.'
    ])
    const one = fake(listOf([z('a', 'a.example', 'active'), { name: 'b.example' }]))
    expect((await resolveZones(one.client, { kind: 'auto' }, options)).warnings).toEqual([
      '1 entry of the zone list had no usable id, name or status and was skipped.'
    ])
  })
})

describe('resolveZones: creating a zone', () => {
  const create = { createZone: true, plan: undefined, dryRun: false }
  it('does not create a zone given by id, which has no name to create it with', async () => {
    const { client, calls } = fake(listOf([]))
    const lookup = resolveZones(client, list({ kind: 'id', id: 'zn-missing' }), create)
    await expect(lookup).rejects.toThrow(InputError)
    await expect(lookup).rejects.toThrow('No zone with id "zn-missing" among the 0 zones')
    expect(calls.map((call) => call.method)).toEqual(['GET'])
  })

  const retryable = (status = 503): ApiError =>
    new ApiError({ method: 'POST', path: '/zones', kind: 'http', attempts: 1, status, retryable: true })

  it('creates a missing zone with its plan and reads the CNAME target from any field named like it', async () => {
    const { client, calls } = fake((method) =>
      method === 'GET'
        ? listOf([])(method, 1)
        : { success: true, data: { id: 'zn-1', name: 'New.Example', status: 'pending', CNAME_Target: 7, dns_cname: 'edge.example.net' } }
    )
    const found = await resolveZones(client, list(named('New.Example.')), { ...create, plan: 'pro' })
    expect(found).toEqual({
      zones: [{ id: 'zn-1', name: 'New.Example', status: 'pending', created: { cnameTarget: 'edge.example.net', dryRun: false } }],
      warnings: [],
      candidates: undefined
    })
    expect(calls.map((call) => [call.method, call.path, call.body, call.retry])).toEqual([
      ['GET', '/zones', undefined, undefined],
      ['POST', '/zones', { name: 'new.example', plan: 'pro' }, false]
    ])
  })

  it('fills in what the create answer leaves out', async () => {
    const { client, calls } = fake((method) =>
      method === 'GET' ? listOf([])(method, 1) : { data: { id: 'zn-2', name: 5, status: null, cname: '' } }
    )
    const found = await resolveZones(client, list(named('bare.example')), create)
    expect(found.zones).toEqual([{ id: 'zn-2', name: 'bare.example', status: undefined, created: { cnameTarget: null, dryRun: false } }])
    expect(calls.find((call) => call.method === 'POST')?.body).toStrictEqual({ name: 'bare.example' })
  })

  it.each([
    ['an array', []],
    ['a string', 'created'],
    ['a number', 42],
    ['null', null],
    ['nothing', undefined],
    ['no data', { success: true }],
    ['data as an array', { data: [{ id: 'zn-3' }] }],
    ['data as a string', { data: 'zn-3' }],
    ['a number as id', { data: { id: 3 } }],
    ['an empty id', { data: { id: '' } }],
    ['the id ".."', { data: { id: '..' } }],
    ['the id "."', { data: { id: '.' } }],
    ['no id', { data: { name: 'x.example' } }]
  ])('refuses a create answer with %s, saying the zone may exist, without trying again', async (_what, answer) => {
    const { client, calls } = fake((method) => (method === 'GET' ? listOf([])(method, 1) : answer))
    const lookup = resolveZones(client, list(named('x.example')), create)
    await expect(lookup).rejects.toThrow(AnswerError)
    await expect(lookup).rejects.toThrow(
      'POST /zones answered without the new zone\'s id (a text "id" in its "data" object), so zone x.example cannot be used. Check the dashboard: the zone may have been created, and the next run will find it.'
    )
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST'])
  })

  it('never tries a create more than max-attempts times, and looks for the zone after each', async () => {
    const failure = retryable()
    const { client, calls, waits } = fake((method) => {
      if (method === 'POST') throw failure
      return listOf([])(method, 1)
    }, 3)
    await expect(resolveZones(client, list(named('x.example')), create)).rejects.toBe(failure)
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST', 'GET', 'POST', 'GET', 'POST', 'GET'])
    expect(waits).toEqual([1, 2])
  })

  it('takes a zone that the failed create made after all', async () => {
    let posted = false
    const { client, calls } = fake((method) => {
      if (method === 'POST') {
        posted = true
        throw retryable(504)
      }
      return listOf(posted ? [z('made', 'x.example', 'pending')] : [])(method, 1)
    })
    const found = await resolveZones(client, list(named('x.example')), create)
    expect(found.zones).toEqual([{ id: 'made', name: 'x.example', status: 'pending', created: { cnameTarget: null, dryRun: false } }])
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST', 'GET'])
  })

  it('follows a 409 or an "already exists" answer with a lookup', async () => {
    for (const error of [
      new ApiError({ method: 'POST', path: '/zones', kind: 'http', attempts: 1, status: 409 }),
      new ApiError({ method: 'POST', path: '/zones', kind: 'http', attempts: 1, status: 400, serverMessage: 'Zone Already Exists here' })
    ]) {
      let posted = false
      const { client } = fake((method) => {
        if (method === 'POST') {
          posted = true
          throw error
        }
        return listOf(posted ? [z('raced', 'x.example', 'active')] : [])(method, 1)
      })
      expect((await resolveZones(client, list(named('x.example')), create)).zones).toEqual([z('raced', 'x.example', 'active')])
    }
  })

  it('says so when the zone exists but the key cannot see it', async () => {
    const { client, calls } = fake((method) => {
      if (method === 'POST') throw new ApiError({ method: 'POST', path: '/zones', kind: 'http', attempts: 1, status: 409 })
      return listOf([])(method, 1)
    })
    const lookup = resolveZones(client, list(named('x.example')), create)
    await expect(lookup).rejects.toThrow(InputError)
    await expect(lookup).rejects.toThrow('POST /zones says a zone named x.example already exists, but this API key cannot see it.')
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST', 'GET'])
  })

  it('fails at once on an answer that is neither retryable nor "already exists"', async () => {
    const failure = new ApiError({
      method: 'POST',
      path: '/zones',
      kind: 'http',
      attempts: 1,
      status: 400,
      serverMessage: 'name is not allowed'
    })
    const { client, calls } = fake((method) => {
      if (method === 'POST') throw failure
      return listOf([])(method, 1)
    })
    await expect(resolveZones(client, list(named('x.example')), create)).rejects.toBe(failure)
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST'])
  })

  it('passes on an error that is not an API error', async () => {
    const failure = new TypeError('bug')
    const { client, calls } = fake((method) => {
      if (method === 'POST') throw failure
      return listOf([])(method, 1)
    })
    await expect(resolveZones(client, list(named('x.example')), create)).rejects.toBe(failure)
    expect(calls).toHaveLength(2)
  })

  it('only says what it would create in a dry run, a zone per name', async () => {
    const { client, calls } = fake(listOf([z('old', 'x.example', 'deleted')]))
    const found = await resolveZones(client, list(named('x.example'), named('y.example')), { ...create, dryRun: true })
    expect(found.zones).toEqual([
      { id: '(new zone x.example)', name: 'x.example', status: 'would be created', created: { cnameTarget: null, dryRun: true } },
      { id: '(new zone y.example)', name: 'y.example', status: 'would be created', created: { cnameTarget: null, dryRun: true } }
    ])
    expect(calls.map((call) => call.method)).toEqual(['GET'])
  })
})

describe('listZones and resolveZones over HTTP', () => {
  let api: StandIn | undefined
  let client: ApiClient | undefined
  afterEach(async () => {
    await client?.close()
    await api?.close()
  })
  const connect = async (standIn: Parameters<typeof startStandIn>[0]): Promise<ApiClient> => {
    api = await startStandIn(standIn)
    client = new ApiClient({ baseUrl: api.url, apiKey: api.apiKey, userAgent: 't', timeoutMs: 2000, maxAttempts: 1 })
    return client
  }

  it('reads every page, 100 a page, the rest concurrently after the first', async () => {
    const c = await connect({ zones: manyZones(250) })
    // Pages 2 and 3 are answered only once both are in flight.
    api?.barrier(2, (request) => request.query.page !== '1')
    const { zones } = await listZones(c)
    expect(zones).toHaveLength(250)
    expect(new Set(zones.map((zone) => zone.id)).size).toBe(250)
    expect(api?.requests.map((r) => r.query)).toEqual([
      { page: '1', per_page: '100' },
      { page: '2', per_page: '100' },
      { page: '3', per_page: '100' }
    ])
    expect(api?.maxInFlight).toBe(2)
  })

  it('uses a zone by id alone when the key may not list zones', async () => {
    const c = await connect({ denyListing: true })
    const lookup = await resolveZones(
      c,
      {
        kind: 'list',
        refs: [
          { kind: 'id', id: 'zone-example' },
          { kind: 'id', id: 'zone-other' }
        ]
      },
      options
    )
    expect(lookup).toEqual({
      zones: [
        { id: 'zone-example', name: undefined, status: undefined },
        { id: 'zone-other', name: undefined, status: undefined }
      ],
      warnings: [
        'The API key may not list zones (HTTP 403), so zone zone-example, zone-other is used by id alone, unchecked; name and status are unknown.'
      ],
      candidates: undefined
    })
  })

  it('quotes a long zone id cut, with how much was left out', async () => {
    const id = 'i'.repeat(16_000)
    const quoted = `${'i'.repeat(200)}… (15,800 more characters)`
    const c = await connect({ denyListing: true })
    const lookup = await resolveZones(c, { kind: 'list', refs: [{ kind: 'id', id }] }, options)
    expect(lookup.zones).toEqual([{ id, name: undefined, status: undefined }])
    expect(lookup.warnings).toEqual([
      `The API key may not list zones (HTTP 403), so zone ${quoted} is used by id alone, unchecked; name and status are unknown.`
    ])
    expect(() => matchZone([], { kind: 'id', id })).toThrow(`No zone with id "${quoted}" among the 0 zones`)
    const pending = matchZone([z(id, 'example.com', 'pending')], { kind: 'id', id })
    expect(pending.warnings).toEqual([
      `Zone example.com (${quoted}) is pending: the service may not serve it yet, so the purge may have no visible effect.`
    ])
  })

  it('cannot look up a name, or find zones for auto, when the key may not list zones', async () => {
    const c = await connect({ denyListing: true, zones: [zone('z', 'example.com')] })
    const byName = resolveZones(
      c,
      {
        kind: 'list',
        refs: [
          { kind: 'id', id: 'z' },
          { kind: 'name', name: 'example.com' }
        ]
      },
      options
    )
    await expect(byName).rejects.toThrow(InputError)
    await expect(byName).rejects.toThrow(
      'The API key may not list zones (HTTP 403), so the zone name "example.com" cannot be looked up. Give zone ids in the "zone" input instead, or use a key that may list zones.'
    )
    await expect(resolveZones(c, { kind: 'auto' }, options)).rejects.toThrow(
      'The API key may not list zones (HTTP 403), so "zone: auto" cannot find the zones.'
    )
  })

  it('passes on a listing failure other than 403', async () => {
    const c = await connect({})
    api?.fault({ path: '/zones', status: 401 })
    await expect(resolveZones(c, { kind: 'list', refs: [{ kind: 'id', id: 'zone-example' }] }, options)).rejects.toThrow(ApiError)
  })
})
