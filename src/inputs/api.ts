import { InputError } from '../errors.js'
import { unusableProxyVariable } from '../http/proxy.js'
import { registerSecret } from '../secrets/index.js'
import { shown, trimTrailing } from '../text.js'
import type { Reader } from './read.js'

/** The API and the credentials: api-key (or CDN_API_KEY), api-url (or CDN_API_URL), github-token. */
export interface ApiInputs {
  /** Bearer key for every request; already masked. */
  readonly apiKey: string
  /** Base address including the version segment, without a trailing slash. */
  readonly apiUrl: string
  /** Masked; empty when not given. */
  readonly githubToken: string
}

/** Where a credential came from: an input, or (for the API key) the environment variable that stands in for it. */
export type CredentialSource = { readonly input: string } | { readonly env: 'CDN_API_KEY' }

export function readApi(read: Reader): ApiInputs {
  // Credentials are checked by checkCredential, which never shows them.
  const keyInput = read.credential('api-key')
  const apiKey = keyInput || (read.env.CDN_API_KEY ?? '').trim()
  const githubToken = read.credential('github-token')
  // Both credentials are masked before anything else is read, so that no message can print them.
  registerSecret(apiKey)
  registerSecret(githubToken)
  if (apiKey === '') {
    throw new InputError(
      'api-key',
      'No API key: set input "api-key" (e.g. ${{ secrets.CDN_API_KEY }}) or the CDN_API_KEY environment variable.'
    )
  }
  checkCredential(apiKey, keyInput === '' ? { env: 'CDN_API_KEY' } : { input: 'api-key' })
  checkCredential(githubToken, { input: 'github-token' })
  const apiUrl = parseApiUrl(read.value('api-url') || (read.env.CDN_API_URL ?? '').trim())
  return { apiKey, apiUrl, githubToken }
}

/**
 * A credential is sent as `Authorization: Bearer <credential>`, so it must be a header value, and a
 * single token: visible ASCII only (0x21-0x7E), no space, line break, control or non-ASCII character.
 * Refused here, before any request, saying which kind of character is wrong but never showing any of it.
 */
export function checkCredential(value: string, source: CredentialSource): void {
  const wrong = /[^\x21-\x7e]/.exec(value)?.[0]
  if (wrong === undefined) return
  const [input, named] =
    'input' in source
      ? [source.input, `Input "${source.input}"`]
      : [undefined, `Environment variable "${source.env}" (the API key, as "api-key" is empty)`]
  throw new InputError(
    input,
    `${named} holds ${describeCharacter(wrong)}, which cannot be sent in an HTTP header. It must hold the credential alone: ` +
      'visible ASCII characters (letters, digits, punctuation), without spaces, line breaks, control or non-ASCII characters. Check how the secret was saved.'
  )
}

function describeCharacter(char: string): string {
  if (char === '\n' || char === '\r') return 'a line break'
  if (/\s/.test(char)) return 'whitespace'
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(char)) return 'a control character'
  return 'a non-ASCII character'
}

/** Hosts plain http:// may be used for. The URL parser writes hosts in lower case, and IPv4 addresses in dotted decimal. */
const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/

export function parseApiUrl(value: string): string {
  if (value === '') {
    throw new InputError(
      'api-url',
      'No API address: set input "api-url" (e.g. https://api.example.net/v1) or the CDN_API_URL environment variable.'
    )
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InputError('api-url', `Input "api-url" is not a URL: "${shown(value)}". Expected e.g. https://api.example.net/v1.`)
  }
  const loopback = LOOPBACK_HOSTS.test(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new InputError(
      'api-url',
      `Input "api-url" must use https:// (the API key is sent with every request); got "${url.protocol}//${url.host}". ` +
        'Plain http:// is accepted only for loopback hosts (localhost, 127.x.x.x, [::1]).'
    )
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new InputError(
      'api-url',
      'Input "api-url" must be a plain base address without credentials, query or fragment, e.g. https://api.example.net/v1.'
    )
  }
  return trimTrailing(url.href, '/')
}

/**
 * A proxy the environment names that undici cannot use fails here, before any request, naming the variable;
 * its value is not quoted, as a proxy address may hold a password. Only when something goes through it
 * (`used`): an https:// API, or the edge checks (verify, warm). An http:// API never goes through a proxy.
 */
export function checkProxy(used: boolean, env: NodeJS.ProcessEnv): void {
  const name = used ? unusableProxyVariable(env) : undefined
  if (name === undefined) return
  throw new InputError(
    undefined,
    `The environment variable ${name} is not a proxy address: set it to a URL such as http://proxy.example:3128 (http://, https:// or socks5://), or unset it. ` +
      'Its value is not shown: it may hold a password.'
  )
}
