import { fc, test } from '../support/property.js'
import { describe, expect, it } from 'vitest'
import {
  ago,
  clip,
  cut,
  duration,
  exactSizeText,
  forCount,
  forLog,
  head,
  lines as splitLines,
  oneLine,
  plural,
  seconds,
  separatedRuns,
  sizeText,
  thousands,
  trimTrailing
} from '../../src/text.js'
import { GUARD, hostileLength, mebibyteOf } from '../support/hostile.js'

/** How the runner and log viewers may split lines. */
const lines = (text: string): string[] => text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)
/** What the runner would take for a command: `::` after leading whitespace, or the legacy `##[` anywhere. */
const isCommand = (line: string): boolean => /^\s*::/.test(line) || line.includes('##[')

describe('forLog', () => {
  it('turns every line separator into \\n', () => {
    expect(forLog('a\r\nb\rc\nd\u0085e\u2028f\u2029g\vh\fi')).toBe('a\nb\nc\nd\ne\nf\ng\nh\ni')
  })
  it('puts a backslash before a line that would start a workflow command, leading spaces included', () => {
    expect(forLog('zone x\n::warning::owned')).toBe('zone x\n\\::warning::owned')
    expect(forLog('x\r  ::set-output name=a::b')).toBe('x\n\\  ::set-output name=a::b')
    expect(forLog('::error::first line')).toBe('\\::error::first line')
    expect(forLog('\t::add-mask::x')).toBe('\\\t::add-mask::x')
  })
  it('leaves :: alone inside a line, and text without commands as it is', () => {
    expect(forLog('host ::1 and a::b')).toBe('host ::1 and a::b')
    expect(forLog('Purge of URLs 1-30 of 75: purged.')).toBe('Purge of URLs 1-30 of 75: purged.')
  })
  it('breaks the legacy ##[ command marker anywhere in a line', () => {
    expect(forLog('see ##[warning]x')).toBe('see ##\\[warning]x')
  })
  it('shows control characters (terminal escapes, BEL, NUL) instead of passing them on', () => {
    expect(forLog('a\u001b[2Kb\u0007c\u0000d\u009be')).toBe('a\\u001b[2Kb\\u0007c\\u0000d\\u009be')
    expect(forLog('tab\tstays')).toBe('tab\tstays')
  })
  test.prop([fc.string({ unit: 'binary' })])('never yields a line that is a workflow command, whatever the text', (text) => {
    for (const line of lines(forLog(text))) expect(isCommand(line)).toBe(false)
  })
  test.prop([fc.array(fc.constantFrom('::', '\n', '\r', '\u2028', '\u0085', ' ', 'warning', '##', '[', '\\', 'x'), { maxLength: 30 })])(
    'holds for texts built from the pieces of commands',
    (pieces) => {
      for (const line of lines(forLog(pieces.join('')))) expect(isCommand(line)).toBe(false)
    }
  )
})

describe('oneLine', () => {
  it('puts every line break as a space and shows controls', () => {
    expect(oneLine('a\r\nb\rc\u2028d\u0007')).toBe('a b c d\\u0007')
  })
  test.prop([fc.string({ unit: 'binary' })])('leaves no line break', (text) => {
    expect(lines(oneLine(text))).toHaveLength(1)
  })
})

