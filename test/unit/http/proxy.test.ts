import { describe, expect, it } from 'vitest'
import { unusableProxyVariable } from '../../../src/http/proxy.js'

describe('unusableProxyVariable', () => {
  it('is undefined when no proxy is set, or every one set is a URL undici can reach a proxy by', () => {
    expect(unusableProxyVariable({})).toBeUndefined()
    expect(unusableProxyVariable({ HTTPS_PROXY: '', HTTP_PROXY: '' })).toBeUndefined()
    for (const url of ['http://proxy.example:3128', 'https://u:p@proxy.example', 'socks5://127.0.0.1:1080', 'socks://proxy.example']) {
      expect(unusableProxyVariable({ HTTPS_PROXY: url, http_proxy: url })).toBeUndefined()
    }
  })

  it('names a variable that is not a URL, has no scheme undici knows, or names no host', () => {
    expect(unusableProxyVariable({ HTTPS_PROXY: 'proxy.corp:3128' })).toBe('HTTPS_PROXY')
    expect(unusableProxyVariable({ https_proxy: 'not a url' })).toBe('https_proxy')
    expect(unusableProxyVariable({ HTTP_PROXY: 'ftp://proxy.example' })).toBe('HTTP_PROXY')
    expect(unusableProxyVariable({ http_proxy: 'socks5:///path' })).toBe('http_proxy')
    expect(unusableProxyVariable({ HTTPS_PROXY: 'http://proxy.example', HTTP_PROXY: 'nope' })).toBe('HTTP_PROXY')
  })

  it('reads each pair as undici does: the lowercase name when it is set at all, even empty', () => {
    expect(unusableProxyVariable({ https_proxy: 'http://proxy.example', HTTPS_PROXY: 'nope' })).toBeUndefined()
    expect(unusableProxyVariable({ https_proxy: '', HTTPS_PROXY: 'nope' })).toBeUndefined()
    expect(unusableProxyVariable({ http_proxy: 'http://proxy.example', HTTP_PROXY: 'nope' })).toBeUndefined()
    expect(unusableProxyVariable({ https_proxy: 'nope', http_proxy: 'nope' })).toBe('https_proxy')
  })
})
