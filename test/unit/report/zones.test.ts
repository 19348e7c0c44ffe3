// The summary's zones part (src/report/zones.ts): the table with a row per zone, and the notes on created zones,
// as the summary shows them.
import { describe, expect, it } from 'vitest'
import type { ZoneResult } from '../../../src/run/result/zones.js'
import { zoneResult } from '../../support/run-result.js'
import { count, DRY_RUN, summary, TABLE } from '../../support/summary.js'

describe('renderSummary: several zones', () => {
  const other = (over: Partial<ZoneResult> = {}): ZoneResult => zoneResult({ id: 'z2', name: 'example.net', ...over })

  it('gives each zone a row, with a column for each thing any zone was asked to do', () => {
    const zones = [
      zoneResult({
        purgeEverythingRequested: true,
        purgedEverything: true,
        purgedFiles: ['u1', 'u2'],
        failedFiles: ['u3'],
        purgedTags: ['t'],
        settingsRequested: true,
        settingsApplied: true
      }),
      zoneResult({ id: 'z2', name: '', status: '', purgeEverythingRequested: true, failedTags: ['t'], settingsRequested: true }),
      zoneResult({ id: 'z3', name: 'example.net', status: 'pending' })
    ]
    expect(summary({ zones })).toBe(
      `## CDN purge: 3 zones\n\n${TABLE}| Zones | example.com, z2, example.net |\n\n` +
        '| Zone | Status | URLs purged | Tags purged | Everything | Settings | Not purged |\n' +
        '|---|---|---|---|---|---|---|\n' +
        '| example.com | active | 2 | 1 | yes | yes | 1 |\n' +
        '| z2 | unknown | 0 | 0 | **no** | **no** | 1 |\n' +
        '| example.net | pending | 0 | 0 |  |  | 0 |\n'
    )
  })

  it('marks what a dry run would do in each zone asked to', () => {
    expect(summary({ dryRun: true, zones: [zoneResult({ purgeEverythingRequested: true, settingsRequested: true }), other()] })).toBe(
      `## CDN purge: 2 zones\n\n${DRY_RUN}${TABLE}| Zones | example.com, example.net |\n\n` +
        '| Zone | Status | Everything | Settings |\n|---|---|---|---|\n| example.com | active | planned | planned |\n| example.net | active |  |  |\n'
    )
  })

  it('has a URL or tag column when any was asked for, even if none went through', () => {
    const table = (zone: ZoneResult): string => summary({ zones: [zone, other()] }).split('\n\n')[2] as string
    expect(table(zoneResult({ failedFiles: ['u'] }))).toBe(
      '| Zone | Status | URLs purged | Not purged |\n|---|---|---|---|\n| example.com | active | 0 | 1 |\n| example.net | active | 0 | 0 |\n'
    )
    expect(table(zoneResult({ failedTags: ['t'] }))).toBe(
      '| Zone | Status | Tags purged | Not purged |\n|---|---|---|---|\n| example.com | active | 0 | 1 |\n| example.net | active | 0 | 0 |\n'
    )
  })

  it('shows 100 zones at most, and counts the rest', () => {
    const zones = (n: number): ZoneResult[] => Array.from({ length: n }, (_, i) => zoneResult({ id: `z${i}`, name: `zone${i}.example` }))
    const hundred = summary({ zones: zones(100) })
    expect(hundred.split('\n').filter((line) => line.startsWith('| zone'))).toHaveLength(100)
    expect(hundred.endsWith('| zone99.example | active |\n')).toBe(true)
    const more = summary({ zones: zones(101) })
    expect(more.split('\n').filter((line) => line.startsWith('| zone'))).toHaveLength(100)
    expect(more.endsWith('| zone99.example | active |\n\n… and 1 more zone: see the zones output.\n')).toBe(true)
    expect(summary({ zones: zones(102) }).endsWith('\n\n… and 2 more zones: see the zones output.\n')).toBe(true)
  })

  it('names ten zones at most in the Zones row, and counts the rest', () => {
    const zones = (n: number): ZoneResult[] => Array.from({ length: n }, (_, i) => zoneResult({ id: `z${i}`, name: `zone${i}.example` }))
    const names = (n: number): string[] => Array.from({ length: n }, (_, i) => `zone${i}.example`)
    expect(summary({ zones: zones(10) })).toContain(`| Zones | ${names(10).join(', ')} |\n`)
    expect(summary({ zones: zones(12) })).toContain(`| Zones | ${names(10).join(', ')} and 2 more |\n`)
  })
})

describe('renderSummary: created zones', () => {
  it('says a dry run would create the zone', () => {
    expect(
      summary({
        dryRun: true,
        zones: [zoneResult({ id: 'new.example', name: 'new.example', status: '', created: { cnameTarget: null, dryRun: true } })]
      })
    ).toBe(
      `## CDN purge: new.example\n\n${DRY_RUN}${TABLE}| Zone | new.example · <code>new.example</code> |\n\n> [!NOTE]\n> Zone **new.example** does not exist and would be created (dry run).\n`
    )
  })

  it('gives the CNAME record to add next, with its target when the service named it', () => {
    const created = (cnameTarget: string | null, status: string): string =>
      summary({
        zones: [
          zoneResult({ id: 'z9', name: 'new.example', status, created: { cnameTarget, dryRun: false } }),
          zoneResult({ id: 'z2', name: 'example.net' })
        ]
      }).split('| example.net | active |\n\n')[1] as string
    expect(created('new-example.cdn.example.net', 'pending')).toBe(
      '> [!IMPORTANT]\n> Zone **new.example** was created (<code>z9</code>, status pending).\n> Next step: point the domain at the service with a DNS **CNAME** record for <code>new.example</code> to <code>new-example.cdn.example.net</code>.\n'
    )
    expect(created(null, '')).toBe(
      '> [!IMPORTANT]\n> Zone **new.example** was created (<code>z9</code>, status unknown).\n> Next step: point the domain at the service with a DNS **CNAME** record for <code>new.example</code> to the target the service gives for it. The create answer did not name the target, so it is not known here: find it in the dashboard.\n'
    )
  })
})

describe('renderSummary: many created zones', () => {
  it('gives 20 notes at most, and counts the rest', () => {
    const zones = (n: number): ZoneResult[] =>
      Array.from({ length: n }, (_, i) =>
        zoneResult({ id: `z${i}`, name: `new${i}.example`, created: { cnameTarget: null, dryRun: true } })
      )
    const twenty = summary({ zones: zones(20) })
    expect(count(twenty, 'does not exist and would be created')).toBe(20)
    expect(twenty).not.toContain('created or to be created')
    const more = summary({ zones: zones(22) })
    expect(count(more, 'does not exist and would be created')).toBe(20)
    expect(more).toContain('**new19.example** does not exist')
    expect(more).toContain(
      '> Zone **new19.example** does not exist and would be created (dry run).\n\n… and 2 more zones created or to be created: see the zones output.\n'
    )
  })
})
