import { describe, expect, it } from 'vitest'
import { describeFailure, extractServerMessage } from '../../src/http/errors.js'

describe('extractServerMessage', () => {
  it('joins errors[].message', () => {
    expect(extractServerMessage('{"success":false,"errors":[{"code":1,"message":"bad zone"},{"message":"bad file"}]}')).toBe('bad zone; bad file')
  })
  it('reads error as text or as {message}', () => {
    expect(extractServerMessage('{"error":"quota exceeded"}')).toBe('quota exceeded')
    expect(extractServerMessage('{"error":{"message":"nope"}}')).toBe('nope')
  })
  it('reads message', () => {
    expect(extractServerMessage('{"message":"Forbidden"}')).toBe('Forbidden')
  })
  it('gives the start of a non-JSON body, whitespace folded', () => {
    expect(extractServerMessage('<html>\n  <body>Bad   Gateway</body></html>')).toBe('<html> <body>Bad Gateway</body></html>')
    expect(extractServerMessage('x'.repeat(500))).toBe(`${'x'.repeat(300)}…`)
  })
  it('gives nothing for an empty body or JSON without a message', () => {
    expect(extractServerMessage('')).toBeUndefined()
    expect(extractServerMessage('{"success":false}')).toBeUndefined()
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
  it('says how many attempts were made', () => {
    expect(describeFailure({ method: 'GET', path: '/zones', kind: 'http', status: 503, attempts: 5 })).toBe(
      'GET /zones failed: HTTP 503 after 5 attempts. The service failed: run again later.'
    )
  })
  it('describes timeouts, network errors, success: false and redirects', () => {
    expect(describeFailure({ method: 'GET', path: '/zones', kind: 'timeout', detail: '30 s', attempts: 2 })).toMatch(/timed out after 30 s after 2 attempts\. No answer in time: raise "timeout"/)
    expect(describeFailure({ method: 'GET', path: '/zones', kind: 'network', detail: 'ECONNREFUSED', attempts: 1 })).toMatch(/network error \(ECONNREFUSED\)\. Check "api-url"/)
    expect(describeFailure({ method: 'POST', path: '/p', kind: 'unsuccessful', status: 200, attempts: 1 })).toMatch(/HTTP 200 with success: false/)
    expect(describeFailure({ method: 'GET', path: '/zones', kind: 'http', status: 301, attempts: 1 })).toMatch(/Redirects are not followed/)
  })
})