describe('cut', () => {
  it('keeps short text whole', () => {
    expect(cut('abc', 3)).toBe('abc')
  })
  it('cuts long text and says how much was left out', () => {
    expect(cut('abcdef', 4)).toBe('abcd… (2 more characters)')
  })
  it('never splits a surrogate pair', () => {
    expect(cut('ab😀cd', 3)).toBe('ab… (4 more characters)')
  })
  it('keeps a whole surrogate pair that ends the kept part', () => {
    expect(cut('ab😀cd', 4)).toBe('ab😀… (2 more characters)')
  })
  it('says "1 more character" for one', () => {
    expect(cut('abcde', 4)).toBe('abcd… (1 more character)')
  })
  it('keeps nothing but the note when nothing may be kept', () => {
    expect(cut('abc', 0)).toBe('… (3 more characters)')
  })
  test.prop([fc.string({ unit: 'binary' }), fc.nat({ max: 40 })])(
    'keeps a prefix of at most max units, never half a pair, and counts the rest',
    (text, max) => {
      const result = cut(text, max)
      if (text.length <= max) return void expect(result).toBe(text)
      const [, head = '', left = ''] = /^([\s\S]*)… \((\d+) more characters?\)$/.exec(result) ?? []
      expect(text.startsWith(head)).toBe(true)
      expect(head.length).toBeLessThanOrEqual(max)
      expect(head.length + Number(left)).toBe(text.length)
      // One unit short of max only where the last one would be the first half of a pair.
      expect(head.length === max || (head.length === max - 1 && /[\ud800-\udbff]/.test(text.charAt(max - 1)))).toBe(true)
    }
  )
})

describe('plural', () => {
  it('chooses the form by the count', () => {
    expect(plural(1, 'URL')).toBe('1 URL')
    expect(plural(0, 'URL')).toBe('0 URLs')
    expect(plural(2, 'entry', 'entries')).toBe('2 entries')
  })
})

describe('forCount', () => {
  it('is the word alone, one form for exactly one and the other for any other count', () => {
    expect(forCount(1, 'character')).toBe('character')
    expect(forCount(0, 'character')).toBe('characters')
    expect(forCount(2, 'is', 'are')).toBe('are')
    expect(forCount(1, 'was', 'were')).toBe('was')
    expect(forCount(1_000, 'URL')).toBe('URLs')
  })
})

describe('head', () => {
  it('keeps a text no longer than max whole, the same string', () => {
    expect(head('abc', 3)).toBe('abc')
    expect(head('', 0)).toBe('')
    expect(head('a\ud83d', 5)).toBe('a\ud83d')
  })
  it('keeps the first max units of a longer one', () => {
    expect(head('abcdef', 4)).toBe('abcd')
    expect(head('abc', 0)).toBe('')
  })
  it('keeps one fewer where the last would be the first half of a surrogate pair, and a whole pair', () => {
    expect(head('ab😀cd', 3)).toBe('ab')
    expect(head('ab😀cd', 4)).toBe('ab😀')
    // The edges of the high-surrogate range, and the low half of a pair, which may end a cut.
    expect(head('a\ud800b', 2)).toBe('a')
    expect(head('a\udbffb', 2)).toBe('a')
    expect(head('a\ud7ffb', 2)).toBe('a\ud7ff')
    expect(head('a\udc00b', 2)).toBe('a\udc00')
  })
  test.prop([fc.string({ unit: 'binary' }), fc.nat({ max: 40 })])(
    'is a prefix of at most max units, short of it only before a high surrogate',
    (text, max) => {
      const kept = head(text, max)
      expect(text.startsWith(kept)).toBe(true)
      expect(kept.length).toBe(text.length <= max ? text.length : /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max)
    }
  )
})

describe('clip', () => {
  it('keeps text of at most max units as it is', () => {
    expect(clip('abc', 3)).toBe('abc')
    expect(clip('', 0)).toBe('')
  })
  it('cuts longer text with an ellipsis and no count, never in a surrogate pair', () => {
    expect(clip('abcd', 3)).toBe('abc…')
    expect(clip('ab😀cd', 3)).toBe('ab…')
    expect(clip('ab😀cd', 4)).toBe('ab😀…')
  })
})

