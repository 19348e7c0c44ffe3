import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')

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
