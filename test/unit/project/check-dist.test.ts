// scripts/check-dist.sh, the dist check .ci/run runs after the build: a difference fails it, and so does
// not being able to look (a check that prints nothing because git failed must not pass).
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { needs, NO_CI_SHELL } from '../../support/platform.js'

const script = fileURLToPath(new URL('../../../scripts/check-dist.sh', import.meta.url))
const folders: string[] = []
beforeEach((context) => needs(context, NO_CI_SHELL))
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function folderWithDist(): string {
  const folder = mkdtempSync(join(tmpdir(), 'check-dist-'))
  folders.push(folder)
  mkdirSync(join(folder, 'dist'))
  writeFileSync(join(folder, 'dist', 'index.js'), 'built\n')
  return folder
}

const git = (cwd: string, ...args: string[]): void => {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, stdio: 'ignore' })
}

function committed(): string {
  const folder = folderWithDist()
  git(folder, 'init', '-q')
  git(folder, 'add', '.')
  git(folder, 'commit', '-qm', 'dist')
  return folder
}

/** bash by its full path, so that a PATH without git still starts it. */
const bash = process.platform === 'win32' ? 'bash' : execFileSync('bash', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim()
const check = (cwd: string, env: NodeJS.ProcessEnv = process.env) => spawnSync(bash, [script], { cwd, env, encoding: 'utf8' })

it('passes when dist/ is what is committed', () => {
  const run = check(committed())
  expect(run.status).toBe(0)
  expect(run.stdout).toBe('dist/ matches a clean build.\n')
})

it('fails on a changed file and on a file the build added', () => {
  const changed = committed()
  writeFileSync(join(changed, 'dist', 'index.js'), 'rebuilt\n')
  expect(check(changed).status).toBe(1)
  expect(check(changed).stderr).toContain("dist/ is not what the sources build: run 'npm run build' and commit dist/.")

  const added = committed()
  writeFileSync(join(added, 'dist', '12.index.js'), 'a new chunk\n')
  const run = check(added)
  expect(run.status).toBe(1)
  expect(run.stderr).toContain('dist/12.index.js')
})

it('fails outside a git checkout, where git status prints nothing', () => {
  const folder = folderWithDist()
  // No checkout above it either: GIT_CEILING_DIRECTORIES keeps git from finding one in a parent folder.
  const run = check(folder, { ...process.env, GIT_CEILING_DIRECTORIES: tmpdir() })
  expect(run.status).toBe(1)
  expect(run.stderr).toContain('is not a git checkout, so whether dist/ differs from a clean build cannot be told.')
  expect(run.stdout).toBe('')
})

it('fails when git is not installed', () => {
  const folder = committed()
  const run = check(folder, { ...process.env, PATH: join(folder, 'no-programs-here') })
  expect(run.error).toBeUndefined()
  expect(run.status).toBe(1)
  expect(run.stderr).toContain('git is not installed')
})
