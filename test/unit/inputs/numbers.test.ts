import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { InputError } from '../../../src/errors.js'
import { FLAGS, readFlag, type FlagInput } from '../../../src/inputs/flags.js'
import { NUMBERS, parseWholeNumber, readNumber, type NumberInputName } from '../../../src/inputs/numbers.js'
import { reader, type Reader } from '../../../src/inputs/read.js'
import { MAX_ENTRY_CHARS } from '../../../src/text.js'
import { GUARD, mebibyteOf } from '../../support/hostile.js'
import { inputError } from '../../support/inputs.js'

describe('parseWholeNumber', () => {
  it('accepts whole numbers within the range', () => {
    expect(parseWholeNumber('batch-size', '1', 30, 1, 1000, 'URLs or tags')).toBe(1)
    expect(parseWholeNumber('batch-size', '1000', 30, 1, 1000, 'URLs or tags')).toBe(1000)
    expect(parseWholeNumber('batch-size', '', 30, 1, 1000, 'URLs or tags')).toBe(30)
  })
  it.each(['0', '1001', '2.5', '-1', 'ten', '1e3', '0x10'])('rejects %s, naming the input and the range', (value) => {
    expect(() => parseWholeNumber('batch-size', value, 30, 1, 1000, 'URLs or tags')).toThrow(
      `Input "batch-size" must be a whole number of URLs or tags from 1 to 1000, got "${value}".`
    )
  })
})

describe('parseWholeNumber, at its edges', () => {
  it('parseWholeNumber trims', () => {
    expect(parseWholeNumber('timeout', ' 5 ', 30, 1, 300, 'seconds')).toBe(5)
  })
})

describe('parseWholeNumber, on a mebibyte of its own separators', () => {
  it.each(['1', '1 ', ' '])('gets through %j', GUARD, (piece) => {
    const value = `${mebibyteOf(piece)}x`
    expect(() => parseWholeNumber('delay', value, 0, 0, 1, 'seconds')).toThrow(InputError)
  })
})

/** action.yml as the runner reads it. */
const action = parse(readFileSync(new URL('../../../action.yml', import.meta.url), 'utf8')) as {
  inputs: Record<string, { description: string; default?: string }>
}
const declared = Object.entries(action.inputs)

describe('NUMBERS, the table of whole-number inputs, against action.yml', () => {
  it.each(Object.entries(NUMBERS))('%s: the default is action.yml’s', (name, row) => {
    expect(action.inputs[name]?.default).toBe(String(row.default))
  })
  it('holds every input whose action.yml default is a whole number', () => {
    const numeric = declared.filter(([, spec]) => /^\d+$/.test(spec.default ?? '')).map(([name]) => name)
    expect(numeric.length).toBeGreaterThan(0)
    expect(Object.keys(NUMBERS).sort()).toEqual(numeric.sort())
  })
  it.each(Object.entries(NUMBERS))('%s: the range action.yml states is the table’s, and it counts what the table says', (name, row) => {
    const description = action.inputs[name]?.description ?? ''
    const stated = /\((\d+)-(\d+)\b/.exec(description)
    if (stated !== null) expect([Number(stated[1]), Number(stated[2])]).toEqual([row.min, row.max])
    expect(description.toLowerCase()).toContain(row.unit.toLowerCase())
    expect(row.min).toBeLessThanOrEqual(row.default)
    expect(row.default).toBeLessThanOrEqual(row.max)
  })
})

describe('FLAGS, the table of true/false inputs, against action.yml', () => {
  it.each(Object.entries(FLAGS))('%s: the default is action.yml’s', (name, fallback) => {
    expect(action.inputs[name]?.default).toBe(String(fallback))
  })
  it('holds every input whose action.yml default is true or false, but verify, which also takes a count', () => {
    const flags = declared.filter(([, spec]) => spec.default === 'true' || spec.default === 'false').map(([name]) => name)
    expect(Object.keys(FLAGS).sort()).toEqual(flags.filter((name) => name !== 'verify').sort())
  })
})

describe('readNumber and readFlag', () => {
  const only = (name: string, value: string): Reader => reader({ getInput: (asked) => (asked === name ? value : ''), env: {} })

  it.each(Object.entries(NUMBERS))('%s: empty is the default; the range is the table’s, and the message names it', (name, row) => {
    const number = name as NumberInputName
    expect(readNumber(only(name, ''), number)).toBe(row.default)
    expect(readNumber(only(name, ` ${row.min} `), number)).toBe(row.min)
    expect(readNumber(only(name, String(row.max)), number)).toBe(row.max)
    for (const wrong of [String(row.max + 1), ...(row.min > 0 ? [String(row.min - 1)] : ['-1'])]) {
      const error = inputError(() => readNumber(only(name, wrong), number))
      expect(error.input).toBe(name)
      expect(error.message).toBe(`Input "${name}" must be a whole number of ${row.unit} from ${row.min} to ${row.max}, got "${wrong}".`)
    }
  })
  it.each(Object.entries(FLAGS))('%s: empty is the default, and a flag reads true and false', (name, fallback) => {
    const flag = name as FlagInput
    expect(readFlag(only(name, ''), flag)).toBe(fallback)
    expect(readFlag(only(name, 'TRUE'), flag)).toBe(true)
    expect(readFlag(only(name, 'false'), flag)).toBe(false)
    expect(inputError(() => readFlag(only(name, 'yes'), flag)).input).toBe(name)
  })
  it('refuses a value longer than an entry, naming the input', () => {
    const error = inputError(() => readNumber(only('delay', '1'.repeat(MAX_ENTRY_CHARS + 1)), 'delay'))
    expect(error.input).toBe('delay')
    expect(error.message).toMatch(/^Input "delay" is 16,385 characters/)
  })
})
