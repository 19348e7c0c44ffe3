import { describe, expect, it } from 'vitest'
import { parseSettings } from '../../src/settings.js'

describe('parseSettings', () => {
  it('reads YAML, filling in the documented mode', () => {
    expect(parseSettings('limits:\n  enabled: true\n')).toEqual({ settings: { limits: { enabled: true, mode: 'automatic' } }, warnings: [] })
  })
  it('reads JSON with both keys', () => {
    const parsed = parseSettings('{"limits": {"enabled": false, "mode": "automatic"}, "sdk": {"enabled": true}}')
    expect(parsed.settings).toEqual({ limits: { enabled: false, mode: 'automatic' }, sdk: { enabled: true, mode: 'automatic' } })
  })
  it('keeps only the keys given', () => {
    expect(Object.keys(parseSettings('sdk: {enabled: true}').settings)).toEqual(['sdk'])
  })
  it('sends another mode as given, with a warning', () => {
    const parsed = parseSettings('sdk: {enabled: true, mode: strict}')
    expect(parsed.settings.sdk?.mode).toBe('strict')
    expect(parsed.warnings).toEqual(['settings.sdk.mode "strict" is not a value the API documents (only "automatic" is); it is sent as given.'])
  })
  it.each([
    ['cache: {enabled: true}', 'unknown key "cache"; accepted keys: limits, sdk'],
    ['limits: {enabled: true, level: 3}', '"limits.level" is not a known field; accepted fields: enabled, mode'],
    ['limits: {enabled: yes}', '"limits.enabled" must be true or false, got "yes"'],
    ['limits: {enabled: "true"}', '"limits.enabled" must be true or false, got "true"'],
    ['limits: {mode: automatic}', '"limits.enabled" must be true or false, got nothing'],
    ['limits: {enabled: true, mode: 3}', '"limits.mode" must be a non-empty string, got 3'],
    ['limits: true', '"limits" must be a mapping'],
    ['- limits', 'must be a mapping with the keys limits and/or sdk'],
    ['{}', 'is an empty mapping'],
    ['limits: {enabled: true', 'is not valid YAML or JSON']
  ])('rejects %j, naming what is wrong', (text, message) => {
    expect(() => parseSettings(text)).toThrow(message)
  })
})
