import { describe, expect, it, vi } from 'vitest'
import type * as Yaml from 'yaml'
import { InputError } from '../../src/errors.js'
import type * as Settings from '../../src/settings.js'
import { parseSettings, SETTINGS_MAX_DEPTH, SETTINGS_MAX_LENGTH } from '../../src/settings.js'
import { loadAfresh } from '../support/fresh.js'
import { inputError } from '../support/inputs.js'

// A parser that throws (a stack overflow it does not catch itself, a bug) on one marked text.
const THROWS = 'limits: {enabled: true} # the parser throws on this one'
vi.mock('yaml', async (importOriginal) => {
  const yaml = await importOriginal<typeof Yaml>()
  return {
    ...yaml,
    parseDocument: (...args: Parameters<typeof yaml.parseDocument>) => {
      if (args[0] === THROWS) throw new RangeError('Maximum call stack size exceeded')
      return yaml.parseDocument(...args)
    }
  }
})

/**
 * The module loaded afresh inside the test, as a run loads it (src/inputs/settings.ts imports it only when the input is
 * given): the test then checks, and covers, the documented mode and the example its messages give (test/support/fresh.ts).
 */
async function fresh(): Promise<typeof Settings & { refusal: (text: string) => string }> {
  const settings = await loadAfresh<typeof Settings>('/src/settings.js')
  /**
   * The message of the InputError naming the settings input that `text` is refused with: errors.ts is not loaded
   * again, so the loaded module throws the class imported above.
   */
  const refusal = (text: string): string => {
    try {
      settings.parseSettings(text)
    } catch (error) {
      expect(error).toBeInstanceOf(InputError)
      expect((error as InputError).input).toBe('settings')
      return (error as Error).message
    }
    throw new Error(`expected ${JSON.stringify(text)} to be refused`)
  }
  return { ...settings, refusal }
}

