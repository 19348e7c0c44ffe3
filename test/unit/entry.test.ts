import { describe, expect, it } from 'vitest'
import { NO_HOST, parseEntry } from '../../src/entry.js'

describe('parseEntry', () => {
  it('reads a path on the host given, over https', () => {
    expect(parseEntry('/a/b?c#d', 'example.com')?.href).toBe('https://example.com/a/b?c#d')
    expect(parseEntry('/\\user@evil.test/a', NO_HOST)?.href).toBe('https://user@evil.test/a')
  })
  it('reads anything else as an absolute URL, whatever the host', () => {
    expect(parseEntry('http://other.example/x', 'example.com')?.href).toBe('http://other.example/x')
    expect(parseEntry('ftp://u:p@example.com/', NO_HOST)?.password).toBe('p')
  })
  it('is null for what is neither', () => {
    expect(parseEntry('not a url', 'example.com')).toBeNull()
    expect(parseEntry('a/b', 'example.com')).toBeNull()
  })
  it('names a host no entry is on: a reserved name that never resolves', () => {
    expect(NO_HOST).toBe('host.invalid')
  })
})
