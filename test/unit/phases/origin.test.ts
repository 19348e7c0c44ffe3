import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ChangeSet } from '../../../src/changes/index.js'
import { getInputs } from '../../../src/inputs/index.js'
import { originGate, planOrigin } from '../../../src/phases/origin.js'
import { RunRecord } from '../../../src/phases/record.js'
import type { WorkAssignment } from '../../../src/routing.js'
import { inputErrorOf, source } from '../../support/inputs.js'

const minimal = { 'api-key': 'phases-origin-test-key', 'api-url': 'https://api.example.net/v1', zone: 'example.com', files: '/a' }
const zone = { id: 'z1', name: 'example.com', status: 'active' }
const work = (requested: Partial<WorkAssignment['requested']>, probes: string[] = []): WorkAssignment => ({
  zones: [{ zone, requested: { everything: false, files: [], tags: [], ...requested } }],
  requested: { everything: false, files: [], tags: [], ...requested },
  changedUrls: [],
  everythingInstead: undefined,
  probes: new Map(probes.length === 0 ? [] : [['z1', probes]])
})
const changes = (deployed: [string, string][]): ChangeSet => ({
  source: 'git',
  how: 'git diff',
  base: 'a',
  head: 'b',
  why: '',
  link: undefined,
  files: deployed.map(([, file]) => file),
  entries: deployed.map(([entry]) => entry),
  deployed: new Map(deployed),
  incomplete: undefined,
  manifest: undefined
})

describe('planOrigin', () => {
  it('plans nothing when wait-for-origin is off, or when nothing is to be purged', async () => {
    const off = await getInputs(source({ ...minimal, 'site-dir': 'public' }))
    expect(await planOrigin(off, work({ files: ['https://example.com/a'] }), undefined)).toBeUndefined()
    const on = await getInputs(source({ ...minimal, 'site-dir': 'public', 'wait-for-origin': '30' }))
    expect(await planOrigin(on, work({}), undefined)).toBeUndefined()
  })

  it('maps the purged URLs into site-dir, the change list’s files first, and resolves the marker on the zone', async () => {
    const given = await getInputs(source({ ...minimal, 'site-dir': 'public', 'wait-for-origin': '30', 'origin-marker': '/v.txt 1.2' }))
    const plan = await planOrigin(
      given,
      work({ files: ['https://example.com/a.html', 'https://example.com/b.html'] }),
      changes([['/a.html', 'build/a.html']])
    )
    expect(plan).toEqual({
      where: 'edge',
      urls: [
        { url: 'https://example.com/a.html', fetchUrl: 'https://example.com/a.html', file: resolve('/work/space', 'build/a.html') },
        { url: 'https://example.com/b.html', fetchUrl: 'https://example.com/b.html', file: resolve('/work/space', 'public', 'b.html') }
      ],
      marker: { url: 'https://example.com/v.txt', fetchUrl: 'https://example.com/v.txt', file: undefined, text: '1.2' },
      known: 2
    })
  })

  it('lets the probe URLs stand in for a purge of tags', async () => {
    const given = await getInputs(source({ ...minimal, files: '', tags: 't', 'site-dir': 'public', 'wait-for-origin': '30' }))
    const plan = await planOrigin(given, work({ tags: ['t'] }, ['https://example.com/']), undefined)
    expect(plan?.urls.map((url) => url.file)).toEqual([resolve('/work/space', 'public', 'index.html')])
  })

  it('names origin-marker when its URL is on no zone of the step', async () => {
    const given = await getInputs(source({ ...minimal, 'wait-for-origin': '30', 'origin-marker': 'https://other.net/v.txt 1' }))
    const error = await inputErrorOf(planOrigin(given, work({ files: ['https://example.com/a'] }), undefined))
    expect(error.input).toBe('origin-marker')
    expect(error.message).toMatch(/^Input "origin-marker": /)
  })
})

describe('originGate', () => {
  it('is undefined without a plan', async () => {
    const given = await getInputs(source(minimal))
    expect(originGate(given, undefined, new RunRecord())).toBeUndefined()
  })
})
