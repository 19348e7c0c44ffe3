import { describe, expect, it } from 'vitest'
import { MAX_ENTRY_CHARS } from '../../../src/text.js'
import { getInputs } from '../../../src/inputs/index.js'
import { splitList } from '../../../src/inputs/purge.js'
import { GUARD, mebibyteOf } from '../../support/hostile.js'
import { inputError, source } from '../../support/inputs.js'

const minimal = { 'api-key': 'k', 'api-url': 'https://api.example.net/v1', zone: 'example.com', files: '/a' }

describe('splitList', () => {
  it('splits on newlines, commas and whitespace, dropping empty entries', () => {
    expect(splitList('a, b\n\n c\td,,e\r\n', 'tags')).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(splitList('   ', 'tags')).toEqual([])
  })
})

describe('files', () => {
  it('split on commas only before an entry, so a URL may hold one', async () => {
    expect((await getInputs(source({ ...minimal, files: 'https://example.com/a,b,/c, /d\n/e,https://example.com/f' }))).files).toEqual([
      'https://example.com/a,b,/c',
      '/d',
      '/e',
      'https://example.com/f'
    ])
  })
  it('warn about an entry that ends in a comma, which is read as part of the URL', async () => {
    expect((await getInputs(source({ ...minimal, files: '/a, /b,' }))).warnings).toEqual([
      'Input "files": the comma ending "/b," is read as part of the URL (a comma separates entries only before "/", "http://" or "https://", or a space); remove it if it was meant to separate.'
    ])
  })
  it('keep tags split on every comma', async () => {
    expect((await getInputs(source({ ...minimal, tags: 'a,b c,,d' }))).tags).toEqual(['a', 'b', 'c', 'd'])
  })
})

describe('splitList, at its edges', () => {
  it('splitList (tags) splits on every comma and whitespace', () => {
    expect(splitList(',a,,b  c,', 'tags')).toEqual(['a', 'b', 'c'])
  })
})

describe('the length of a tag', () => {
  it('takes a tag of MAX_ENTRY_CHARS', () => {
    expect(splitList(`a\n${'t'.repeat(MAX_ENTRY_CHARS)}`, 'tags')).toEqual(['a', 't'.repeat(MAX_ENTRY_CHARS)])
    expect(inputError(() => splitList(`a\n\nb ${'t'.repeat(MAX_ENTRY_CHARS + 1)}`, 'tags')).message).toMatch(
      /^Input "tags", line 3: an entry of 16,385 characters/
    )
  })
  it.each([',', ' ', '\n', ', \r\n'])('a mebibyte of the separators %j of tags is no tag', GUARD, (piece) => {
    expect(splitList(mebibyteOf(piece), 'tags')).toEqual([])
  })
})
