import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { USER_AGENT, VERSION } from '../../src/version.js'

it('sends the version from package.json in the User-Agent', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  expect(VERSION).toBe(pkg.version)
  expect(USER_AGENT).toBe(`cdn-purge-action/${pkg.version}`)
})