describe('parseSettings', () => {
  it('reads YAML, filling in the documented mode', () => {
    expect(parseSettings('limits:\n  enabled: true\n')).toEqual({
      settings: { limits: { enabled: true, mode: 'automatic' } },
      warnings: []
    })
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
    expect(parsed.warnings).toEqual([
      'settings.sdk.mode "strict" is not a value the API documents (only "automatic" is); it is sent as given.'
    ])
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
    ['{}', 'Input "settings" is an empty mapping; give limits and/or sdk, or leave the input empty.'],
    ['~', 'Input "settings" must be a mapping with the keys limits and/or sdk'],
    ['limits: null', 'Input "settings": "limits" must be a mapping {enabled: true|false, mode: <string>}.'],
    ['limits: {enabled: true, mode: ""}', 'Input "settings": "limits.mode" must be a non-empty string, got "".'],
    ['{: x}', 'Input "settings" has an unknown key ""; accepted keys: limits, sdk.'],
    ['limits: {enabled: true', 'is not valid YAML or JSON']
  ])('rejects %j, naming what is wrong', (text, message) => {
    expect(() => parseSettings(text)).toThrow(message)
  })

  it.each([
    ['{}'],
    ['limits: true'],
    ['limits: null'],
    ['limits: {enabled: true, level: 3}'],
    ['limits: {enabled: true, mode: 3}'],
    ['limits: {enabled: true, mode: ""}']
  ])('names the settings input as the one to fix when it rejects %j', (text) => {
    const error = inputError(() => parseSettings(text))
    expect(error.input).toBe('settings')
    expect(error.message).toMatch(/^Input "settings"/)
  })

  it.each([
    ['&a [*a]'],
    ['&a {limits: *a}'],
    ['base: &a {enabled: true}\nlimits: *a'],
    ['limits: &a {enabled: true}\nsdk: *a'],
    ['a: &a [x, x]\nb: &b [*a, *a]\nc: &c [*b, *b]\nlimits: [*c, *c]']
  ])('refuses the alias in %j, naming the input', (text) => {
    expect(inputError(() => parseSettings(text)).message).toBe(
      'Input "settings" uses a YAML alias (*name), which is not accepted: settings never need one; write the values out, e.g. "limits: {enabled: true}".'
    )
  })

  it('accepts an anchor no alias refers to', () => {
    expect(parseSettings('limits: &a {enabled: true}').settings).toEqual({ limits: { enabled: true, mode: 'automatic' } })
  })

  it.each([
    ['[', ']'],
    ['{a: ', '}'],
    ['- ', '']
  ])('refuses thousands of levels of nesting (%j … %j), naming the input, before building them', (open, close) => {
    const levels = Math.floor(SETTINGS_MAX_LENGTH / (open.length + close.length))
    expect(inputError(() => parseSettings(`${open.repeat(levels)}x${close.repeat(levels)}`.slice(0, SETTINGS_MAX_LENGTH))).message).toMatch(
      /^Input "settings" is nested \d+ levels deep; at most 10 are read, and settings are a mapping with the keys limits and\/or sdk, e\.g\. "limits: \{enabled: true\}"\.$/
    )
  })

  it(`reads ${SETTINGS_MAX_DEPTH} levels of nesting, and refuses one more`, () => {
    const nested = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`
    expect(inputError(() => parseSettings(nested(SETTINGS_MAX_DEPTH))).message).toBe(
      'Input "settings" must be a mapping with the keys limits and/or sdk, e.g. "limits: {enabled: true}".'
    )
    expect(inputError(() => parseSettings(nested(SETTINGS_MAX_DEPTH + 1))).message).toBe(
      'Input "settings" is nested 11 levels deep; at most 10 are read, and settings are a mapping with the keys limits and/or sdk, e.g. "limits: {enabled: true}".'
    )
    expect(inputError(() => parseSettings('? [[[[[[[[[[a]]]]]]]]]]\n: 1')).message).toMatch(/^Input "settings" is nested 11 levels deep/)
    expect(inputError(() => parseSettings('limits: {enabled: [[[[[[[[true]]]]]]]]}')).message).toBe(
      'Input "settings": "limits.enabled" must be true or false, got [[[[[[[[true]]]]]]]].'
    )
  })

  it(`reads at most ${SETTINGS_MAX_LENGTH} characters, refusing a longer text before parsing it`, () => {
    const text = (length: number): string => `limits: {enabled: true}\n#${'x'.repeat(length - 25)}`
    expect(text(SETTINGS_MAX_LENGTH)).toHaveLength(SETTINGS_MAX_LENGTH)
    expect(parseSettings(text(SETTINGS_MAX_LENGTH)).settings).toEqual({ limits: { enabled: true, mode: 'automatic' } })
    expect(inputError(() => parseSettings(text(SETTINGS_MAX_LENGTH + 1))).message).toBe(
      'Input "settings" is 10,001 characters long; at most 10,000 are read, and settings are a mapping with the keys limits and/or sdk, e.g. "limits: {enabled: true}".'
    )
  })

  it('turns anything the parser throws into an error naming the input', () => {
    expect(inputError(() => parseSettings(THROWS)).message).toBe(
      'Input "settings" could not be read as YAML or JSON (RangeError: Maximum call stack size exceeded); settings are a mapping with the keys limits and/or sdk, e.g. "limits: {enabled: true}".'
    )
  })

  it('refuses several documents, duplicate keys and a __proto__ key', () => {
    expect(inputError(() => parseSettings('limits: {enabled: true}\n---\nsdk: {enabled: true}')).message).toMatch(
      /^Input "settings" is not valid YAML or JSON: Source contains multiple documents/
    )
    expect(inputError(() => parseSettings('limits: {enabled: true}\nlimits: {enabled: false}')).message).toMatch(
      /^Input "settings" is not valid YAML or JSON: Map keys must be unique/
    )
    expect(inputError(() => parseSettings('__proto__: {enabled: true}')).message).toBe(
      'Input "settings" has an unknown key "__proto__"; accepted keys: limits, sdk.'
    )
  })

  it('shows a long key or value cut to one readable line', () => {
    const long = 'k'.repeat(300)
    expect(inputError(() => parseSettings(`${long}: 1`)).message).toBe(
      `Input "settings" has an unknown key "${'k'.repeat(200)}… (100 more characters)"; accepted keys: limits, sdk.`
    )
    expect(inputError(() => parseSettings(`limits: {enabled: "a\\nb${long}"}`)).message).toBe(
      `Input "settings": "limits.enabled" must be true or false, got "a\\nb${'k'.repeat(195)}… (106 more characters).`
    )
  })
})

describe('the module as a run loads it', () => {
  it('fills in the documented mode, and warns of no other', async () => {
    const { parseSettings: parse, DOCUMENTED_MODE } = await fresh()
    expect(DOCUMENTED_MODE).toBe('automatic')
    expect(parse('limits: {enabled: true}')).toEqual({ settings: { limits: { enabled: true, mode: 'automatic' } }, warnings: [] })
  })

  it('says what settings are, with an example, when it refuses a text', async () => {
    const { refusal } = await fresh()
    expect(refusal('&a {limits: *a}')).toBe(
      'Input "settings" uses a YAML alias (*name), which is not accepted: settings never need one; write the values out, e.g. "limits: {enabled: true}".'
    )
    expect(refusal(`limits: {enabled: true}\n#${'x'.repeat(SETTINGS_MAX_LENGTH)}`)).toBe(
      'Input "settings" is 10,025 characters long; at most 10,000 are read, and settings are a mapping with the keys limits and/or sdk, e.g. "limits: {enabled: true}".'
    )
  })
})
