import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/errors.js'
import { parsePlan, parseZoneRef, parseZoneSelection } from '../../../src/inputs/zones.js'
import { GUARD, mebibyteOf } from '../../support/hostile.js'
import { inputError } from '../../support/inputs.js'
import { MAX_ENTRY_CHARS } from '../../../src/text.js'

describe('parseZoneRef', () => {
  it('takes a valid host name with a dot as a name', () => {
    expect(parseZoneRef('Example.COM.')).toEqual({ kind: 'name', name: 'Example.COM.' })
    expect(parseZoneRef('shop.example.co.uk')).toEqual({ kind: 'name', name: 'shop.example.co.uk' })
  })
  it('takes letters, digits, - and _ as an id', () => {
    expect(parseZoneRef('023e105f4ecef8ad9ca31a8372d0c353')).toEqual({ kind: 'id', id: '023e105f4ecef8ad9ca31a8372d0c353' })
    expect(parseZoneRef('Zone_1-2')).toEqual({ kind: 'id', id: 'Zone_1-2' })
  })
  it.each(['..', '.', 'zone_1.2', 'a/b', '%2e%2e', 'a?b', 'zone#1', 'zoné'])(
    'refuses %j, neither a name nor an id, naming the input and what it accepts',
    (value) => {
      const error = (() => {
        try {
          return parseZoneRef(value)
        } catch (caught) {
          return caught
        }
      })()
      expect(error).toBeInstanceOf(InputError)
      expect((error as InputError).input).toBe('zone')
      expect((error as InputError).message).toContain('nor a zone id (letters, digits, "-" and "_" only)')
    }
  )
})

describe('parseZoneRef, at its edges', () => {
  it.each([
    ['a.b', 'name'],
    ['x.example.c', 'name'],
    ['example.com!', 'error'],
    [`${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.example`, 'error'],
    ['-a.example', 'error'],
    ['a-.example', 'error'],
    ['localhost', 'id']
  ])('parseZoneRef takes %s as a %s', (value, kind) => {
    if (kind === 'error') expect(() => parseZoneRef(value)).toThrow(InputError)
    else expect(parseZoneRef(value).kind).toBe(kind)
  })
})

describe('parseZoneSelection', () => {
  it('reads one zone, or several separated by newlines or commas, dropping repeats', () => {
    expect(parseZoneSelection(' example.com ')).toEqual({ kind: 'list', refs: [{ kind: 'name', name: 'example.com' }] })
    expect(parseZoneSelection('example.com, z-123\nshop.example.com\nexample.com')).toEqual({
      kind: 'list',
      refs: [
        { kind: 'name', name: 'example.com' },
        { kind: 'id', id: 'z-123' },
        { kind: 'name', name: 'shop.example.com' }
      ]
    })
  })
  it('reads auto, alone', () => {
    expect(parseZoneSelection('AUTO')).toEqual({ kind: 'auto' })
    expect(() => parseZoneSelection('auto, example.com')).toThrow('Input "zone": "auto" stands alone')
  })
  it('requires a value, and refuses spaces inside an entry', () => {
    expect(() => parseZoneSelection(' , ')).toThrow('Input "zone" is required')
    expect(() => parseZoneSelection('example.com shop.example.com')).toThrow(/separate several zones with newlines or commas/)
  })
})

describe('parseZoneSelection, on a mebibyte of its own separators', () => {
  it.each(['a.', 'a-', '.', '-', ',', '\n', 'a\n', '_'])('parseZoneSelection gets through %j', GUARD, (piece) => {
    const value = mebibyteOf(piece)
    try {
      expect(parseZoneSelection(value).kind).toBe('list')
    } catch (error) {
      expect(error).toBeInstanceOf(InputError)
    }
  })
})

describe('parsePlan', () => {
  it('accepts the four plans, in any case', () => {
    expect(parsePlan('Pro')).toBe('pro')
    expect(parsePlan('')).toBeUndefined()
    expect(() => parsePlan('gold')).toThrow('Input "plan" must be one of free, pro, business, enterprise; got "gold".')
  })
})

describe('the input each zone error names, as data', () => {
  it.each([
    [' , ', 'Input "zone" is required'],
    ['a b', 'Input "zone": "a b" is not a zone id or domain name'],
    ['auto, example.com', 'Input "zone": "auto" stands alone'],
    ['zone#1', 'Input "zone": "zone#1" is neither a domain name']
  ])('parseZoneSelection(%j) names zone', (value, start) => {
    const error = inputError(() => parseZoneSelection(value))
    expect(error.input).toBe('zone')
    expect(error.message.startsWith(start)).toBe(true)
  })
  it('parseZoneRef says how to give several zones', () => {
    expect(inputError(() => parseZoneRef('a/b')).message).toBe(
      'Input "zone": "a/b" is neither a domain name (such as example.com) nor a zone id (letters, digits, "-" and "_" only). Separate several zones with newlines or commas.'
    )
  })
  it('refuses a zone longer than an entry may be, naming zone', () => {
    const error = inputError(() => parseZoneSelection(`example.com, ${'z'.repeat(MAX_ENTRY_CHARS + 1)}`))
    expect(error.input).toBe('zone')
    expect(error.message).toMatch(/^Input "zone" is 16,385 characters/)
  })
  it('parsePlan names plan', () => {
    expect(inputError(() => parsePlan('gold')).input).toBe('plan')
  })
})
