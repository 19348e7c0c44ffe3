import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { standIn } from './fixture.js'

/** A forwarding HTTP proxy on loopback that records the absolute-form targets it was asked for. */
async function startProxy(): Promise<{ url: string; seen: string[]; server: Server }> {
  const seen: string[] = []
  const server = createServer((req, res) => {
    seen.push(`${req.method ?? ''} ${req.url ?? ''}`)
    const target = new URL(req.url ?? '')
    const upstream = request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server }
}

let proxy: Awaited<ReturnType<typeof startProxy>> | undefined
afterEach(async () => {
  proxy?.server.closeAllConnections()
  await new Promise((resolve) => proxy?.server.close(resolve))
})

describe('proxies (end to end)', () => {
  it('sends requests through HTTP_PROXY', async () => {
    proxy = await startProxy()
    const api = await standIn()
    const run = await api.run({ tags: 't' }, { env: { HTTP_PROXY: proxy.url } })
    expect(run.code).toBe(0)
    expect(proxy.seen).toEqual([`GET ${api.url}/zones?page=1&per_page=100`, `POST ${api.url}/zones/zone-example/purge`])
  })

  it('goes direct for hosts in NO_PROXY', async () => {
    proxy = await startProxy()
    const api = await standIn()
    const run = await api.run({ tags: 't' }, { env: { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' } })
    expect(run.code).toBe(0)
    expect(proxy.seen).toEqual([])
    expect(api.purges).toHaveLength(1)
  })
})
