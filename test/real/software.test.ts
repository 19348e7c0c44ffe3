// The harness itself: the programs are found or named with their packages, each daemon is the one the
// test started (its own port, folder and logs), and stopping it ends its process and leaves nothing behind.
import { existsSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { findProgram, MissingSoftwareError, proxyRequest, startSquid, startVarnish } from './software.js'

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('finding the programs', () => {
  it('finds varnishd and squid in the sbin folders even when PATH does not name them', () => {
    expect(findProgram('varnishd', '/nonexistent')).toMatch(/\/varnishd$/)
    expect(findProgram('squid', '')).toMatch(/\/squid$/)
  })

  it('fails, when one is missing, with the Debian packages and apt-get install', () => {
    const missing = (): string => findProgram('varnishd-not-installed', '/nonexistent')
    expect(missing).toThrow(MissingSoftwareError)
    expect(missing).toThrow(
      /varnishd-not-installed was not found \(looked in \/nonexistent, \/usr\/sbin.*packages varnish and squid.*apt-get install -y varnish squid openssl/
    )
  })
})

describe('starting and stopping', () => {
  it('Varnish: answers on a port of its own, and stopping it ends the process and removes its folder', async () => {
    const cache = await startVarnish({ port: 9 })
    try {
      expect(alive(cache.pid)).toBe(true)
      // No origin behind it (port 9, discard): Varnish itself answers 503, with its own headers.
      const answer = await proxyRequest(cache.port, 'GET', 'http://example.com/')
      expect(answer.status).toBe(503)
      expect(answer.headers['x-varnish']).toMatch(/^\d+$/)
      expect(await cache.purge('http://example.com/')).toBe(200)
    } finally {
      await cache.stop()
    }
    expect(alive(cache.pid)).toBe(false)
    expect(existsSync(cache.dir)).toBe(false)
  })

  it('Squid: names itself after its port, logs to its own folder, and leaves no shared memory behind', async () => {
    const cache = await startSquid({ diskCache: true })
    try {
      expect(alive(cache.pid)).toBe(true)
      expect(cache.name).toBe(`cdn-purge-test-${cache.port}`)
      const answer = await proxyRequest(cache.port, 'PURGE', 'http://example.com/nothing')
      expect(answer.status).toBe(404)
      // Squid 5: X-Cache; Squid 6: Cache-Status.
      expect(answer.headers['x-cache'] ?? answer.headers['cache-status']).toMatch(new RegExp(`^(MISS from ${cache.name}|${cache.name};)`))
      expect(await cache.accessLog()).toEqual([expect.stringMatching(/ TCP_MISS\/404 PURGE http:\/\/example\.com\/nothing /)])
      expect(readdirSync(cache.dir)).toEqual(expect.arrayContaining(['cache', 'cache.log', 'squid.conf']))
      // Its log holds each request's headers: a key sent to it in cleartext would be found there (proxy.test.ts).
      await proxyRequest(cache.port, 'GET', 'http://127.0.0.1:9/v1/zones', { authorization: 'Bearer key-in-cleartext' })
      expect((await cache.accessLog())[1]).toMatch(/ GET http:\/\/127\.0\.0\.1:9\/v1\/zones .*Authorization: Bearer key-in-cleartext/)
    } finally {
      await cache.stop()
    }
    expect(alive(cache.pid)).toBe(false)
    expect(existsSync(cache.dir)).toBe(false)
    expect(readdirSync('/dev/shm').filter((file) => file.startsWith(`cdnpurge${cache.port}-`))).toEqual([])
  })
})
