import { describe, expect, it, vi } from 'vitest'
import type * as Secrets from '../../../src/secrets/index.js'
import { hostileLength } from '../../support/hostile.js'
import { captureStdout } from '../../support/stdout.js'

const written = captureStdout()

/** The module with no secret registered yet: it keeps its secrets for the whole run. */
async function fresh(...secrets: string[]): Promise<typeof Secrets> {
  vi.resetModules()
  const module = await import('../../../src/secrets/index.js')
  for (const secret of secrets) module.registerSecret(secret)
  return module
}

describe('registerSecret', () => {
  it('has the runner mask the secret first, then its other whole spellings', async () => {
    await fresh('sekret/1"x')
    const forms = ['sekret/1"x', 'sekret%2F1%22x', 'sekret/1\\"x', 'c2VrcmV0LzEieA==', 'c2VrcmV0LzEieA']
    // The command escapes % as %25; the runner reads it back.
    expect(written.join('')).toBe(forms.map((form) => `::add-mask::${form.replaceAll('%', '%25')}\n`).join(''))
  })
  it('masks the form-encoded and URL-safe spellings where they differ', async () => {
    await fresh("k~'(>?~")
    const masked = written
      .join('')
      .split('\n')
      .filter((line) => line !== '')
    expect(masked).toEqual(
      ["k~'(>?~", "k~'(%3E%3F~", 'k%7E%27%28%3E%3F%7E', 'a34nKD4/fg==', 'a34nKD4/fg', 'a34nKD4_fg==', 'a34nKD4_fg'].map(
        (form) => `::add-mask::${form.replaceAll('%', '%25')}`
      )
    )
  })
  it('has the runner mask spellings of 8 characters and more, none shorter', async () => {
    await fresh('sekre')
    expect(written.join('')).toBe('::add-mask::sekre\n::add-mask::c2VrcmU=\n')
  })
  it('has the runner mask no spelling too short to tell from other text, but always the secret', async () => {
    await fresh('k1')
    expect(written.join('')).toBe('::add-mask::k1\n')
  })
  it('masks each secret once, however often it is registered', async () => {
    const { registerSecret } = await fresh('sekret-1')
    registerSecret('sekret-1')
    expect(written.filter((line) => line === '::add-mask::sekret-1\n')).toHaveLength(1)
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

/** A key as an API would issue it, with characters that URL encoding and JSON escape. */
const KEY = 'sk_live/4f9a+2c"Q8\\rT7=xYz0-Lm3Np6'
const b64 = (text: string): string => Buffer.from(text).toString('base64')
const urlSafe = (text: string): string => b64(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')

describe('redact: every spelling of a secret', () => {
  it('takes out its URL encoding: encodeURIComponent, form encoding, lower-case hex, and a mix of escaped and plain characters', async () => {
    const { redact } = await fresh(KEY)
    const lower = encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())
    const mixed = KEY.replace('/', '%2F').replace('"', '%22')
    for (const form of [encodeURIComponent(KEY), new URLSearchParams({ k: KEY }).toString().slice(2), lower, mixed]) {
      expect(form).not.toBe(KEY)
      expect(redact(`GET /v1/zones?key=${form}&x=1 failed`)).toBe('GET /v1/zones?key=***&x=1 failed')
    }
  })

  it('takes out its base64, standard and URL-safe, with and without padding', async () => {
    const { redact } = await fresh(KEY)
    for (const form of [b64(KEY), b64(KEY).replace(/=+$/, ''), urlSafe(KEY), `${urlSafe(KEY)}==`])
      expect(redact(`token ${form} refused`)).toBe('token *** refused')
  })

  it('takes out its base64 inside a longer value, whatever the offset, leaving only characters the bytes around it decide', async () => {
    const { redact } = await fresh(KEY)
    // Basic auth, a Bearer header, a JSON document: the key's bytes start at every offset modulo 3.
    for (const prefix of ['user:', 'Bearer ', '{"k":"', 'a', 'ab', 'abc']) {
      for (const suffix of ['', '"}', 'x']) {
        const value = b64(`${prefix}${KEY}${suffix}`)
        const redacted = redact(`Authorization: Basic ${value}`)
        // What is left: the prefix's own characters, and at most one character that mixes its bits with the key's, each side.
        const kept = Math.ceil((prefix.length * 8) / 6)
        expect(redacted).toMatch(
          new RegExp(
            `^Authorization: Basic ${value.slice(0, Math.floor((prefix.length * 8) / 6))}.?\\*\\*\\*[A-Za-z0-9+/]{0,${kept + 4}}=*$`
          )
        )
        expect(redact(`Authorization: Basic ${value.replaceAll('+', '-').replaceAll('/', '_')}`)).toContain('***')
      }
    }
  })

  it('takes out its JSON escaping: JSON.stringify, \\u escapes of some or all characters, in either hex case', async () => {
    const { redact } = await fresh(KEY)
    const uEscape = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
    const forms = [
      JSON.stringify(KEY).slice(1, -1),
      [...KEY].map(uEscape).join(''),
      [...KEY].map(uEscape).join('').toUpperCase().replaceAll('\\U', '\\u'),
      KEY.replace(/[^A-Za-z0-9]/g, uEscape),
      JSON.stringify(KEY).slice(1, -1).replace('/', '\\/')
    ]
    for (const form of forms) expect(redact(`{"error":"bad key ${form}"}`)).toBe('{"error":"bad key ***"}')
  })

  it('takes out a JSON-escaped spelling of its URL encoding', async () => {
    const { redact } = await fresh(KEY)
    expect(redact(`{"url":"${JSON.stringify(encodeURIComponent(KEY)).slice(1, -1).replace('%2F', '\\u00252F')}"}`)).toBe('{"url":"***"}')
  })

  it('takes out any run of 12 or more of its characters: its first or last 20, a run in the middle', async () => {
    const { redact } = await fresh(KEY)
    expect(redact(`starts ${KEY.slice(0, 20)}.`)).toBe('starts ***.')
    expect(redact(`ends ${KEY.slice(-20)}.`)).toBe('ends ***.')
    expect(redact(`middle <${KEY.slice(5, 17)}>`)).toBe('middle <***>')
    expect(redact(`cut at 12 ${KEY.slice(0, 12)}|${KEY.slice(-12)}`)).toBe('cut at 12 ***|***')
  })

  it('leaves a run of 11 of its characters, and text that only looks like it', async () => {
    const { redact } = await fresh(KEY)
    for (const text of [
      'Stryker was here',
      `short ${KEY.slice(0, 11)}`,
      `short ${KEY.slice(-11)}`,
      'sk_live/4f9X+2c"Q8 is not it',
      KEY.toUpperCase()
    ])
      expect(redact(text)).toBe(text)
  })

  it('takes out runs of its spellings: the first 20 characters URL-encoded, JSON-escaped or in base64', async () => {
    const { redact } = await fresh(KEY)
    expect(redact(`q=${encodeURIComponent(KEY.slice(0, 20))}!`)).toBe('q=***!')
    expect(redact(`"${JSON.stringify(KEY.slice(-20)).slice(1, -1)}"`)).toBe('"***"')
    expect(redact(`b=${b64(KEY.slice(0, 21))}`)).toMatch(/^b=\*\*\*[A-Za-z0-9+/]?=*$/)
  })

  it('takes out only the secret itself when it is shorter than a run', async () => {
    const { redact } = await fresh('key-4567')
    expect(redact('a key-4567 b key-456 c')).toBe('a *** b key-456 c')
  })

  it('leaves a text with escapes and no secret as it is', async () => {
    const { redact } = await fresh(KEY)
    for (const text of ['100% sure \\u0041 \\" %zz %4', 'a+b\\', '\\u12', '%']) expect(redact(text)).toBe(text)
  })

  it('takes out a text that is exactly one run of it', async () => {
    const { redact } = await fresh(KEY)
    expect(redact(KEY.slice(0, 12))).toBe('***')
    expect(redact(KEY.slice(-12))).toBe('***')
  })

  it('takes out every character percent-encoded, in upper- and lower-case hex', async () => {
    const { redact } = await fresh(KEY)
    const encoded = [...Buffer.from(KEY)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')
    for (const form of [encoded, encoded.toUpperCase()]) expect(redact(`<${form}>`)).toBe('<***>')
  })

  it('takes out control characters as JSON and URL encoding spell them', async () => {
    const secret = 'ctl\b\f\n\r\t\0-secret/value'
    const { redact } = await fresh(secret)
    expect(redact(`{"m":${JSON.stringify(secret)}}`)).toBe('{"m":"***"}')
    expect(redact(`?k=${encodeURIComponent(secret)}`)).toBe('?k=***')
  })

  it('decodes only real escapes: an unknown escape, a short or bad hex, and an escaped backslash are text', async () => {
    const { redact } = await fresh(KEY)
    const rest = KEY.slice(1)
    for (const lead of ['\\z0073', '\\u00g3', '\\u007', '%g3', '%7', '\\\\u0073']) expect(redact(`${lead}${rest}`)).toBe(`${lead}***`)
    // A lead that starts no escape, then one that does.
    expect(redact(`%%73${rest}`)).toBe('%***')
    expect(redact(`\\z\\u0073${rest}`)).toBe('\\z***')
  })

  it('finds a short secret where its occurrences overlap', async () => {
    const { redact } = await fresh('abab')
    expect(redact('x ababab y abab')).toBe('x *** y ***')
  })

  it("takes out a short secret's base64 exactly, alone or inside a longer value, keeping the characters its neighbours mix in", async () => {
    const { redact } = await fresh('sekret-99', 'sekret7', 'sekret')
    // base64("a" + secret + "z") and base64("ab" + secret + "z"): the secret's bits start at an offset of 1 and 2 bytes.
    expect(redact('YXNla3JldC05OXo=')).toBe('YX***Xo=')
    expect(redact('YWJzZWtyZXQtOTl6')).toBe('YWJ***l6')
    // Unpadded base64 of 7 characters, and 8 characters of base64 (6 bytes): each whole.
    expect(redact('t=c2VrcmV0Nw;')).toBe('t=***;')
    expect(redact('t=c2VrcmV0;')).toBe('t=***;')
  })

  it("takes out a short secret's URL-safe base64 inside a longer value, where - and _ stand for + and /", async () => {
    const { redact } = await fresh('~~~???~~~')
    expect(redact('YX5-fj8_P35-fno')).toBe('YX***no')
    expect(redact('YWJ-fn4_Pz9-fn56')).toBe('YWJ***56')
  })

  it('reads only hex digits in an escape: a letter past f or a character before a is none', async () => {
    const { redact } = await fresh(KEY)
    // Were "j" a digit (19), \u006j would be "s"; were "@" one (9), \u006@ would be "i".
    expect(redact(`\\u006j${KEY.slice(1)}`)).toBe('\\u006j***')
    expect(redact(`${KEY.slice(0, 4)}\\u006@${KEY.slice(5)}`)).toBe(`${KEY.slice(0, 4)}\\u006@***`)
  })

  it('redacts a MiB of keys, runs and spellings back to back, every one of them', async () => {
    const { redact } = await fresh(KEY)
    const unit = `${KEY} ${encodeURIComponent(KEY)} ${b64(KEY)} ${KEY.slice(3, 15)} `
    const text = unit.repeat(Math.ceil(hostileLength(1024 * 1024) / unit.length))
    expect(redact(text)).toBe('*** *** *** *** '.repeat(Math.ceil(hostileLength(1024 * 1024) / unit.length)))
  })
})

describe('holdsSecretText', () => {
  it('tells a text with a secret in any spelling from one without', async () => {
    const { holdsSecretText } = await fresh(KEY)
    expect(holdsSecretText(`x ${b64(KEY)}`)).toBe(true)
    expect(holdsSecretText(`x ${KEY.slice(-12)}`)).toBe(true)
    expect(holdsSecretText(`x ${KEY.slice(-11)}`)).toBe(false)
  })
  it('says true exactly where redact changes the text: every spelling and reading, the short secret too', async () => {
    const { holdsSecretText, redact } = await fresh(KEY, 'tok3n')
    const texts = [
      'nothing here',
      `x ${KEY}`,
      'a tok3n b',
      `x ${JSON.stringify(KEY)}`,
      `x ${encodeURIComponent(KEY)}`,
      `x ${JSON.stringify(encodeURIComponent(KEY))}`,
      `x ${encodeURIComponent(JSON.stringify(KEY))}`,
      `x \\u0041 ${encodeURIComponent(KEY.slice(0, 6))}%zz ${KEY.slice(6, 17)}`,
      `x ${KEY.slice(-12).replace('6', '\\u0036')}`,
      `%4 ${b64(`ab${KEY}`)} \\`,
      `x ${encodeURIComponent('tok3n')}`,
      'x %74ok3n \\u0074ok3n'
    ]
    for (const text of texts) expect(holdsSecretText(text), text).toBe(redact(text) !== text)
    // All but the first and the one whose runs are cut under 12 characters by `%zz `.
    expect(texts.filter((text) => !holdsSecretText(text))).toEqual([texts[0], texts[7]])
  })
  it('finds nothing while no secret is registered', async () => {
    const { holdsSecretText } = await fresh()
    expect(holdsSecretText(KEY)).toBe(false)
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
    expect(redactDeep({ error: undefined, list: [undefined, 'deep-secret-9f'] })).toStrictEqual({
      error: undefined,
      list: [undefined, '***']
    })
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

describe('hideSecrets', () => {
  it('hides a registered secret, then the credentials of an entry, then those of any URL in free text', async () => {
    const { hideSecrets } = await fresh('hide-secrets-key-42')
    expect(hideSecrets('token hide-secrets-key-42')).toBe('token ***')
    expect(hideSecrets('/\\user@evil.test/a')).toBe('https://***@evil.test/a')
    expect(hideSecrets("fatal: unable to access 'https://x:ghs_1@github.com/a/': 403")).toBe(
      "fatal: unable to access 'https://***@github.com/a/': 403"
    )
    expect(hideSecrets('https://u:hide-secrets-key-42@example.com/x')).toBe('https://***@example.com/x')
    expect(hideSecrets('nothing secret here')).toBe('nothing secret here')
  })
})
