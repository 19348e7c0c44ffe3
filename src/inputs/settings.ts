import type { ZoneSettings } from '../settings.js'
import { readFlag } from './flags.js'
import type { Reader } from './read.js'

/** The zone settings to apply: settings, wait-for-propagation. */
export interface SettingsInputs {
  readonly settings: ZoneSettings | undefined
  readonly waitForPropagation: boolean
}

/** Reads the settings (yaml is loaded only when they are given), with what the settings parser warns about. */
export async function readSettings(read: Reader): Promise<SettingsInputs & { readonly warnings: readonly string[] }> {
  const text = read.text('settings')
  let parsed: { settings: ZoneSettings | undefined; warnings: readonly string[] } = { settings: undefined, warnings: [] }
  if (text.trim() !== '') {
    // yaml is loaded only for a step that gives settings.
    const { parseSettings } = await import('../settings.js')
    parsed = parseSettings(text)
  }
  return { ...parsed, waitForPropagation: readFlag(read, 'wait-for-propagation') }
}
