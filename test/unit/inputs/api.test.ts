import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/errors.js'
import { redact } from '../../../src/secrets/index.js'
import { checkCredential, checkProxy, parseApiUrl } from '../../../src/inputs/api.js'
import { getInputs } from '../../../src/inputs/index.js'
import { GUARD } from '../../support/hostile.js'
import { inputError, inputErrorOf, source } from '../../support/inputs.js'

const minimal = { 'api-key': 'k', 'api-url': 'https://api.example.net/v1', zone: 'example.com', files: '/a' }

describe('parseApiUrl', () => {
  it('accepts https and strips trailing slashes', () => {
    expect(parseApiUrl('https://api.example.net/v1/')).toBe('https://api.example.net/v1')
  })
  it.each(['http://localhost:8080/v1', 'http://127.0.0.1:1/v1', 'http://127.5.6.7/v1', 'http://[::1]:9/v1'])(
    'accepts http for loopback %s',
    (url) => {
      expect(parseApiUrl(url)).toBe(url)
    }
  )
  it.each(['http://api.example.net/v1', 'http://10.0.0.1/v1', 'ftp://api.example.net', 'http://127.0.0.1.example.net/v1'])(
    'rejects %s, saying https is required',
    (url) => {
      expect(() => parseApiUrl(url)).toThrow(/"api-url" must use https:\/\//)
    }
  )
  it('rejects something that is not a URL', () => {
    expect(() => parseApiUrl('api.example.net')).toThrow('Input "api-url" is not a URL')
  })
  it.each([
    'http://evil-localhost/v1',
    'http://localhost.evil.test/v1',
    'http://127.0.0.1.evil.test/v1',
    'http://evil.test/127.0.0.1',
    'http://[::2]/v1'
  ])('refuses plain http to %s, a host that only looks like loopback', (url) => {
    expect(inputError(() => parseApiUrl(url)).message).toMatch(
      /^Input "api-url" must use https:\/\/ \(the API key is sent with every request\); got "http:\/\/[^"]+"\. Plain http:\/\/ is accepted only for loopback hosts/
    )
  })
  it('accepts loopback however the URL parser is given it', () => {
    expect(parseApiUrl('http://LOCALHOST:8080/v1')).toBe('http://localhost:8080/v1')
    expect(parseApiUrl('http://127.1:8080/v1')).toBe('http://127.0.0.1:8080/v1')
  })
  it('shows a value that is not a URL with credentials hidden', () => {
    expect(inputError(() => parseApiUrl('https://user:hunter2@api example.net')).message).toBe(
      'Input "api-url" is not a URL: "https://***@api example.net". Expected e.g. https://api.example.net/v1.'
    )
  })
  it('rejects credentials or a query in the address', () => {
    expect(() => parseApiUrl('https://user:pw@api.example.net/v1')).toThrow(/without credentials/)
    expect(() => parseApiUrl('https://api.example.net/v1?x=1')).toThrow(/without credentials, query/)
  })
})

describe('parseApiUrl, at its edges', () => {
  it.each(['ftp://localhost/v1', 'https://user@api.example.net/v1', 'https://:pw@api.example.net/v1', 'https://api.example.net/v1#x'])(
    'parseApiUrl refuses %s',
    (value) => {
      expect(() => parseApiUrl(value)).toThrow(InputError)
      expect(() => parseApiUrl(value)).toThrow(/^Input "api-url" must/)
    }
  )
  it('parseApiUrl strips every trailing slash, and accepts any loopback address', () => {
    expect(parseApiUrl('https://api.example.net/v1//')).toBe('https://api.example.net/v1')
    expect(parseApiUrl('http://127.10.200.1/v1')).toBe('http://127.10.200.1/v1')
  })
})

describe('parseApiUrl, on a mebibyte of its own separators', () => {
  it('parseApiUrl gets through a path of slashes', GUARD, () => {
    expect(parseApiUrl(`https://api.example.net/${'/'.repeat(2 ** 20)}x/${'/'.repeat(2 ** 20)}`)).toMatch(/x$/)
  })
})

