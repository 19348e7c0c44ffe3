import { readdirSync, readFileSync } from 'node:fs'
import { expect, it } from 'vitest'

const read = (path: string): string => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8')

it('dist/licenses.txt carries the license of every production dependency', () => {
  const licenses = read('dist/licenses.txt')
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version?: string; dev?: boolean }> }
  const production = Object.entries(lock.packages).filter(([path, entry]) => path.startsWith('node_modules/') && entry.dev !== true)
  expect(production.length).toBeGreaterThan(5)
  for (const [path, entry] of production) {
    expect(licenses).toContain(`${path.slice(path.lastIndexOf('node_modules/') + 13)}@${entry.version ?? '?'}\n`)
  }
})

it('dist/package.json marks the bundle as an ES module', () => {
  expect(JSON.parse(read('dist/package.json'))).toEqual({ type: 'module' })
})

it('the bundle is ASCII, its other characters written as escapes that mean the same', () => {
  const chunks = readdirSync(new URL('../../../dist/', import.meta.url)).filter((name) => name.endsWith('.js'))
  expect(chunks).toContain('index.js')
  for (const name of chunks) expect(read(`dist/${name}`), name).not.toMatch(/[\u0080-\uffff]/)
  // A message with a non-ASCII character still reads as written (the escape is in a string literal).
  expect(read('dist/index.js')).toContain('\\u2026 and ')
})

it('the bundle loads undici file by file and never its index (src/http/undici.ts), in no chunk', () => {
  // A message only undici's index.js holds (its request() wrapper): the index would load all of undici at start.
  const marker = 'Did you mean opts.client?'
  expect(readFileSync(new URL('../../../node_modules/undici/index.js', import.meta.url), 'utf8')).toContain(marker)
  const chunks = readdirSync(new URL('../../../dist/', import.meta.url)).filter((name) => name.endsWith('.js'))
  for (const name of chunks) expect(read(`dist/${name}`), name).not.toContain(marker)
})
