import { parse as parseYaml } from 'yaml'
import { InputError } from './errors.js'

/** The only `mode` value the API documents. */
export const DOCUMENTED_MODE = 'automatic'

export const SETTINGS_KEYS = ['limits', 'sdk'] as const
export type SettingsKey = (typeof SETTINGS_KEYS)[number]

export interface FeatureSetting {
  readonly enabled: boolean
  readonly mode: string
}

/** The body of `POST /zones/{zone}/settings`: only the keys the user gave. */
export type ZoneSettings = Partial<Record<SettingsKey, FeatureSetting>>

export interface ParsedSettings {
  readonly settings: ZoneSettings
  readonly warnings: readonly string[]
}

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Parses the `settings` input (YAML 1.2, which includes JSON). Throws InputError naming the offending key. */
export function parseSettings(text: string): ParsedSettings {
  let doc: unknown
  try {
    doc = parseYaml(text)
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new InputError(`Input "settings" is not valid YAML or JSON: ${reason}`)
  }
  if (!isMapping(doc)) {
    throw new InputError(
      `Input "settings" must be a mapping with the keys ${SETTINGS_KEYS.join(' and/or ')}, e.g. "limits: {enabled: true}".`
    )
  }
  const settings: ZoneSettings = {}
  const warnings: string[] = []
  for (const [key, value] of Object.entries(doc)) {
    if (!(SETTINGS_KEYS as readonly string[]).includes(key)) {
      throw new InputError(`Input "settings" has an unknown key "${key}"; accepted keys: ${SETTINGS_KEYS.join(', ')}.`)
    }
    settings[key as SettingsKey] = parseFeature(key, value, warnings)
  }
  if (Object.keys(settings).length === 0) {
    throw new InputError(`Input "settings" is an empty mapping; give ${SETTINGS_KEYS.join(' and/or ')}, or leave the input empty.`)
  }
  return { settings, warnings }
}

function parseFeature(key: string, value: unknown, warnings: string[]): FeatureSetting {
  if (!isMapping(value)) {
    throw new InputError(`Input "settings": "${key}" must be a mapping {enabled: true|false, mode: <string>}.`)
  }
  for (const field of Object.keys(value)) {
    if (field !== 'enabled' && field !== 'mode') {
      throw new InputError(`Input "settings": "${key}.${field}" is not a known field; accepted fields: enabled, mode.`)
    }
  }
  if (typeof value.enabled !== 'boolean') {
    throw new InputError(`Input "settings": "${key}.enabled" must be true or false, got ${describe(value.enabled)}.`)
  }
  if (value.mode !== undefined && (typeof value.mode !== 'string' || value.mode === '')) {
    throw new InputError(`Input "settings": "${key}.mode" must be a non-empty string, got ${describe(value.mode)}.`)
  }
  const mode = value.mode ?? DOCUMENTED_MODE
  if (mode !== DOCUMENTED_MODE) {
    warnings.push(
      `settings.${key}.mode "${mode}" is not a value the API documents (only "${DOCUMENTED_MODE}" is); it is sent as given.`
    )
  }
  return { enabled: value.enabled, mode }
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing'
  return JSON.stringify(value) ?? typeof value
}
