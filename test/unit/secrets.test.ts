import { describe, expect, it, vi } from 'vitest'
import type * as Secrets from '../../src/secrets.js'
import { scrubCredentials } from '../../src/secrets.js'
import { captureStdout } from './fixtures/stdout.js'

const written = captureStdout()

/** The module with no secret registered yet: it keeps its secrets for the whole run. */
async function fresh(...secrets: string[]): Promise<typeof Secrets> {
  vi.resetModules()
  const module = await import('../../src/secrets.js')
  for (const secret of secrets) module.registerSecret(secret)
  return module
}

describe('registerSecret', () => {
  it('has the runner mask the secret', async () => {
    await fresh('sekret-1')
    expect(written.join('')).toBe('::add-mask::sekret-1\n')
  })
  it('ignores an empty value: it would mask nothing and match everywhere', async () => {
    const { redact } = await fresh('')
    expect(written).toEqual([])
    expect(redact('ab')).toBe('ab')
  })
})

describe('redact', () => {
  it('leaves any text as it is while no secret is registered', async () => {
    const { redact } = await fresh()
    // Stryker's own marker among them: the list of secrets starts empty.
    for (const text of ['plain text', '', '***', 'Stryker was here']) expect(redact(text)).toBe(text)
  })
  it('takes out every occurrence of every secret', async () => {
    const { redact } = await fresh('deep-secret-9f', 'tok-2')
    expect(redact('a deep-secret-9f b deep-secret-9fdeep-secret-9f tok-2')).toBe('a *** b ****** ***')
  })
  it('takes out the longest secret first, so that a short one inside it leaves nothing of it', async () => {
    const { redact } = await fresh('key7', 'abc-key7-1')
    expect(redact('token abc-key7-1 and key7')).toBe('token *** and ***')
  })
})

describe('holdsSecret', () => {
  it('finds a secret in any string, however deep, and nowhere else', async () => {
    const { holdsSecret } = await fresh('deep-secret-9f')
    expect(holdsSecret('key deep-secret-9f')).toBe(true)
    expect(holdsSecret({ a: [1, null, { b: ['fine', 'x deep-secret-9f'] }] })).toBe(true)
    expect(holdsSecret(['fine', 'also fine'])).toBe(false)
    expect(holdsSecret({ a: [1, null, true, { b: 'fine' }], 'deep-secret-9f': 2 })).toBe(false)
    expect(holdsSecret(42)).toBe(false)
    expect(holdsSecret(null)).toBe(false)
    expect(holdsSecret(undefined)).toBe(false)
    expect(holdsSecret([])).toBe(false)
  })
})

describe('redactDeep', () => {
  it('takes every secret out of every string, however deep, and keeps the rest', async () => {
    const { redactDeep } = await fresh('deep-secret-9f')
    expect(redactDeep({ a: ['x deep-secret-9f'], b: { c: 'deep-secret-9f' }, n: 3, f: null, t: true })).toStrictEqual({
      a: ['x ***'],
      b: { c: '***' },
      n: 3,
      f: null,
      t: true
    })
  })
  it('finds a secret that is only part of a longer text', async () => {
    const { redactDeep } = await fresh('deep-secret-9f')
    expect(redactDeep({ error: 'HTTP 401 for key deep-secret-9f.' })).toStrictEqual({ error: 'HTTP 401 for key ***.' })
  })
  it('finds a secret with characters that JSON escapes', async () => {
    const { redactDeep } = await fresh('k"e\\y/1')
    expect(redactDeep(['say k"e\\y/1 twice: k"e\\y/1'])).toStrictEqual(['say *** twice: ***'])
  })
  it('finds any one of several secrets', async () => {
    const { redactDeep } = await fresh('api-key-1234', 'ghs_token5678')
    expect(redactDeep({ message: 'with ghs_token5678' })).toStrictEqual({ message: 'with ***' })
  })
  it('keeps fields that are undefined', async () => {
    const { redactDeep } = await fresh('deep-secret-9f')
    expect(redactDeep({ error: undefined, list: [undefined, 'deep-secret-9f'] })).toStrictEqual({ error: undefined, list: [undefined, '***'] })
  })
  it('gives back values without any text as they are', async () => {
    const { redactDeep } = await fresh('deep-secret-9f')
    expect(redactDeep(undefined)).toBeUndefined()
    expect(redactDeep(null)).toBeNull()
    expect(redactDeep(42)).toBe(42)
  })
  it('copies nothing that holds no secret', async () => {
    const { redactDeep } = await fresh('deep-secret-9f')
    const clean = { urls: ['https://example.com/a', 'https://example.com/b'], zone: { id: 'z1' } }
    expect(redactDeep(clean)).toBe(clean)
    const mixed = { clean: clean.urls, zone: clean.zone, errors: ['fine', 'key deep-secret-9f'] }
    const redacted = redactDeep(mixed)
    expect(redacted).toStrictEqual({ clean: clean.urls, zone: clean.zone, errors: ['fine', 'key ***'] })
    expect(redacted.clean).toBe(clean.urls)
    expect(redacted.zone).toBe(clean.zone)
    expect(mixed.errors).toEqual(['fine', 'key deep-secret-9f'])
  })
  it('gives back the value itself when no secret is registered', async () => {
    const { redactDeep } = await fresh()
    const value = { a: ['x'] }
    expect(redactDeep(value)).toBe(value)
  })
})

describe('scrubCredentials', () => {
  it('hides the user and password of remote URLs in git messages', () => {
    expect(scrubCredentials("fatal: unable to access 'https://x-access-token:ghs_secret@github.com/acme/site/': 403")).toBe(
      "fatal: unable to access 'https://***@github.com/acme/site/': 403"
    )
    expect(scrubCredentials('fatal: could not read from ssh://git@host/repo')).toBe('fatal: could not read from ssh://***@host/repo')
    expect(scrubCredentials("fatal: '/tmp/no-such-remote' does not appear to be a git repository")).toBe("fatal: '/tmp/no-such-remote' does not appear to be a git repository")
  })
  it('hides them wherever they are in the text, of every URL, and leaves everything else', () => {
    expect(scrubCredentials('via http://a:b@one.example/x and SOCKS5://c@two.example')).toBe('via http://***@one.example/x and SOCKS5://***@two.example')
    expect(scrubCredentials('http://one.example/path@v2 mail me@example.com')).toBe('http://one.example/path@v2 mail me@example.com')
  })
})
