import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { USER_AGENT, VERSION } from '../../src/version.js'

const read = (name: string): string => readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8')
const pkg = JSON.parse(read('package.json')) as { version: string; repository: { url: string } }

it('sends the version from package.json in the User-Agent', () => {
  expect(VERSION).toBe(pkg.version)
  expect(USER_AGENT).toBe(`cdn-purge-action/${pkg.version}`)
})

it('action.yml names the same version and repository as package.json, in its opening comment', () => {
  const repository = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')
  expect(read('action.yml').split('\n')[0]).toBe(`# cdn-purge-action ${pkg.version} - ${repository}`)
})

it('CHANGELOG.md has an entry for this version', () => {
  expect(read('CHANGELOG.md')).toMatch(new RegExp(`^## \\[${pkg.version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'))
})
