import { type CST, type Document, Parser, parseDocument } from 'yaml'
import { InputError } from './errors.js'
import { shown, thousands } from './text.js'

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

const isMapping = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Settings are a few lines; a longer text is refused before the YAML parser sees it. */
export const SETTINGS_MAX_LENGTH = 10_000
/** Settings nest two levels (a mapping of mappings); deeper than this is refused before the nodes are built. */
export const SETTINGS_MAX_DEPTH = 10

const EXAMPLE = 'e.g. "limits: {enabled: true}"'
const EXPECTED = `settings are a mapping with the keys ${SETTINGS_KEYS.join(' and/or ')}, ${EXAMPLE}`

/**
 * How deeply collections nest in the text. The YAML parser's first stage keeps its own stack, and this
 * walk too, so any depth is measured without recursion; building nodes recurses, and is only done after.
 */
function nestingDepth(text: string): number {
  let deepest = 0
  const pending: [CST.Token | null | undefined, number][] = [...new Parser().parse(text)].map((token) => [token, 0])
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [token, depth] = next
    if (token?.type === 'document') pending.push([token.value, depth])
    if (token !== null && token !== undefined && 'items' in token) {
      deepest = Math.max(deepest, depth + 1)
      for (const item of token.items) pending.push([item.key, depth + 1], [item.value, depth + 1])
    }
  }
  return deepest
}

/**
 * Reads YAML (1.2, which includes JSON) within limits: a size and a nesting depth checked first, aliases
 * refused outright with the parser's own limit (settings never need one; they are how a document refers
 * to itself or grows exponentially), and whatever the parser throws is an InputError naming the input.
 */
function readYaml(text: string): unknown {
  if (text.length > SETTINGS_MAX_LENGTH) {
    throw new InputError(
      'settings',
      `Input "settings" is ${thousands(text.length)} characters long; at most ${thousands(SETTINGS_MAX_LENGTH)} are read, and ${EXPECTED}.`
    )
  }
  let depth: number
  let doc: Document.Parsed | undefined
  let value: unknown
  try {
    depth = nestingDepth(text)
    doc = depth > SETTINGS_MAX_DEPTH ? undefined : parseDocument(text)
    value = doc?.errors.length === 0 ? doc.toJS({ maxAliasCount: 0 }) : undefined
  } catch (error) {
    if (error instanceof ReferenceError) {
      throw new InputError(
        'settings',
        `Input "settings" uses a YAML alias (*name), which is not accepted: settings never need one; write the values out, ${EXAMPLE}.`
      )
    }
    throw new InputError('settings', `Input "settings" could not be read as YAML or JSON (${shown(String(error))}); ${EXPECTED}.`)
  }
  if (doc === undefined) {
    throw new InputError(
      'settings',
      `Input "settings" is nested ${depth} levels deep; at most ${SETTINGS_MAX_DEPTH} are read, and ${EXPECTED}.`
    )
  }
  const [error] = doc.errors
  if (error !== undefined) {
    throw new InputError('settings', `Input "settings" is not valid YAML or JSON: ${shown(error.message.split('\n')[0] as string)}`)
  }
  return value
}

/** Parses the `settings` input. Throws InputError naming the offending key. */
export function parseSettings(text: string): ParsedSettings {
  const doc = readYaml(text)
  if (!isMapping(doc)) {
    throw new InputError(
      'settings',
      `Input "settings" must be a mapping with the keys ${SETTINGS_KEYS.join(' and/or ')}, e.g. "limits: {enabled: true}".`
    )
  }
  const settings: ZoneSettings = {}
  const warnings: string[] = []
  for (const [key, value] of Object.entries(doc)) {
    if (!(SETTINGS_KEYS as readonly string[]).includes(key)) {
      throw new InputError('settings', `Input "settings" has an unknown key "${shown(key)}"; accepted keys: ${SETTINGS_KEYS.join(', ')}.`)
    }
    settings[key as SettingsKey] = parseFeature(key, value, warnings)
  }
  if (Object.keys(settings).length === 0) {
    throw new InputError(
      'settings',
      `Input "settings" is an empty mapping; give ${SETTINGS_KEYS.join(' and/or ')}, or leave the input empty.`
    )
  }
  return { settings, warnings }
}

function parseFeature(key: string, value: unknown, warnings: string[]): FeatureSetting {
  if (!isMapping(value)) {
    throw new InputError('settings', `Input "settings": "${key}" must be a mapping {enabled: true|false, mode: <string>}.`)
  }
  for (const field of Object.keys(value)) {
    if (field !== 'enabled' && field !== 'mode') {
      throw new InputError(
        'settings',
        `Input "settings": "${shown(`${key}.${field}`)}" is not a known field; accepted fields: enabled, mode.`
      )
    }
  }
  if (typeof value.enabled !== 'boolean') {
    throw new InputError('settings', `Input "settings": "${key}.enabled" must be true or false, got ${describe(value.enabled)}.`)
  }
  if (value.mode !== undefined && (typeof value.mode !== 'string' || value.mode === '')) {
    throw new InputError('settings', `Input "settings": "${key}.mode" must be a non-empty string, got ${describe(value.mode)}.`)
  }
  const mode = value.mode ?? DOCUMENTED_MODE
  if (mode !== DOCUMENTED_MODE) {
    warnings.push(
      `settings.${key}.mode "${shown(mode)}" is not a value the API documents (only "${DOCUMENTED_MODE}" is); it is sent as given.`
    )
  }
  return { enabled: value.enabled, mode }
}

/** A value as a message shows it, cut to a readable length. */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing'
  return shown(JSON.stringify(value) ?? typeof value)
}
