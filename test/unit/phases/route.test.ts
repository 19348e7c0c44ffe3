import { describe, expect, it } from 'vitest'
import { getInputs } from '../../../src/inputs/index.js'
import type { ZonesFound } from '../../../src/phases/look-up-zones.js'
import type { Lists } from '../../../src/phases/read-lists.js'
import { route } from '../../../src/phases/route.js'
import { routeEarly } from '../../../src/purge/routing.js'
import { source } from '../../support/inputs.js'

const minimal = { 'api-key': 'phases-zones-test-key', 'api-url': 'https://api.example.net/v1', zone: 'example.com' }

describe('route', () => {
  it('routes the lists to the zones found, using what was routed ahead, and then lets the lists go', async () => {
    const given = await getInputs(source({ ...minimal, files: '/a\nhttps://example.com/b', tags: 't' }))
    const lists: Lists = { everything: false, entries: ['/a', 'https://example.com/b'], tags: ['t'] }
    const early = routeEarly(lists.entries, given.zones)
    expect(early).toBeDefined()
    const zones: ZonesFound = {
      resolution: { zones: [{ id: 'zn1', name: 'example.com', status: 'active' }], warnings: [], candidates: undefined },
      early,
      lookupMs: 0
    }
    const warnings: string[] = []
    const work = route(given, lists, zones, undefined, (message) => warnings.push(message))
    expect(work.requested).toEqual({ everything: false, files: ['https://example.com/a', 'https://example.com/b'], tags: ['t'] })
    expect(work.zones.map(({ zone }) => zone.id)).toEqual(['zn1'])
    // Nothing holds the lists as read any more: only what the phases return is kept to the end of the run.
    expect(lists.entries).toEqual([])
    expect(zones.early).toBeUndefined()
    expect(warnings).toEqual([])
  })
})