describe('credentials', () => {
  const key = (value: string, env: NodeJS.ProcessEnv = {}): Promise<InputError> =>
    inputErrorOf(getInputs(source({ ...minimal, 'api-key': value }, env)))
  const rule =
    'which cannot be sent in an HTTP header. It must hold the credential alone: visible ASCII characters (letters, digits, punctuation), without spaces, line breaks, control or non-ASCII characters. Check how the secret was saved.'

  it.each([
    ['abc-def-1\nabc-def-2', 'a line break'],
    ['abc-def-1\rabc-def-2', 'a line break'],
    ['abc-def-1 abc-def-2', 'whitespace'],
    ['abc-def-1\tabc-def-2', 'whitespace'],
    ['abc-def-1\u00a0abc-def-2', 'whitespace'],
    ['abc-def-1\u0007abc-def-2', 'a control character'],
    ['abc-def-1\u007fabc-def-2', 'a control character'],
    ['abc-def-1\u0000abc-def-2', 'a control character'],
    ['abc-def-1\u200babc-def-2', 'a non-ASCII character'],
    ['abc-def-1éabc-def-2', 'a non-ASCII character'],
    ['abc-def-1\u0085abc-def-2', 'a non-ASCII character']
  ])('refuse an api-key holding %j, saying it holds %s and showing none of it', async (value, kind) => {
    const error = await key(value)
    expect(error.message).toBe(`Input "api-key" holds ${kind}, ${rule}`)
    expect(error.message).not.toContain('abc')
    expect(redact(`x${value}x`)).toBe('x***x')
  })

  it('name CDN_API_KEY when the key came from it', async () => {
    expect((await key('', { CDN_API_KEY: 'abc-def-1\u0007abc-def-2' })).message).toBe(
      `Environment variable "CDN_API_KEY" (the API key, as "api-key" is empty) holds a control character, ${rule}`
    )
  })

  it('check github-token the same way, when given', async () => {
    const error = await inputErrorOf(getInputs(source({ ...minimal, 'github-token': 'ghs_abc\ndef' })))
    expect(error.message).toBe(`Input "github-token" holds a line break, ${rule}`)
    expect((await getInputs(source({ ...minimal, 'github-token': '', 'changed-since': 'main' }))).changes?.githubToken).toBe('')
  })

  it('accept every visible ASCII character', async () => {
    const visible = Array.from({ length: 0x7e - 0x20 }, (_, i) => String.fromCharCode(0x21 + i)).join('')
    expect(() => checkCredential(visible, { input: 'api-key' })).not.toThrow()
    expect((await getInputs(source({ ...minimal, 'api-key': visible }))).apiKey).toBe(visible)
  })

  it('are masked before any other input is read, so no message can show them', async () => {
    const error = await inputErrorOf(
      getInputs(source({ ...minimal, 'api-url': 'ghs_wrongPlace0000', 'github-token': 'ghs_wrongPlace0000' }))
    )
    expect(error.message).toBe('Input "api-url" is not a URL: "***". Expected e.g. https://api.example.net/v1.')
  })
})

describe('checkProxy', () => {
  it('refuses a proxy variable undici cannot use for an https:// API, naming it but not its value', async () => {
    const error = await inputErrorOf(getInputs(source(minimal, { HTTPS_PROXY: 'proxyuser:pass-3e9f@proxy.corp:3128' })))
    expect(error.message).toBe(
      'The environment variable HTTPS_PROXY is not a proxy address: set it to a URL such as http://proxy.example:3128 (http://, https:// or socks5://), or unset it. Its value is not shown: it may hold a password.'
    )
    expect(inputError(() => checkProxy(true, { http_proxy: 'nope' })).message).toMatch(/^The environment variable http_proxy is not/)
  })

  it('checks the proxy for an http:// API when verify or warm go through it to the edge', async () => {
    const loopback = { ...minimal, 'api-url': 'http://localhost:9/v1' }
    expect((await inputErrorOf(getInputs(source({ ...loopback, verify: '1' }, { HTTP_PROXY: 'nope' })))).message).toMatch(
      /^The environment variable HTTP_PROXY is not/
    )
    expect((await inputErrorOf(getInputs(source({ ...loopback, warm: 'true' }, { HTTP_PROXY: 'nope' })))).message).toMatch(
      /^The environment variable HTTP_PROXY is not/
    )
  })

  it('lets a usable proxy through, and any value at all when nothing goes through a proxy', async () => {
    expect(() => checkProxy(true, { HTTPS_PROXY: 'http://proxy.example:3128' })).not.toThrow()
    expect(() => checkProxy(false, { HTTPS_PROXY: 'nope', HTTP_PROXY: 'nope' })).not.toThrow()
    await expect(getInputs(source({ ...minimal, 'api-url': 'http://localhost:9/v1' }, { HTTP_PROXY: 'nope' }))).resolves.toMatchObject({
      apiUrl: 'http://localhost:9/v1'
    })
  })
})

describe('the input each API error names, as data', () => {
  it.each([
    ['', 'No API address: set input "api-url"'],
    ['api.example.net', 'Input "api-url" is not a URL'],
    ['http://api.example.net/v1', 'Input "api-url" must use https://'],
    ['https://user:pw@api.example.net/v1', 'Input "api-url" must be a plain base address']
  ])('parseApiUrl(%j) names api-url', (value, start) => {
    const error = inputError(() => parseApiUrl(value))
    expect(error.input).toBe('api-url')
    expect(error.message.startsWith(start)).toBe(true)
  })
  it('no API key names api-key; a wrong character names the input it came from, and none for CDN_API_KEY', async () => {
    expect((await inputErrorOf(getInputs(source({ ...minimal, 'api-key': '' })))).input).toBe('api-key')
    expect(inputError(() => checkCredential('a b', { input: 'github-token' })).input).toBe('github-token')
    expect(inputError(() => checkCredential('a b', { env: 'CDN_API_KEY' })).input).toBeUndefined()
    expect(inputError(() => checkProxy(true, { HTTPS_PROXY: 'nope' })).input).toBeUndefined()
  })
})
