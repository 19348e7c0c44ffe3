import { InputError } from '../errors.js'
import { shown } from '../text.js'
import type { Reader } from './read.js'

/** A whole-number input: its range, the default, and what it counts. */
export interface NumberInput {
  readonly min: number
  readonly max: number
  /** action.yml's default, which a unit test keeps equal (test/unit/inputs/numbers.test.ts); the runner passes that one. */
  readonly default: number
  /** What it counts, in action.yml's words (a unit test finds them in the input's description). */
  readonly unit: 'seconds' | 'requests' | 'attempts' | 'URLs or tags' | 'URLs'
}

/** Every whole-number input. Defaults live here and in action.yml only. */
export const NUMBERS = {
  'batch-size': { min: 1, max: 1000, default: 30, unit: 'URLs or tags' },
  concurrency: { min: 1, max: 32, default: 4, unit: 'requests' },
  'max-attempts': { min: 1, max: 10, default: 5, unit: 'attempts' },
  timeout: { min: 1, max: 300, default: 30, unit: 'seconds' },
  'rate-limit-wait': { min: 1, max: 3600, default: 600, unit: 'seconds' },
  delay: { min: 0, max: 3600, default: 0, unit: 'seconds' },
  'purge-again-after': { min: 0, max: 3600, default: 0, unit: 'seconds' },
  'wait-for-origin': { min: 0, max: 3600, default: 0, unit: 'seconds' },
  'verify-timeout': { min: 1, max: 600, default: 60, unit: 'seconds' },
  'purge-everything-over': { min: 0, max: 1_000_000, default: 0, unit: 'URLs' }
} as const satisfies Readonly<Record<string, NumberInput>>

export type NumberInputName = keyof typeof NUMBERS

/** A whole number within [min, max] of `unit` (which the error names: "a whole number of seconds from 1 to 300"); empty means the default. */
export function parseWholeNumber(name: string, value: string, fallback: number, min: number, max: number, unit: string): number {
  const text = value.trim()
  if (text === '') return fallback
  const number = /^\d+$/.test(text) ? Number(text) : NaN
  if (!(number >= min && number <= max)) {
    throw new InputError(name, `Input "${name}" must be a whole number of ${unit} from ${min} to ${max}, got "${shown(value)}".`)
  }
  return number
}

/** The input `name` as its row of NUMBERS reads it. */
export function readNumber(read: Reader, name: NumberInputName): number {
  const { min, max, default: fallback, unit } = NUMBERS[name]
  return parseWholeNumber(name, read.value(name), fallback, min, max, unit)
}
