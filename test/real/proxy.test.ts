// Squid as the runner's proxy to the API. Over https:// (the stand-in API serving TLS from a test CA that the
// bundle trusts through NODE_EXTRA_CA_CERTS) the key travels only inside the CONNECT tunnel: Squid logs
// CONNECT alone, and nothing it wrote holds the key. A loopback http:// API is never sent to the proxy at
// all. A certificate the runner does not trust fails at once, with the error users need.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestCa, type TestCa } from '../support/tls.js'
import { errorLine, noStackTrace, standIn } from '../e2e/fixture.js'
import { startSquid, type SquidCache } from './software.js'

/** Every file below `dir`, as bytes read as latin1 (a key in any file shows as its own characters). */
function everyFile(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name)
      return { path, text: readFileSync(path).toString('latin1') }
    })
}

/** The key as it could have been written: whole, in part, or encoded. */
const keyForms = (key: string): string[] => [
  key,
  key.slice(0, 12),
  key.slice(-12),
  Buffer.from(key).toString('base64'),
  Buffer.from(`Bearer ${key}`).toString('base64'),
  encodeURIComponent(`Bearer ${key}`)
]

describe('Squid as the proxy to the API', () => {
  let squid: SquidCache
  let ca: TestCa
  let caDir: string

  beforeAll(async () => {
    caDir = mkdtempSync(join(tmpdir(), 'cdn-purge-real-tls-'))
    ca = createTestCa(caDir)
    // A disk cache too, so that "nothing Squid wrote" covers what it would store.
    squid = await startSquid({ diskCache: true })
  })
  afterAll(async () => {
    try {
      await squid?.stop()
    } finally {
      rmSync(caDir, { recursive: true, force: true })
    }
  })

  /** Access log lines of the transactions that end from now on (a tunnel's line is written when it closes). */
  const logFromHere = async (): Promise<() => Promise<string[]>> => {
    const start = (await squid.accessLog()).length
    return async () => (await squid.accessLog()).slice(start)
  }

  it.each(['HTTPS_PROXY', 'https_proxy'])(
    'an https:// API through %s: the purge goes through the tunnel, Squid logs only CONNECT and holds no trace of the key',
    async (variable) => {
      const api = await standIn({ tls: { cert: ca.server.cert.pem, key: ca.server.key.pem } })
      const log = await logFromHere()
      const run = await api.run(
        { files: 'https://example.com/a.html\nhttps://example.com/b.css' },
        { env: { [variable]: squid.url, NODE_EXTRA_CA_CERTS: ca.ca.path } }
      )
      expect(run.code).toBe(0)
      expect(run.outputs['purged-files']).toBe('2')
      expect(api.purges).toEqual([expect.objectContaining({ files: ['https://example.com/a.html', 'https://example.com/b.css'] })])
      // The key reached the API, inside the tunnel.
      expect(api.requests.every((request) => request.headers.authorization === `Bearer ${api.apiKey}`)).toBe(true)

      const lines = await log()
      expect(lines.length).toBeGreaterThan(0)
      const authority = new URL(api.url).host
      // Each line: time, client, status, method, URL, type, [request headers]: the tunnel, with its own headers only.
      for (const line of lines)
        expect(line).toMatch(new RegExp(`^\\S+ 127\\.0\\.0\\.1 TCP_TUNNEL/200 CONNECT ${authority.replace(/\./g, '\\.')} \\S+ \\[`))
      expect(lines.join('\n')).toContain(`Host: ${authority}`)
      for (const { path, text } of everyFile(squid.dir)) {
        for (const form of keyForms(api.apiKey)) expect(text.includes(form), `${path} holds ${form}`).toBe(false)
        expect(text.toLowerCase()).not.toContain('authorization:')
      }
    }
  )

  it('an https:// API whose host NO_PROXY names: Squid receives nothing, the purge goes direct', async () => {
    const api = await standIn({ tls: { cert: ca.server.cert.pem, key: ca.server.key.pem } })
    const log = await logFromHere()
    const run = await api.run(
      { tags: 'release' },
      { env: { HTTPS_PROXY: squid.url, NO_PROXY: '127.0.0.1', NODE_EXTRA_CA_CERTS: ca.ca.path } }
    )
    expect(run.code).toBe(0)
    expect(api.purges).toHaveLength(1)
    expect(await log()).toEqual([])
  })

  it.each(['HTTP_PROXY', 'http_proxy'])(
    'a loopback http:// API with %s at Squid: Squid receives nothing, the purge goes direct',
    async (variable) => {
      const api = await standIn()
      expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:/)
      const log = await logFromHere()
      const run = await api.run({ tags: 'release' }, { env: { [variable]: squid.url } })
      expect(run.code).toBe(0)
      expect(api.purges).toHaveLength(1)
      // Squid logs every request it received: none came.
      expect(await log()).toEqual([])
      for (const { text } of everyFile(squid.dir)) expect(text).not.toContain(api.apiKey)
    }
  )

  it('an untrusted certificate through Squid: fails at once, naming api-url and NODE_EXTRA_CA_CERTS, without a stack trace', async () => {
    const api = await standIn({ tls: { cert: ca.untrustedServer.cert.pem, key: ca.untrustedServer.key.pem } })
    const log = await logFromHere()
    const run = await api.run(
      { tags: 'release', 'max-attempts': '3' },
      { env: { HTTPS_PROXY: squid.url, NODE_EXTRA_CA_CERTS: ca.ca.path } }
    )
    expect(run.code).toBe(1)
    // One tunnel, its handshake refused by the runner: no request reached the API, none was tried again.
    expect(api.connections).toBe(1)
    expect(api.requests).toEqual([])
    expect(await log()).toEqual([expect.stringMatching(/ TCP_TUNNEL\/200 CONNECT 127\.0\.0\.1:\d+ /)])
    const error = errorLine(run)
    expect(error).toContain("the server's TLS certificate was not trusted (UNABLE_TO_VERIFY_LEAF_SIGNATURE)")
    expect(error).toContain('"api-url"')
    expect(error).toContain('NODE_EXTRA_CA_CERTS')
    expect(error).not.toMatch(/\(\d+ attempts\)/)
    expect(run.log).not.toMatch(/attempt 2 of/)
    expect(noStackTrace(run)).toBe(true)
  })
})
