import { fc, test } from '../../support/property.js'
import { describe, expect, it } from 'vitest'
import { hideCredentials, scrubCredentials } from '../../../src/secrets/credentials.js'
import { GUARD, hostileLength } from '../../support/hostile.js'

describe('scrubCredentials', () => {
  it('hides the user and password of URLs in free text, such as git messages', () => {
    expect(scrubCredentials("fatal: unable to access 'https://x-access-token:ghs_secret@github.com/acme/site/': 403")).toBe(
      "fatal: unable to access 'https://***@github.com/acme/site/': 403"
    )
    expect(scrubCredentials('fatal: could not read from ssh://git@host/repo')).toBe('fatal: could not read from ssh://***@host/repo')
    expect(scrubCredentials("fatal: '/tmp/no-such-remote' does not appear to be a git repository")).toBe(
      "fatal: '/tmp/no-such-remote' does not appear to be a git repository"
    )
    expect(scrubCredentials('a:b@c:d@e/f:g@h')).toBe('a:***@e/f:***@h')
    expect(scrubCredentials(':@')).toBe(':***@')
    expect(scrubCredentials('x:\\\\u:p@h')).toBe('x:\\\\***@h')
    expect(scrubCredentials('x:u p@h x:u?p@h x:u#p@h')).toBe('x:u p@h x:u?p@h x:u#p@h')
  })
  it('hides them wherever they are in the text, of every URL, and leaves everything else', () => {
    expect(scrubCredentials('via http://a:b@one.example/x and SOCKS5://c@two.example')).toBe(
      'via http://***@one.example/x and SOCKS5://***@two.example'
    )
    expect(scrubCredentials('http://one.example/path@v2 mail me@example.com')).toBe('http://one.example/path@v2 mail me@example.com')
  })
  // The pattern it replaces, quadratic on `@` and colons: the loop must do exactly what it did.
  const PATTERN = /(:[\\/]*)[^\\/?#\s]*@/g
  const pieces = fc.constantFrom(':', '@', '/', '\\', '?', '#', ' ', '\t', '\u3000', 'a', '::', '//')
  test.prop([fc.array(pieces, { maxLength: 24 }).map((chars) => chars.join(''))])('hides what the pattern it replaces hid', (text) => {
    expect(scrubCredentials(text)).toBe(text.replace(PATTERN, '$1***@'))
  })
  it.each([
    ['/', 'https://u:p@host/a@b', 'https://***@host/a@b'],
    ['\\', 'https://u:p@host\\a@b', 'https://***@host\\a@b'],
    ['?', 'https://u:p@host?a@b', 'https://***@host?a@b'],
    ['#', 'https://u:p@host#a@b', 'https://***@host#a@b'],
    ['a space', 'https://u:p@host a@b', 'https://***@host a@b'],
    ['a tab', 'https://u:p@host\ta@b', 'https://***@host\ta@b']
  ])('ends the credentials at %s: an "@" after it is not theirs', (_, text, scrubbed) => {
    expect(scrubCredentials(text)).toBe(scrubbed)
  })
  it('skips the slashes and backslashes after the colon, and looks again at a colon that ends a run without an "@"', () => {
    expect(scrubCredentials('https:\\\\u:p@h/x')).toBe('https:\\\\***@h/x')
    expect(scrubCredentials('error:https://u:p@h/x')).toBe('error:https://***@h/x')
    expect(scrubCredentials('a:b:c:https://u:p@h')).toBe('a:b:c:https://***@h')
    expect(scrubCredentials('no:at here: at all:')).toBe('no:at here: at all:')
    expect(scrubCredentials('::')).toBe('::')
    expect(scrubCredentials('u:p@h:q@i')).toBe('u:***@i')
  })
  it('gets through a mebibyte of "@" and colons', GUARD, () => {
    expect(scrubCredentials(`@${':'.repeat(hostileLength(2 ** 20))}@`)).toBe('@:***@')
  })
})

describe('hideCredentials', () => {
  it.each([
    ['https://user:pw@example.com/a?b#c', 'https://***@example.com/a?b#c'],
    ['https://user@example.com:8443/a', 'https://***@example.com:8443/a'],
    ['/\\user:pw@evil.test/a', 'https://***@evil.test/a'],
    ['ftp://user:pw@example.com/', 'ftp://***@example.com/'],
    ['https://user:pw@exa[mple.com/', 'https://***@exa[mple.com/'],
    ['https:user:p@ss@exa mple.com/x@y', 'https:***@exa mple.com/x@y'],
    ['/\\user@evil.test/a', 'https://***@evil.test/a'],
    ['/\\:pw@evil.test/a', 'https://***@evil.test/a'],
    ['https://u:hunter2@[x and ftp://v:pw@[y', 'https://***@[x and ftp://***@[y'],
    ['HTTPS:\\\\u:p@ss@[x/a@b', 'HTTPS:\\\\***@[x/a@b'],
    ['git+ssh://u:p@[x', 'git+ssh://***@[x'],
    ['x https://u@[y', 'x https://***@[y'],
    ['https://:@example.com/a', 'https://:@example.com/a'],
    ['/a:b@c', '/a:b@c'],
    ['/a@b', '/a@b'],
    ['https://example.com/a@b', 'https://example.com/a@b'],
    ['not a url', 'not a url']
  ])('%j is kept as %j', (entry, kept) => {
    expect(hideCredentials(entry)).toBe(kept)
  })

  it('leaves an entry without an "@" as it is, the same string', () => {
    const entry = 'https://example.com/a:b'
    expect(hideCredentials(entry)).toBe(entry)
  })
})
