import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import * as index from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as parts from '../../../src/http/undici.js'
import { loadAfresh } from '../../support/fresh.js'

const root = new URL('../../../', import.meta.url)

describe('the parts of undici the action loads are undici’s own', () => {
  it.each(['Agent', 'Dispatcher', 'EnvHttpProxyAgent', 'ProxyAgent'] as const)('%s is the class undici’s index gives', (name) => {
    expect(parts[name]).toBe(index[name])
  })

  it('gives every dispatcher request() without loading undici’s index, as the index would', () => {
    // A process of its own: this test file loads the index, which would hide a missing assignment.
    const script = [
      "import { createRequire } from 'node:module'",
      "const { Agent } = await import('./src/http/undici.ts')",
      "const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.endsWith('/undici/index.js'))",
      'console.log(JSON.stringify({ request: typeof new Agent().request, loaded }))'
    ].join(';')
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: fileURLToPath(root), encoding: 'utf8' })
    expect(JSON.parse(out)).toEqual({ request: 'function', loaded: [] })
  })

  it('gives every dispatcher request(), stream(), pipeline(), connect() and upgrade() as it loads, the index’s own', async () => {
    // In this process, as the test above cannot show to `npm run mutation`: this file has loaded the index, which gave
    // them already, so they are taken away for the time the module loads afresh, within the test (test/support/fresh.ts),
    // and must be back. Only the module loads again: undici's files come from the cache, the prototype is the same.
    const methods = ['request', 'stream', 'pipeline', 'connect', 'upgrade'] as const
    const prototype = index.Dispatcher.prototype as unknown as Record<string, unknown>
    const given = methods.map((name) => prototype[name])
    expect(given.map((method) => typeof method)).toEqual(methods.map(() => 'function'))
    for (const name of methods) Reflect.deleteProperty(prototype, name)
    try {
      const fresh = await loadAfresh<typeof parts>('/src/http/undici.js')
      const agent = new fresh.Agent() as unknown as Record<string, unknown>
      methods.forEach((name, i) => expect(agent[name], name).toBe(given[i]))
      await (agent as unknown as index.Agent).close()
    } finally {
      methods.forEach((name, i) => {
        prototype[name] = given[i]
      })
    }
  })
})

describe('request', () => {
  /** A mock dispatcher that answers `path` to `method` only: anything else is refused (no network). */
  const answering = (method: string, path: string, headers?: Record<string, string>): index.MockAgent => {
    const mock = new index.MockAgent()
    mock.disableNetConnect()
    mock
      .get('http://api.test:8080')
      .intercept({ method, path, ...(headers === undefined ? {} : { headers }) })
      .reply(200, 'answered')
    return mock
  }

  it('sends to the URL’s origin and path with its query, GET when neither a method nor a body is given', async () => {
    const response = await parts.request('http://api.test:8080/v1/zones?page=2', { dispatcher: answering('GET', '/v1/zones?page=2') })
    expect(await response.body.text()).toBe('answered')
  })

  it('sends a path without a query as the path alone', async () => {
    const response = await parts.request(new URL('http://api.test:8080/v1/zones'), { dispatcher: answering('GET', '/v1/zones') })
    expect(response.statusCode).toBe(200)
    await response.body.dump()
  })

  it('sends the method and headers given, and PUT for a body without a method, as undici’s request() does', async () => {
    const post = await parts.request('http://api.test:8080/purge', {
      dispatcher: answering('POST', '/purge', { authorization: 'Bearer k' }),
      method: 'POST',
      headers: { authorization: 'Bearer k' },
      body: '{}'
    })
    expect(post.statusCode).toBe(200)
    await post.body.dump()
    const put = await parts.request('http://api.test:8080/purge', { dispatcher: answering('PUT', '/purge'), body: '{}' })
    expect(put.statusCode).toBe(200)
    await put.body.dump()
  })

  it('refuses what is not an http(s) URL with undici’s own error, before sending', async () => {
    const mock = answering('GET', '/')
    expect(() => parts.request('ftp://api.test/x', { dispatcher: mock })).toThrow(index.errors.InvalidArgumentError)
    await mock.close()
  })
})

describe('fetch', () => {
  let server: Server
  let base: string
  beforeAll(async () => {
    server = createServer((req, res) => res.end(`fetched ${req.url ?? ''}`))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('fetches as undici’s fetch does, through the dispatcher given', async () => {
    const dispatcher = new parts.Agent()
    const response = await parts.fetch(`${base}/a?b=1`, { dispatcher })
    expect(response).toBeInstanceOf(index.Response)
    expect(await response.text()).toBe('fetched /a?b=1')
    await dispatcher.close()
  })

  it('fails as undici’s fetch does: a TypeError', async () => {
    const refused = await parts.fetch('http://127.0.0.1:1/').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TypeError)
    expect((refused as TypeError).message).toBe('fetch failed')
  })
})

/** Every file of a production dependency (package-lock.json, not dev) that imports undici, with the names it takes. */
function namesDependenciesImport(): Map<string, Set<string>> {
  const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as { packages: Record<string, { dev?: boolean }> }
  const found = new Map<string, Set<string>>()
  const visit = (dir: URL, relative: string): void => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules') continue
      const entry = new URL(name, dir)
      if (statSync(entry).isDirectory()) visit(new URL(`${name}/`, dir), `${relative}/${name}`)
      else if (/\.[cm]?js$/.test(name)) {
        const text = readFileSync(entry, 'utf8')
        const names = new Set<string>()
        for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]undici['"]/g))
          for (const part of match[1]!.split(',')) if (part.trim() !== '') names.add(part.trim().split(/\s+as\s+/)[0]!)
        const bound = [
          ...text.matchAll(/(\w+)\s*=\s*require\(\s*['"]undici['"]\s*\)/g),
          ...text.matchAll(/import\s*\*\s*as\s*(\w+)\s*from\s*['"]undici['"]/g)
        ]
        for (const [, variable] of bound) for (const use of text.matchAll(new RegExp(`\\b${variable}\\.(\\w+)`, 'g'))) names.add(use[1]!)
        if (/import\s+\w+\s*(,|from)\s*['"]undici['"]/.test(text)) names.add('default')
        if (names.size > 0 || /['"]undici['"]/.test(text.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '')))
          found.set(`${relative}/${name}`, names.size > 0 ? names : new Set(['(an import this test cannot read)']))
      }
    }
  }
  for (const [path, entry] of Object.entries(lock.packages))
    if (path.startsWith('node_modules/') && entry.dev !== true && !path.endsWith('/undici')) visit(new URL(`${path}/`, root), path)
  return found
}

it('exports every name a bundled dependency imports from undici (the build gives them this module)', () => {
  const imports = namesDependenciesImport()
  // @actions/core's and @actions/github's HTTP clients (ProxyAgent) and @actions/github (fetch), as of today.
  expect([...imports.values()].flatMap((names) => [...names])).toEqual(expect.arrayContaining(['ProxyAgent', 'fetch']))
  for (const [file, names] of imports) for (const name of names) expect(Object.keys(parts), `${file} imports ${name}`).toContain(name)
})