describe('seconds', () => {
  it.each([
    [30_000, 'exact', '30 s'],
    [500, 'exact', '0.5 s'],
    [1234, 'exact', '1.234 s'],
    [0, 'exact', '0 s'],
    [1, 'up', '1 s'],
    [5000, 'up', '5 s'],
    [5001, 'up', '6 s'],
    [0, 'up', '0 s'],
    [1499, 'nearest', '1 s'],
    [1500, 'nearest', '2 s'],
    [600_000, 'nearest', '600 s'],
    [1000, 'tenth', '1.0 s'],
    [1250, 'tenth', '1.3 s'],
    [12_340, 'tenth', '12.3 s']
  ] as const)('%d ms, %s, is "%s"', (ms, rounding, text) => {
    expect(seconds(ms, rounding)).toBe(text)
  })
  it('writes exact seconds when no rounding is named', () => {
    expect(seconds(2500)).toBe('2.5 s')
  })
})

describe('duration', () => {
  it.each([
    [0, '0 ms'],
    [999, '999 ms'],
    [1000, '1.0 s'],
    [1049, '1.0 s'],
    [61_500, '61.5 s']
  ])('%d ms is "%s"', (ms, text) => {
    expect(duration(ms)).toBe(text)
  })
})

describe('exactSizeText', () => {
  it.each([
    [1_048_576, '1 MiB'],
    [16 * 1_048_576, '16 MiB'],
    [1_048_576 + 1024, '1025 KiB'],
    [65_536, '64 KiB'],
    [1024, '1 KiB'],
    [1536, '1536 bytes'],
    [1000, '1000 bytes'],
    [512, '512 bytes'],
    [0, '0 bytes'],
    [1, '1 byte'],
    [4 * 1024 * 1_048_576, '4 GiB'],
    [1024 * 1_048_576 + 1_048_576, '1025 MiB']
  ])('%i bytes are "%s"', (bytes, text) => {
    expect(exactSizeText(bytes)).toBe(text)
  })
})

describe('sizeText', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [1024, '1 KiB'],
    [1536, '1.5 KiB'],
    [1024 * 1024 - 1, '1024 KiB'],
    [1024 * 1024, '1 MiB'],
    [16 * 1024 * 1024, '16 MiB'],
    [72.25 * 1024 * 1024, '72.3 MiB'],
    [4 * 1024 * 1024 * 1024, '4 GiB']
  ])('%d bytes read as %s', (bytes, text) => {
    expect(sizeText(bytes)).toBe(text)
  })
})

describe('thousands', () => {
  it('groups digits by three, as en-US writes numbers', () => {
    expect(thousands(0)).toBe('0')
    expect(thousands(999)).toBe('999')
    expect(thousands(1000)).toBe('1,000')
    expect(thousands(1234567)).toBe('1,234,567')
    expect(thousands(-1234.5)).toBe('-1,234.5')
    expect(thousands(9876543210)).toBe('9,876,543,210')
    expect(thousands(0.12345)).toBe('0.123')
  })
})

describe('ago', () => {
  it.each([
    [0, '0 s ago'],
    [-5000, '0 s ago'],
    [89_000, '89 s ago'],
    [90_000, '2 min ago'],
    [89 * 60_000, '89 min ago'],
    [90 * 60_000, '2 h ago'],
    [47 * 3600_000, '47 h ago'],
    [48 * 3600_000, '2 days ago'],
    [Number.NaN, 'at an unknown time']
  ])('%d ms → %s', (ms, text) => {
    expect(ago(ms)).toBe(text)
  })
})

describe('cut, with the length of the whole', () => {
  it('counts what was left out of the whole, with thousands separators', () => {
    expect(cut('x'.repeat(130_000), 200)).toBe(`${'x'.repeat(200)}… (129,800 more characters)`)
    expect(cut('abcdef', 4, 10)).toBe('abcd… (6 more characters)')
    expect(cut('ab', 4, 10)).toBe('ab… (8 more characters)')
    expect(cut('ab', 4, 4)).toBe('ab')
  })
})

