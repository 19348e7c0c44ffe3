import { describe, expect, it } from 'vitest'
import { transportFailure } from '../../../src/http/transport.js'

describe('transportFailure', () => {
  const timedOut = (): AbortSignal => {
    const controller = new AbortController()
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))
    return controller.signal
  }

  it("is a timeout when the error is the timeout signal's own abort", () => {
    const signal = timedOut()
    expect(transportFailure(signal.reason, signal, 2500)).toEqual({ kind: 'timeout', detail: '2.5 s' })
  })

  it('is a network error, with its code, when the timeout fired but the error is another one', () => {
    const signal = timedOut()
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })
    expect(transportFailure(reset, signal, 2500)).toEqual({ kind: 'network', detail: 'ECONNRESET' })
    expect(transportFailure(new DOMException('The operation was aborted due to timeout', 'TimeoutError'), signal, 2500)).toMatchObject({
      kind: 'network'
    })
  })

  it('is a network error when the signal has not fired, even for an error without a value', () => {
    const signal = new AbortController().signal
    expect(transportFailure(undefined, signal, 1000)).toEqual({ kind: 'network', detail: 'undefined' })
    expect(transportFailure(null, signal, 1000)).toEqual({ kind: 'network', detail: 'null' })
  })

  it('names a network error by its code when it has a text code, else by its message', () => {
    const signal = new AbortController().signal
    expect(
      transportFailure(Object.assign(new Error('getaddrinfo ENOTFOUND api.example.net'), { code: 'ENOTFOUND' }), signal, 1000)
    ).toEqual({ kind: 'network', detail: 'ENOTFOUND' })
    expect(transportFailure(Object.assign(new Error('socket hang up'), { code: 23 }), signal, 1000)).toEqual({
      kind: 'network',
      detail: 'socket hang up'
    })
    expect(transportFailure('plain text', signal, 1000)).toEqual({ kind: 'network', detail: 'plain text' })
  })

  it('is a TLS failure when the certificate was not accepted, its code on the error or on its cause', () => {
    const signal = new AbortController().signal
    const expired = Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' })
    expect(transportFailure(expired, signal, 1000)).toEqual({ kind: 'tls', detail: 'CERT_HAS_EXPIRED' })
    const wrapped = Object.assign(new Error('secure proxy connection failed', { cause: expired }), { code: 'UND_ERR_PRX_TLS' })
    expect(transportFailure(wrapped, signal, 1000)).toEqual({ kind: 'tls', detail: 'CERT_HAS_EXPIRED' })
  })

  it('says a proxy refused the tunnel, with the status it answered', () => {
    const signal = new AbortController().signal
    const refused = Object.assign(new Error('Proxy response (407) !== 200 when HTTP Tunneling'), { code: 'UND_ERR_ABORTED' })
    expect(transportFailure(refused, signal, 1000)).toEqual({ kind: 'network', detail: 'the proxy refused the tunnel: HTTP 407' })
    expect(
      transportFailure(
        Object.assign(new Error('Proxy response (407) !== 200 when HTTP Tunneling, or not'), { code: 'UND_ERR_ABORTED' }),
        signal,
        1000
      )
    ).toEqual({ kind: 'network', detail: 'UND_ERR_ABORTED' })
    expect(
      transportFailure(
        Object.assign(new Error('not: Proxy response (407) !== 200 when HTTP Tunneling'), { code: 'UND_ERR_ABORTED' }),
        signal,
        1000
      )
    ).toEqual({ kind: 'network', detail: 'UND_ERR_ABORTED' })
    expect(
      transportFailure({ message: 'Proxy response (502) !== 200 when HTTP Tunneling', code: 'UND_ERR_ABORTED' }, signal, 1000)
    ).toEqual({ kind: 'network', detail: 'UND_ERR_ABORTED' })
  })

  it('takes the credentials of any URL out of a message it quotes', () => {
    const signal = new AbortController().signal
    expect(transportFailure(new Error('cannot reach http://proxyuser:s3cret@proxy.example:3128/'), signal, 1000)).toEqual({
      kind: 'network',
      detail: 'cannot reach http://***@proxy.example:3128/'
    })
    expect(transportFailure('via socks5://s3cret@proxy.example', signal, 1000)).toEqual({
      kind: 'network',
      detail: 'via socks5://***@proxy.example'
    })
  })
})
