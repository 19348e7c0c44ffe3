import { describe, expect, it } from 'vitest'
import type * as Scope from '../../../src/edge/scope.js'
import { edgeRefusal, isLocalHost } from '../../../src/edge/scope.js'
import { loadAfresh } from '../../support/fresh.js'

describe('isLocalHost', () => {
  it('takes every IP address for local, in whatever form the URL gives it', () => {
    const hosts = [
      '127.0.0.1',
      '127.1',
      '0x7f.1',
      '2130706433',
      '0177.0.0.1',
      '127.0.0.1.',
      '10.0.0.1',
      '169.254.169.254',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[fe80::1]',
      '%31%32%37.0.0.1'
    ]
    for (const host of hosts) expect([host, isLocalHost(new URL(`http://${host}/`).hostname)]).toEqual([host, true])
  })
  it('takes localhost, names under .localhost, .local, .internal and .home.arpa, and names without a dot for local, in any case and with a trailing dot', () => {
    const hosts = [
      'localhost',
      'LOCALHOST.',
      'a.localhost',
      'printer.local',
      'db.internal',
      'nas.home.arpa',
      'home.arpa',
      'intranet',
      'internal',
      'local',
      'Metadata.Google.Internal.'
    ]
    for (const host of hosts) expect([host, isLocalHost(new URL(`http://${host}/`).hostname)]).toEqual([host, true])
  })
  it('takes public names for public, those that only end like a local name too', () => {
    const hosts = [
      'example.com',
      'www.example.com',
      'localhost.example.com',
      'mylocal.com',
      'internal.example',
      'notlocalhost',
      '127.0.0.1.example.com',
      '0x7f.0.0.1.example',
      'xn--bcher-kva.example'
    ]
    for (const host of hosts.filter((name) => name.includes('.')))
      expect([host, isLocalHost(new URL(`http://${host}/`).hostname)]).toEqual([host, false])
  })
  it('judges a host written otherwise than the URL parser writes it by the same rules', () => {
    // The parser writes IPv6 in hex alone; in brackets it is an address whatever it holds, dots included.
    expect(isLocalHost('[::ffff:127.0.0.1]')).toBe(true)
    expect(isLocalHost('[::ffff:10.0.0.1]')).toBe(true)
    // An IPv4 address is the whole host, not only its last four labels: this one is a name, on no local zone.
    expect(isLocalHost('cdn.10.0.0.1')).toBe(false)
    expect(isLocalHost('cdn10.0.0.1')).toBe(false)
    expect(isLocalHost('10.0.0.1')).toBe(true)
  })
  // Loaded afresh within the test, which then covers the list of local names the module builds as it loads (test/support/fresh.ts).
  it('takes each local name and the names under it for local, as the module loads its list', async () => {
    const { isLocalHost: isLocal } = await loadAfresh<typeof Scope>('/src/edge/scope.js')
    for (const host of ['a.localhost', 'printer.local', 'db.internal', 'home.arpa', 'nas.home.arpa', 'NAS.Home.Arpa.'])
      expect([host, isLocal(host)]).toEqual([host, true])
    for (const host of ['localhost.example', 'mylocal.com', 'internal.example', 'arpa.example'])
      expect([host, isLocal(host)]).toEqual([host, false])
  })
})

describe('edgeRefusal', () => {
  it("fetches the zone's name and its subdomains, in any case, with a trailing dot, a port, or in Unicode", () => {
    for (const url of [
      'http://example.com/a',
      'https://www.example.com/a',
      'http://WWW.EXAMPLE.COM/a',
      'http://www.example.com./a',
      'http://cdn.example.com:8080/a'
    ]) {
      expect([url, edgeRefusal(url, ['example.com'])]).toEqual([url, undefined])
    }
    expect(edgeRefusal('http://bücher.example/a', ['Bücher.example'])).toBeUndefined()
    expect(edgeRefusal('http://xn--bcher-kva.example/a', ['bücher.example.'])).toBeUndefined()
    expect(edgeRefusal('http://shop.example.org/', ['example.com', 'example.org'])).toBeUndefined()
  })
  it('refuses a host that only ends like the zone, or is on another zone', () => {
    for (const url of ['http://evilexample.com/a', 'http://example.com.evil.test/a', 'http://other.test/', 'http://com/']) {
      expect([url, edgeRefusal(url, ['example.com'])]).toEqual([url, url === 'http://com/' ? 'local' : 'off-zone'])
    }
  })
  it('refuses every URL when no zone name is known', () => {
    expect(edgeRefusal('http://example.com/a', [])).toBe('off-zone')
  })
  it('refuses a local host even on a zone of that name', () => {
    expect(edgeRefusal('http://a.localhost/', ['localhost'])).toBe('local')
    expect(edgeRefusal('http://db.internal/', ['internal'])).toBe('local')
    expect(edgeRefusal('http://127.0.0.1/', ['0.0.1'])).toBe('local')
    expect(edgeRefusal('http://2130706433/', ['example.com'])).toBe('local')
  })
  it('refuses what is no URL', () => {
    expect(edgeRefusal('not a url', ['example.com'])).toBe('off-zone')
  })
})