describe('the loops lists are split with', () => {
  const pieces = fc.constantFrom('a', 'b', ',', ' ', '\t', '\r', '\n', '\u00a0', '\u2028', '\u3000', '\ufeff', '/', '\u0085')
  test.prop([fc.array(pieces, { maxLength: 30 }).map((chars) => chars.join(''))])(
    'lines is split(/\\r?\\n/), separatedRuns is split(/([\\s,]+)/)',
    (text) => {
      expect(splitLines(text)).toEqual(text.split(/\r?\n/))
      expect(separatedRuns(text)).toEqual(text.split(/([\s,]+)/))
    }
  )
  test.prop([fc.array(fc.constantFrom('/', 'a', '\\'), { maxLength: 12 }).map((chars) => chars.join(''))])(
    'trimTrailing is replace(/\\/+$/, "")',
    (text) => {
      expect(trimTrailing(text, '/')).toBe(text.replace(/\/+$/, ''))
    }
  )
  it('separatedRuns splits at exactly the characters \\s matches and the comma, every UTF-16 unit tried', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code)
      const runs = separatedRuns(`a${char}b`)
      const expected = /[\s,]/.test(char) ? ['a', char, 'b'] : [`a${char}b`]
      if (runs.length !== expected.length || runs.some((run, index) => run !== expected[index]))
        expect.fail(`U+${code.toString(16)}: ${JSON.stringify(runs)}`)
    }
  })
  it.each([
    ['', ['']],
    ['a', ['a']],
    [',', ['', ',', '']],
    ['a,', ['a', ',', '']],
    [' a', ['', ' ', 'a']],
    ['a , b\t\tc', ['a', ' , ', 'b', '\t\t', 'c']]
  ])('separatedRuns(%j) is %j', (line, runs) => {
    expect(separatedRuns(line)).toEqual(runs)
  })
  it.each([
    ['', ['']],
    ['\n', ['', '']],
    ['\r\n', ['', '']],
    ['a\r', ['a\r']],
    ['\r\r\n', ['\r', '']],
    ['a\r\nb\nc\r\n', ['a', 'b', 'c', '']],
    ['\n\r\n', ['', '', '']]
  ])('lines(%j) is %j', (text, expected) => {
    expect(splitLines(text)).toEqual(expected)
  })
  it.each([
    ['', ''],
    ['/', ''],
    ['//', ''],
    ['a//', 'a'],
    ['/a/', '/a'],
    ['a', 'a']
  ])('trimTrailing(%j, "/") is %j', (text, expected) => {
    expect(trimTrailing(text, '/')).toBe(expected)
  })
  it.each(['\n', '\r\n', '\r', ',', ' ', ', ', '\u2028', 'a,'])('get through a mebibyte of %j', GUARD, (piece) => {
    const text = mebibyteOf(piece)
    expect(splitLines(text).length).toBe(text.split(/\r?\n/).length)
    expect(separatedRuns(text).length).toBe(text.split(/([\s,]+)/).length)
  })
  it('trimTrailing gets through a mebibyte of slashes that something else follows', GUARD, () => {
    const text = `${'/'.repeat(hostileLength(2 ** 20))}x`
    expect(trimTrailing(text, '/')).toBe(text)
    expect(trimTrailing(`x${'/'.repeat(hostileLength(2 ** 20))}`, '/')).toBe('x')
  })
})

describe('the patterns of text.ts, on a mebibyte of their own separators', () => {
  it.each(['\r\n', '\r', '\u0085', '::', ' ::', '\n::', '##[', '\u0000', '\u009b', '\ud800'])(
    'forLog, oneLine and cut get through %j',
    GUARD,
    (piece) => {
      const text = mebibyteOf(piece)
      expect(forLog(text).length).toBeGreaterThanOrEqual(text.length - text.length / 2)
      expect(oneLine(text).length).toBeGreaterThanOrEqual(text.length / 2)
      expect(cut(text, 200).length).toBeLessThan(240)
    }
  )
})
