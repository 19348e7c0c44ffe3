import { createServer, request, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestCa, type TestCa } from '../support/tls.js'
import { errorLine, noStackTrace, standIn } from './fixture.js'

interface RecordingProxy {
  /** Base address, with `user:password@` when the proxy was started with credentials. */
  url: string
  /** The request line of every request it was asked to forward or tunnel: `GET http://…`, `CONNECT host:port`. */
  seen: string[]
  /** Every byte any client sent it, tunnelled bytes included, as latin1 text. */
  readonly bytes: string
  server: Server
}

/**
 * A proxy on loopback as users meet it: forwards absolute-form requests and tunnels CONNECT, and records
 * every request line and every byte it was sent. `refuse` answers every request with that status instead.
 */
async function startProxy(options: { credentials?: string; refuse?: number } = {}): Promise<RecordingProxy> {
  const seen: string[] = []
  const chunks: Buffer[] = []
  const server = createServer((req, res) => {
    seen.push(`${req.method ?? ''} ${req.url ?? ''}`)
    if (options.refuse !== undefined) {
      res.writeHead(options.refuse).end()
      return
    }
    const upstream = request(new URL(req.url ?? ''), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    req.pipe(upstream)
  })
  server.on('connection', (socket) => socket.on('data', (chunk: Buffer) => chunks.push(chunk)))
  server.on('connect', (req, client, head) => {
    seen.push(`CONNECT ${req.url ?? ''}`)
    if (options.refuse !== undefined) {
      client.end(`HTTP/1.1 ${options.refuse} Refused\r\n\r\n`)
      return
    }
    const [host, port] = (req.url ?? '').split(':')
    const upstream = connect(Number(port), host ?? '', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const credentials = options.credentials === undefined ? '' : `${options.credentials}@`
  return {
    url: `http://${credentials}127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    get bytes() {
      return Buffer.concat(chunks).toString('latin1')
    },
    server
  }
}

const proxies: RecordingProxy[] = []
async function proxy(options?: Parameters<typeof startProxy>[0]): Promise<RecordingProxy> {
  const started = await startProxy(options)
  proxies.push(started)
  return started
}
afterEach(async () => {
  for (const { server } of proxies.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** `host:port` of an address, as a CONNECT line names it. */
const authority = (url: string): string => new URL(url).host

describe('a plain http:// API (loopback) never goes through a proxy', () => {
  it.each([
    ['HTTP_PROXY', {}],
    ['http_proxy', {}],
    ['HTTP_PROXY', { NO_PROXY: 'localhost' }],
    ['HTTPS_PROXY', {}]
  ])('%s set (and %j): the proxy receives nothing, the purge goes direct', async (variable, extra) => {
    const recording = await proxy()
    const api = await standIn()
    const run = await api.run({ tags: 't' }, { env: { [variable]: recording.url, ...extra } })
    expect(run.code).toBe(0)
    expect(recording.seen).toEqual([])
    expect(recording.bytes).toBe('')
    expect(api.purges).toHaveLength(1)
  })
})

describe('an https:// API (end to end)', () => {
  let dir: string
  let ca: TestCa
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cdn-purge-tls-'))
    ca = createTestCa(dir)
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const trusting = (): Record<string, string> => ({ NODE_EXTRA_CA_CERTS: ca.ca.path })

  it('purges directly when NODE_EXTRA_CA_CERTS names the CA of its certificate', async () => {
    const api = await standIn({ tls: { cert: ca.server.cert.pem, key: ca.server.key.pem } })
    expect(api.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v1$/)
    const run = await api.run({ tags: 't' }, { env: trusting() })
    expect(run.code).toBe(0)
    expect(api.purges).toEqual([expect.objectContaining({ tags: ['t'] })])
  })

  it.each(['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY'])(
    'goes through %s by CONNECT alone: the proxy never sees the key',
    async (variable) => {
      const recording = await proxy({ credentials: 'proxyuser:proxy-pass-8d1c' })
      const api = await standIn({ tls: { cert: ca.server.cert.pem, key: ca.server.key.pem } })
      const run = await api.run({ tags: 't' }, { env: { ...trusting(), [variable]: recording.url } })
      expect(run.code).toBe(0)
      expect(api.purges).toHaveLength(1)
      expect(recording.seen.length).toBeGreaterThan(0)
      expect(new Set(recording.seen)).toEqual(new Set([`CONNECT ${authority(api.url)}`]))
      expect(recording.bytes).toContain('proxy-authorization')
      expect(recording.bytes).not.toContain(api.apiKey)
      expect(recording.bytes.toLowerCase()).not.toContain('\r\nauthorization:')
      expect(run.stdout).not.toContain('proxy-pass-8d1c')
    }
  )

  it.each(['127.0.0.1', `127.0.0.1:PORT`, '.example.net,127.0.0.1'])('goes direct when NO_PROXY is %s', async (noProxy) => {
    const recording = await proxy()
    const api = await standIn({ tls: { cert: ca.server.cert.pem, key: ca.server.key.pem } })
    const run = await api.run(
      { tags: 't' },
      { env: { ...trusting(), HTTPS_PROXY: recording.url, NO_PROXY: noProxy.replace('PORT', new URL(api.url).port) } }
    )
    expect(run.code).toBe(0)
    expect(recording.seen).toEqual([])
    expect(api.purges).toHaveLength(1)
  })

  it('goes through the proxy when NO_PROXY names the host on another port', async () => {
    const recording = await proxy()
    const api = await standIn({ tls: { cert: ca.server.cert.pem, key: ca.server.key.pem } })
    const run = await api.run({ tags: 't' }, { env: { ...trusting(), HTTPS_PROXY: recording.url, NO_PROXY: '127.0.0.1:1' } })
    expect(run.code).toBe(0)
    expect(recording.seen).toContain(`CONNECT ${authority(api.url)}`)
  })

  it.each([
    ['signed by a CA the runner does not trust', 'untrustedServer', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'],
    ['self-signed', 'selfSigned', 'DEPTH_ZERO_SELF_SIGNED_CERT'],
    ['for another host name', 'wrongName', 'ERR_TLS_CERT_ALTNAME_INVALID']
  ] as const)('a certificate %s fails at once, naming api-url and NODE_EXTRA_CA_CERTS', async (_, which, code) => {
    const api = await standIn({ tls: { cert: ca[which].cert.pem, key: ca[which].key.pem } })
    const run = await api.run({ tags: 't', 'max-attempts': '3' }, { env: trusting() })
    expect(run.code).toBe(1)
    // One connection, its handshake refused: no request reached the API and none was tried again.
    expect(api.connections).toBe(1)
    expect(api.requests).toEqual([])
    const error = errorLine(run)
    expect(error).toContain(`GET /zones failed: the server's TLS certificate was not trusted (${code})`)
    expect(error).toContain('"api-url"')
    expect(error).toContain('NODE_EXTRA_CA_CERTS')
    expect(error).not.toMatch(/\(\d+ attempts\)/)
    expect(run.log).not.toMatch(/attempt 2 of/)
    expect(run.stdout).not.toMatch(/\n {4}at /)
    expect(noStackTrace(run)).toBe(true)
  })

  it("an untrusted certificate through a proxy fails at once too, and no error holds the proxy's password", async () => {
    const recording = await proxy({ credentials: 'proxyuser:proxy-pass-8d1c' })
    const api = await standIn({ tls: { cert: ca.untrustedServer.cert.pem, key: ca.untrustedServer.key.pem } })
    const run = await api.run({ tags: 't', 'max-attempts': '3' }, { env: { ...trusting(), HTTPS_PROXY: recording.url } })
    expect(run.code).toBe(1)
    expect(recording.seen).toEqual([`CONNECT ${authority(api.url)}`])
    expect(errorLine(run)).toContain('not trusted (UNABLE_TO_VERIFY_LEAF_SIGNATURE)')
    expect(run.stdout).not.toContain('proxy-pass-8d1c')
    expect(run.stdout).not.toContain(Buffer.from('proxyuser:proxy-pass-8d1c').toString('base64'))
    expect(noStackTrace(run)).toBe(true)
  })

  it('a proxy that refuses the tunnel fails the step without its password in any line', async () => {
    const recording = await proxy({ credentials: 'proxyuser:proxy-pass-8d1c', refuse: 407 })
    const api = await standIn({ tls: { cert: ca.server.cert.pem, key: ca.server.key.pem } })
    const run = await api.run({ tags: 't', 'max-attempts': '1' }, { env: { ...trusting(), HTTPS_PROXY: recording.url } })
    expect(run.code).toBe(1)
    expect(recording.seen).toEqual([`CONNECT ${authority(api.url)}`])
    expect(api.requests).toEqual([])
    expect(errorLine(run)).toContain('GET /zones failed: network error (the proxy refused the tunnel: HTTP 407)')
    expect(run.stdout).not.toContain('proxy-pass-8d1c')
    expect(run.stdout).not.toContain(Buffer.from('proxyuser:proxy-pass-8d1c').toString('base64'))
    expect(noStackTrace(run)).toBe(true)
  })

  it('a proxy variable that is not a proxy address fails before any request, naming it but not showing its value', async () => {
    const api = await standIn({ tls: { cert: ca.server.cert.pem, key: ca.server.key.pem } })
    const run = await api.run({ tags: 't' }, { env: { ...trusting(), https_proxy: 'proxyuser:proxy-pass-8d1c@proxy.corp:3128' } })
    expect(run.code).toBe(1)
    expect(api.requests).toEqual([])
    expect(api.connections).toBe(0)
    expect(errorLine(run)).toContain('The environment variable https_proxy is not a proxy address')
    expect(run.stdout).not.toContain('proxy-pass-8d1c')
    expect(noStackTrace(run)).toBe(true)
  })
})
