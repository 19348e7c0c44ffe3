import { InputError } from '../errors.js'
import { shown } from '../text.js'
import type { Reader } from './read.js'

/**
 * The true/false inputs and their defaults: action.yml's, which a unit test keeps equal (test/unit/inputs/numbers.test.ts).
 * The runner passes action.yml's default; this one counts when a step passes an empty value.
 */
export const FLAGS = {
  'create-zone': false,
  'purge-everything': false,
  'wait-for-propagation': false,
  warm: false,
  'dry-run': false,
  summary: true
} as const satisfies Readonly<Record<string, boolean>>

export type FlagInput = keyof typeof FLAGS

/** `true`/`false` in any letter case; empty means the default. */
export function parseBoolean(name: string, value: string, fallback: boolean): boolean {
  const lower = value.trim().toLowerCase()
  if (lower === '') return fallback
  if (lower === 'true') return true
  if (lower === 'false') return false
  throw new InputError(name, `Input "${name}" must be true or false, got "${shown(value)}".`)
}

export function readFlag(read: Reader, name: FlagInput): boolean {
  return parseBoolean(name, read.value(name), FLAGS[name])
}
