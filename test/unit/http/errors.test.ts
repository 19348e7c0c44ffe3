import { fc, test } from '../../support/property.js'
import { describe, expect, it } from 'vitest'
import { ApiError, describeFailure, extractServerMessage } from '../../../src/http/errors.js'
import { registerSecret } from '../../../src/secrets/index.js'
import { hostileLength } from '../../support/hostile.js'

const KEY = 'sk-7Qw2Ze9Rt4Yu1Io8'
const hide = (text: string): string => text.split(KEY).join('***')
const keep = (text: string): string => text
const message = (body: string): string | undefined => extractServerMessage(body, hide)

describe('extractServerMessage', () => {
  it('joins errors[].message, and plain strings in errors', () => {
    expect(message('{"success":false,"errors":[{"code":1,"message":"bad zone"},{"message":"bad file"}]}')).toBe('bad zone; bad file')
    expect(message('{"errors":["first",{"code":2},{"message":""},"second"]}')).toBe('first; second')
  })
  it('reads a top-level list of errors', () => {
    expect(message('[{"message":"one"},"two"]')).toBe('one; two')
    expect(message('[]')).toBeUndefined()
    expect(message('[{"code":1}]')).toBeUndefined()
  })
  it('reads the first 20 of a long list of errors', () => {
    const errors = Array.from({ length: 25 }, (_, i) => ({ message: `e${i + 1}` }))
    expect(message(JSON.stringify({ errors }))).toBe(Array.from({ length: 20 }, (_, i) => `e${i + 1}`).join('; '))
  })
  it('reads error as text or as {message}', () => {
    expect(message('{"error":"quota exceeded"}')).toBe('quota exceeded')
    expect(message('{"error":{"message":"nope"}}')).toBe('nope')
  })
  it('reads message', () => {
    expect(message('{"message":"Forbidden"}')).toBe('Forbidden')
  })
  it('prefers errors, then error, then message', () => {
    expect(message('{"message":"m","error":"e","errors":[{"message":"es"}]}')).toBe('es')
    expect(message('{"message":"m","error":"e","errors":[]}')).toBe('e')
    expect(message('{"message":"m","error":{"message":"em"}}')).toBe('em')
    expect(message('{"message":"m","error":{"code":3}}')).toBe('m')
  })
  it('takes a number as a message, and nothing else that is not text', () => {
    expect(message('{"message":42}')).toBe('42')
    expect(message('{"errors":[{"message":7}]}')).toBe('7')
    expect(message('{"message":{"text":"x"}}')).toBeUndefined()
    expect(message('{"message":["x"],"error":true}')).toBeUndefined()
    expect(message('{"message":"   "}')).toBeUndefined()
    expect(message('{"error":"  ","message":"m"}')).toBe('m')
    expect(message('{"error":null,"errors":null,"message":null}')).toBeUndefined()
  })
  it('ignores errors that is not a list', () => {
    expect(message('{"errors":{"message":"not a list"},"message":"fallback"}')).toBe('fallback')
    expect(message('{"errors":"text"}')).toBeUndefined()
  })
  it('gives a JSON value that is not an object as its text', () => {
    expect(message('"just a string"')).toBe('just a string')
    expect(message('503')).toBe('503')
    expect(message('null')).toBe('null')
  })
  it('gives the start of a non-JSON body, whitespace folded', () => {
    expect(message('Service\n  temporarily   unavailable\t')).toBe('Service temporarily unavailable')
    expect(message('x'.repeat(500))).toBe(`${'x'.repeat(300)}…`)
    expect(message('x'.repeat(300))).toBe('x'.repeat(300))
    expect(message('expected <zone id>')).toBe('expected <zone id>')
  })
  it('shows the text of an HTML page, not its tags', () => {
    const page = `<!DOCTYPE html>
      <html><head><title>502 Bad Gateway</title><style>body { color: red }</style>
      <script type="text/javascript">var secret = "<b>";</script></head>
      <body><!-- upstream: 10.0.0.7 --><center><h1>502&nbsp;Bad&nbsp;Gateway</h1></center>
      <hr><p>Tom &amp; Jerry&#39;s proxy &lt;nginx&gt; &#x2014; &copy;</p></body></html>`
    expect(message(page)).toBe("502 Bad Gateway 502 Bad Gateway Tom & Jerry's proxy <nginx> — &copy;")
  })
  it('keeps the words of two elements apart, and drops comments and scripts without a trace', () => {
    expect(message('<p>one</p><p>two</p>')).toBe('one two')
    expect(message('<p>bad<!-- x -->ly</p>')).toBe('badly')
    expect(message('<p>bad<script>x()</script>ly</p>')).toBe('badly')
    expect(message('\n  <html><p>after whitespace</p></html>')).toBe('after whitespace')
  })
  it('decodes the common entities', () => {
    expect(message('<p>&quot;a&quot; &apos;b&apos; &lt;c&gt; &amp; &#X41;&#x42;&#67;</p>')).toBe('"a" \'b\' <c> & ABC')
  })
  it('drops an unclosed tag, comment or script to the end of the page', () => {
    expect(message('<p>Oops</p><a href="x')).toBe('Oops')
    expect(message('<p>Oops</p><!-- never closed <p>hidden</p>')).toBe('Oops')
    expect(message('<p>Oops</p><SCRIPT>var a = 1; <p>hidden</p>')).toBe('Oops')
    expect(message('<p>Oops</p><style>p {}</STYLE ><p>shown</p>')).toBe('Oops shown')
  })
  it('keeps entities it does not know, and code points that do not exist', () => {
    expect(message('<p>&#1114111;&#x10FFFF; &#1114112; &#xFFFFFF; &bogus; &AMP;</p>')).toBe(
      '\u{10ffff}\u{10ffff} &#1114112; &#xFFFFFF; &bogus; &'
    )
    expect(message('<p>&constructor; &__proto__; &toString;</p>')).toBe('&constructor; &__proto__; &toString;')
  })
  it('gives nothing for an empty body, a page without text, or JSON without a message', () => {
    expect(message('')).toBeUndefined()
    expect(message(' \n ')).toBeUndefined()
    expect(message('<html><body><br/></body></html>')).toBeUndefined()
    expect(message('{"success":false}')).toBeUndefined()
  })
  it('never leaves part of the key: it is hidden in the whole body before the cut', () => {
    for (let at = 280; at <= 300; at++) {
      const body = `${'a'.repeat(at)}${KEY} and more`
      expect(message(body)).not.toMatch(/sk-|7Qw2/)
      expect(message(JSON.stringify({ errors: [{ message: body }] }))).not.toMatch(/sk-|7Qw2/)
      expect(message(`<p>${body}</p>`)).not.toMatch(/sk-|7Qw2/)
    }
    expect(message(`{"message":"token ${KEY}"}`)).toBe('token ***')
  })
  it('hides the key however the body spelled it: JSON escapes, HTML entities', () => {
    const escaped = [...KEY].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
    expect(message(`{"message":"token ${escaped}"}`)).toBe('token ***')
    const entities = [...KEY].map((char) => `&#${char.charCodeAt(0)};`).join('')
    expect(message(`<p>token ${entities}</p>`)).toBe('token ***')
  })
  it('does not cut a character in two', () => {
    expect(message(`${'x'.repeat(299)}😀😀`)).toBe(`${'x'.repeat(299)}…`)
    expect(message(`${'x'.repeat(298)}😀😀`)).toBe(`${'x'.repeat(298)}😀…`)
    expect(message(`${'x'.repeat(299)}😀yyyy`)).toBe(`${'x'.repeat(299)}…`)
  })
  it('never crashes on malformed or deeply nested JSON', () => {
    expect(message('{"errors": [')).toBe('{"errors": [')
    expect(message(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBeUndefined()
    const nested = `{"errors":[${'{"message":'.repeat(50_000)}"deep"${'}'.repeat(50_000)}]}`
    expect(message(nested)).toBeUndefined()
  })
  // Work that grows with the square of the body (a pattern that backtracks) would take minutes here.
  // A megabyte or more in a plain run; a sixteenth of it under mutation (hostileLength), still far past the 301 characters.
  it('handles a body of a megabyte or more, with its message bounded', () => {
    expect(message('<a'.repeat(hostileLength(500_000)))).toBeUndefined()
    expect(message('<!--'.repeat(hostileLength(300_000)))).toBeUndefined()
    expect(message('<script>'.repeat(hostileLength(150_000)))).toBeUndefined()
    expect(message(`<p>${'word '.repeat(hostileLength(400_000))}</p>`)).toHaveLength(301)
    const errors = Array.from({ length: hostileLength(100_000) }, () => ({ message: 'x'.repeat(100) }))
    expect(message(JSON.stringify({ errors }))).toHaveLength(301)
  })
  test.prop([fc.string({ maxLength: 2000 })])('never throws, and stays within 301 characters without the key', (body) => {
    const result = extractServerMessage(`${body}${KEY}${body}`, hide)
    expect(result === undefined || (result.length <= 301 && !result.includes(KEY))).toBe(true)
  })
  it('hides every registered secret when no other way to hide is given', () => {
    registerSecret('sk-registered-for-errors-test')
    expect(extractServerMessage('{"message":"bad key sk-registered-for-errors-test"}')).toBe('bad key ***')
  })
  test.prop([fc.json({ maxDepth: 6 })])('never throws on any JSON', (json) => {
    const result = extractServerMessage(json, keep)
    expect(result === undefined || result.length <= 301).toBe(true)
  })
})

describe('describeFailure', () => {
  it('names method, path, status, server message, request id and what to do', () => {
    const message = describeFailure({
      method: 'POST',
      path: '/zones/z1/purge',
      kind: 'http',
      status: 401,
      serverMessage: 'Authentication error',
      requestId: 'req-42',
      attempts: 1
    })
    expect(message).toBe(
      'POST /zones/z1/purge failed: HTTP 401: "Authentication error" (request id req-42). The API key was not accepted: check the "api-key" input or the CDN_API_KEY secret.'
    )
  })
  it('quotes a long path and request id cut, the id on one line', () => {
    const message = describeFailure({
      method: 'POST',
      path: `/zones/${'i'.repeat(16_000)}/purge`,
      kind: 'http',
      status: 400,
      requestId: `r\n${'q'.repeat(1000)}`,
      attempts: 1
    })
    expect(message).toBe(
      `POST /zones/${'i'.repeat(193)}… (15,813 more characters) failed: HTTP 400 (request id r ${'q'.repeat(198)}… (802 more characters)). The API rejected the request as sent; check the inputs it came from.`
    )
  })
  it('says how many attempts were made', () => {
    expect(describeFailure({ method: 'GET', path: '/zones', kind: 'http', status: 503, attempts: 5 })).toBe(
      'GET /zones failed (5 attempts): HTTP 503. The service failed: run again later.'
    )
  })
  it('says "after" at most once, the attempts next to "failed" whatever the cause', () => {
    const kinds = ['timeout', 'network', 'tls', 'too-large', 'rate-limited', 'cancelled', 'unsuccessful', 'http'] as const
    for (const kind of kinds) {
      const message = describeFailure({
        method: 'GET',
        path: '/zones',
        kind,
        detail: kind === 'timeout' ? '1 s' : 'x',
        status: 503,
        attempts: 2
      })
      expect(message.split(' after ').length, message).toBeLessThanOrEqual(2)
      expect(message, message).toMatch(/^GET \/zones failed \(2 attempts\): /)
    }
  })
  it('describes timeouts, network errors, success: false and redirects', () => {
    expect(describeFailure({ method: 'GET', path: '/zones', kind: 'timeout', detail: '30 s', attempts: 2 })).toBe(
      'GET /zones failed (2 attempts): timed out after 30 s. No answer in time: raise "timeout" or run again later.'
    )
    expect(describeFailure({ method: 'GET', path: '/zones', kind: 'timeout', attempts: 1 })).toBe(
      'GET /zones failed: timed out. No answer in time: raise "timeout" or run again later.'
    )
    expect(describeFailure({ method: 'GET', path: '/zones', kind: 'network', detail: 'ECONNREFUSED', attempts: 1 })).toBe(
      'GET /zones failed: network error (ECONNREFUSED). Check "api-url", the runner\'s network and any HTTPS_PROXY/NO_PROXY settings, or run again later.'
    )
    expect(describeFailure({ method: 'GET', path: '/zones', kind: 'network', attempts: 1 })).toMatch(
      /^GET \/zones failed: network error\. Check/
    )
    expect(describeFailure({ method: 'POST', path: '/p', kind: 'unsuccessful', status: 200, attempts: 1 })).toBe(
      'POST /p failed: HTTP 200 with success: false. The API answered success: false.'
    )
    expect(describeFailure({ method: 'GET', path: '/zones', kind: 'http', status: 301, attempts: 1 })).toBe(
      'GET /zones failed: HTTP 301. Redirects are not followed: set "api-url" to the address the API is served at.'
    )
  })
  it('describes a certificate the runner does not trust: its code, api-url, and how to trust a private CA', () => {
    const trust =
      "If the API's certificate is issued by a private CA, trust that CA: set NODE_EXTRA_CA_CERTS to the path of its PEM file in the step's env:. Not retried: the certificate would be the same."
    expect(describeFailure({ method: 'GET', path: '/zones', kind: 'tls', detail: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', attempts: 1 })).toBe(
      `GET /zones failed: the server's TLS certificate was not trusted (UNABLE_TO_VERIFY_LEAF_SIGNATURE). Check "api-url". ${trust}`
    )
    expect(describeFailure({ method: 'GET', path: '/zones', kind: 'tls', attempts: 1 })).toBe(
      `GET /zones failed: the server's TLS certificate was not trusted. Check "api-url". ${trust}`
    )
    for (const code of ['ERR_TLS_CERT_ALTNAME_INVALID', 'HOSTNAME_MISMATCH']) {
      expect(describeFailure({ method: 'GET', path: '/zones', kind: 'tls', detail: code, attempts: 1 })).toBe(
        `GET /zones failed: the server's TLS certificate was not trusted (${code}). The certificate is not for the host in "api-url": check the address. ${trust}`
      )
    }
    for (const code of ['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']) {
      expect(describeFailure({ method: 'GET', path: '/zones', kind: 'tls', detail: code, attempts: 1 })).toBe(
        `GET /zones failed: the server's TLS certificate was not trusted (${code}). The certificate is out of its validity dates: the API's certificate needs renewing, or the runner's clock is wrong; check "api-url". ${trust}`
      )
    }
    const error = new ApiError({
      method: 'GET',
      path: '/zones',
      kind: 'tls',
      detail: 'SELF_SIGNED_CERT_IN_CHAIN',
      attempts: 1,
      retryable: false
    })
    expect(error).toBeInstanceOf(ApiError)
    expect(error.details.kind).toBe('tls')
    expect(error.message).toContain('(SELF_SIGNED_CERT_IN_CHAIN). Check "api-url".')
  })
  it('describes an answer too large, and says why it was not retried', () => {
    expect(
      describeFailure({ method: 'GET', path: '/zones', kind: 'too-large', status: 200, detail: '16 MiB', requestId: 'r1', attempts: 1 })
    ).toBe(
      'GET /zones failed: answer too large (HTTP 200, more than 16 MiB; the rest was not read) (request id r1). The API\'s answers are far smaller, so this was not retried: check that "api-url" is the Content Delivery Service API, including /v1.'
    )
    expect(describeFailure({ method: 'GET', path: '/zones', kind: 'too-large', attempts: 1 })).toMatch(
      /^GET \/zones failed: answer too large \(HTTP \?; the rest was not read\)\. /
    )
    // Too many JSON values stops the parse, not the reading: nothing is said of a rest.
    expect(describeFailure({ method: 'GET', path: '/zones', kind: 'too-large', detail: '2,000,000 JSON values', attempts: 1 })).toMatch(
      /^GET \/zones failed: answer too large \(HTTP \?, more than 2,000,000 JSON values\)\. /
    )
  })
  it('describes a request the cancel cut short by what it left, and points at an `if: cancelled()` step', () => {
    const hint = 'Run the step again, or purge what is left in an `if: cancelled()` step (the README\'s "When the run is cancelled").'
    const unanswered = 'no answer before the run was cancelled (SIGINT): the API may or may not have carried it out'
    expect(describeFailure({ method: 'POST', path: '/zones/z1/purge', kind: 'cancelled', detail: unanswered, attempts: 1 })).toBe(
      `POST /zones/z1/purge failed: ${unanswered}. ${hint}`
    )
    // The answer it had is its detail: the status is not said twice, the server's words and the request id are kept.
    const error = new ApiError({
      method: 'POST',
      path: '/zones/z1/purge',
      kind: 'cancelled',
      status: 503,
      serverMessage: 'busy',
      requestId: 'r9',
      detail: 'HTTP 503, not tried again: the run was cancelled (SIGTERM)',
      attempts: 2,
      retryable: true
    })
    expect(error).toBeInstanceOf(ApiError)
    expect(error.details.kind).toBe('cancelled')
    expect(error.status).toBe(503)
    expect(error.message).toBe(
      `POST /zones/z1/purge failed (2 attempts): HTTP 503, not tried again: the run was cancelled (SIGTERM): "busy" (request id r9). ${hint}`
    )
  })
  const redirect = 'Redirects are not followed: set "api-url" to the address the API is served at.'
  const refused = 'The API refused the request.'
  const failed = 'The service failed: run again later.'
  it.each([
    [300, redirect],
    [399, redirect],
    [400, 'The API rejected the request as sent; check the inputs it came from.'],
    [403, 'The API key is not allowed to do this: check its permissions in the dashboard.'],
    [404, 'Not found: check the "zone" input and that "api-url" includes the version segment (e.g. /v1).'],
    [405, 'The address does not take this request: check that "api-url" is the Content Delivery Service API, including /v1.'],
    [409, "The request conflicts with the zone's current state."],
    [413, 'The request is too large: lower "batch-size".'],
    [422, refused],
    [429, 'Rate limited: raise "rate-limit-wait", or run again when the account is less busy.'],
    [499, refused],
    [500, failed],
    [599, failed]
  ])('gives HTTP %i its hint', (status, hint) => {
    expect(describeFailure({ method: 'GET', path: '/zones', kind: 'http', status, attempts: 1 })).toBe(
      `GET /zones failed: HTTP ${status}. ${hint}`
    )
  })
  it('says "?" when the status is missing', () => {
    expect(describeFailure({ method: 'GET', path: '/zones', kind: 'http', attempts: 1 })).toBe(
      'GET /zones failed: HTTP ?. The API refused the request.'
    )
  })
})

describe('ApiError', () => {
  it('carries its details, status and message', () => {
    const error = new ApiError({ method: 'GET', path: '/zones', kind: 'http', status: 404, attempts: 1 })
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('ApiError')
    expect(error.status).toBe(404)
    expect(error.message).toBe(describeFailure(error.details))
  })
})
