import { describe, expect, it } from 'vitest'
import { errorLine, posts, standIn } from './fixture.js'

describe('zone settings (end to end)', () => {
  it('sends only the keys given, to the zone name, before the purge', async () => {
    const api = await standIn()
    const run = await api.run({ files: '/a', settings: 'limits:\n  enabled: true\n' })
    expect(run.code).toBe(0)
    expect(posts(api)).toEqual(['/zones/example.com/settings', '/zones/zone-example/purge'])
    expect(api.requests.find((r) => r.path.endsWith('/settings'))?.body).toEqual({ limits: { enabled: true, mode: 'automatic' } })
    expect(run.outputs['settings-applied']).toBe('true')
    expect(run.summary).toContain('| Settings | limits: enabled (automatic): applied |')
  })

  it('accepts JSON and settings alone', async () => {
    const api = await standIn()
    const run = await api.run({ settings: '{"limits": {"enabled": false}, "sdk": {"enabled": true, "mode": "automatic"}}' })
    expect(run.code).toBe(0)
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      limits: { enabled: false, mode: 'automatic' },
      sdk: { enabled: true, mode: 'automatic' }
    })
    expect(api.zones[0]?.settings).toEqual({ limits: { enabled: false, mode: 'automatic' }, sdk: { enabled: true, mode: 'automatic' } })
  })

  it('sends an undocumented mode as given, with a warning', async () => {
    const api = await standIn()
    const run = await api.run({ settings: 'sdk: {enabled: true, mode: manual}' })
    expect(run.code).toBe(0)
    expect(run.log).toMatch(/^::warning::settings.sdk.mode "manual" is not a value the API documents/m)
    expect(run.summary).toContain('<details><summary>Warnings (1)</summary>')
    expect(JSON.parse(run.outputs.result ?? '')).toMatchObject({
      warnings: [expect.stringContaining('settings.sdk.mode "manual"') as string]
    })
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ sdk: { enabled: true, mode: 'manual' } })
  })

  it('does not purge when the settings fail, and reports every URL as not purged', async () => {
    const api = await standIn()
    api.fault({
      path: '/zones/example.com/settings',
      status: 422,
      body: '{"success":false,"errors":[{"message":"limits not available on this plan"}]}'
    })
    const run = await api.run({ files: '/a /b', settings: 'limits: {enabled: true}' })
    expect(run.code).toBe(1)
    expect(posts(api)).toEqual(['/zones/example.com/settings'])
    expect(run.outputs).toMatchObject({
      'settings-applied': 'false',
      'purged-files': '0',
      'failed-files': '["https://example.com/a","https://example.com/b"]'
    })
    expect(errorLine(run)).toContain('POST /zones/example.com/settings failed: HTTP 422: "limits not available on this plan"')
  })
})
