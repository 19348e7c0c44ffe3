import type * as ChildProcess from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Cancelled } from '../../../src/cancel.js'
import { changedPaths, git, localDiff, parseNameStatus } from '../../../src/changes/git.js'
import { GitError } from '../../../src/errors.js'
import { registerSecret } from '../../../src/secrets/index.js'
import { git as runGit, makeHistory, type History } from '../../stand-in/git-repo.js'
import { testCancel } from '../../support/clock.js'

// Every git the module starts, counted: a cancelled run starts none.
const started = vi.hoisted((): string[][] => [])
vi.mock('node:child_process', async (importOriginal) => {
  const actual = await importOriginal<typeof ChildProcess>()
  const execFile = (...args: unknown[]): unknown => {
    started.push(args[1] as string[])
    return (actual.execFile as (...given: unknown[]) => unknown)(...args)
  }
  return { ...actual, execFile }
})

describe('parseNameStatus', () => {
  it('reads every status, renames and copies with both paths, any file name', () => {
    const output = [
      'M',
      'a.html',
      'A',
      'new file.html',
      'D',
      'gone\nline.html',
      'R087',
      'old.css',
      'new.css',
      'C100',
      'src.js',
      'copy.js',
      'T',
      'link',
      ''
    ].join('\0')
    expect(parseNameStatus(output)).toEqual([
      { status: 'M', path: 'a.html' },
      { status: 'A', path: 'new file.html' },
      { status: 'D', path: 'gone\nline.html' },
      { status: 'R', from: 'old.css', path: 'new.css' },
      { status: 'C', from: 'src.js', path: 'copy.js' },
      { status: 'T', path: 'link' }
    ])
  })
  it('reads an empty diff', () => {
    expect(parseNameStatus('')).toEqual([])
  })
})

describe('changedPaths', () => {
  it('counts added, modified and deleted files, both sides of a rename, and the new side of a copy', () => {
    const entries = parseNameStatus(['M', 'a', 'A', 'b', 'D', 'c', 'R090', 'd-old', 'd-new', 'C100', 'e', 'e-copy', ''].join('\0'))
    expect(changedPaths(entries)).toEqual(['a', 'b', 'c', 'd-old', 'd-new', 'e-copy'])
  })
  it('takes a rename without its old path for its new path alone, and each path once', () => {
    expect(
      changedPaths([
        { status: 'R', path: 'x' },
        { status: 'M', path: 'x' }
      ])
    ).toEqual(['x'])
  })
})

describe('git', () => {
  let history: History
  beforeAll(() => {
    history = makeHistory()
  })
  afterAll(() => history.remove())

  it('runs git with the environment it needs, and no input and no secret', async () => {
    const key = 'sk_live_gitEnvTestKey0123456789'
    const token = 'ghs_gitEnvTestToken000000000000000000'
    registerSecret(key)
    registerSecret(token)
    vi.stubEnv('INPUT_API-KEY', key)
    vi.stubEnv('INPUT_FILES', '/a.html')
    vi.stubEnv('CDN_API_KEY', key)
    vi.stubEnv('GITHUB_TOKEN', token)
    vi.stubEnv('GIT_CONFIG_SECRET', `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`)
    vi.stubEnv('GIT_AUTHOR_NAME', 'Runner')
    vi.stubEnv('HTTPS_PROXY', 'http://proxy.test:3128')
    vi.stubEnv('no_proxy', 'internal.test')
    vi.stubEnv('LC_ALL', 'C.UTF-8')
    try {
      // A shell alias runs with git's own environment: `env` prints it.
      const dump = await git(['-c', 'alias.dump-env=!env', 'dump-env'], history.clone('full'))
      const names = dump.split('\n').map((line) => line.slice(0, line.indexOf('=')))
      expect(names.filter((name) => name.toUpperCase().startsWith('INPUT_'))).toEqual([])
      expect(names).not.toContain('CDN_API_KEY')
      expect(names).not.toContain('GITHUB_TOKEN')
      expect(names).not.toContain('GIT_CONFIG_SECRET')
      expect(dump).not.toContain(key)
      expect(dump).not.toContain(token)
      expect(dump).toContain('\nGIT_TERMINAL_PROMPT=0\n')
      for (const line of ['GIT_AUTHOR_NAME=Runner', 'HTTPS_PROXY=http://proxy.test:3128', 'no_proxy=internal.test', 'LC_ALL=C.UTF-8'])
        expect(dump.split('\n')).toContain(line)
      // git puts its own folder in front of PATH for an alias.
      expect(
        dump
          .split('\n')
          .find((line) => line.startsWith('PATH='))
          ?.endsWith(process.env.PATH ?? '')
      ).toBe(true)
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it("gives git's standard output, however large", async () => {
    const repo = history.clone('full')
    writeFileSync(join(repo, 'big.txt'), 'x'.repeat(2 * 1024 * 1024))
    runGit(repo, 'add', 'big.txt')
    const blob = runGit(repo, 'hash-object', 'big.txt')
    expect(await git(['cat-file', 'blob', blob], repo)).toBe('x'.repeat(2 * 1024 * 1024))
  })

  it("fails with git's first error line, its credentials hidden", async () => {
    const repo = history.clone('full')
    const error = await git(['remote', 'get-url', 'nosuch'], repo).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(GitError)
    expect((error as GitError).message).toBe("git remote: error: No such remote 'nosuch'")
    const echoed = await git(['checkout', 'https://user:hunter2@example.com/x'], repo).catch((caught: unknown) => caught)
    expect(echoed).toBeInstanceOf(GitError)
    expect((echoed as GitError).message).toBe(
      "git checkout: error: pathspec 'https://***@example.com/x' did not match any file(s) known to git"
    )
  })

  it("takes the first line of git's errors that has text, without the spaces around it", async () => {
    const repo = history.clone('full')
    const error = await git(['-c', 'alias.fail=!f() { printf "  \\n  boom  \\n" >&2; exit 1; }; f', 'fail'], repo).catch(
      (caught: unknown) => caught
    )
    expect(error).toBeInstanceOf(GitError)
    expect((error as GitError).message).toBe('git -c: boom')
  })

  it('says how git failed when it wrote no error', async () => {
    const error = await git([], history.root).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(GitError)
    expect((error as GitError).message).toBe('git : Command failed: git')
  })

  it('says why git could not run when it wrote no error', async () => {
    const error = await git(['status'], join(history.root, 'no-such-folder')).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(GitError)
    expect((error as GitError).message).toBe('git status: spawn git ENOENT')
  })

  it('never waits for a password: git is told not to ask', async () => {
    const server = createServer((_, res) => res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const repo = history.clone('full')
      runGit(repo, 'remote', 'set-url', 'origin', `http://127.0.0.1:${(server.address() as AddressInfo).port}/repo.git`)
      const error = await git(['fetch', 'origin'], repo).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(GitError)
      expect((error as GitError).message).toContain('terminal prompts disabled')
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('starts nothing once the run is cancelled, and rejects with the cancel', async () => {
    const run = testCancel()
    run.cancel()
    started.length = 0
    const ran = git(['status'], history.root, run.signal)
    await expect(ran).rejects.toBe(run.reason)
    await expect(ran).rejects.toBeInstanceOf(Cancelled)
    expect(started).toEqual([])
  })

  it('ends git in flight at once when the run is cancelled, rejecting with the cancel rather than a GitError', async () => {
    const run = testCancel()
    // Reads its standard input, which never ends: only the cancel can end it.
    const ran = git(['hash-object', '--stdin'], history.clone('full'), run.signal)
    run.cancel()
    await expect(ran).rejects.toBe(run.reason)
    await expect(ran).rejects.toBeInstanceOf(Cancelled)
  })
})

describe('localDiff', () => {
  let history: History
  beforeAll(() => {
    history = makeHistory()
  })
  afterAll(() => history.remove())
  const second = (): string => history.commits[1] as string
  const third = (): string => history.commits[2] as string
  const fourth = (): string => history.commits[3] as string

  it('diffs two commits of the checkout: every change, both sides of a rename', async () => {
    const repo = history.clone('full')
    expect(await localDiff(second(), fourth(), repo)).toEqual({
      paths: [
        'README.md',
        'site/blog.html',
        'site/docs/guide.html',
        'site/docs/index.html',
        'site/gone.html',
        'site/new page.html',
        'site/old-name.css',
        'site/new-name.css',
        'src/build.ts'
      ],
      baseSha: second(),
      headSha: fourth(),
      how: 'the local checkout'
    })
  })

  it('takes refs, and gives the SHAs they stand for', async () => {
    const diff = await localDiff('v1.0.0', 'HEAD', history.clone('full'))
    expect([diff.baseSha, diff.headSha]).toEqual([second(), fourth()])
  })

  it('fetches a commit a shallow checkout lacks, alone', async () => {
    const repo = history.clone('shallow')
    const diff = await localDiff(third(), fourth(), repo)
    expect(diff).toEqual({
      paths: ['site/blog.html'],
      baseSha: third(),
      headSha: fourth(),
      how: 'the local checkout, after fetching the base commit alone (shallow checkout)'
    })
    expect(runGit(repo, 'rev-parse', '--is-shallow-repository')).toBe('true')
  })

  it('fetches both commits when the checkout has neither', async () => {
    const diff = await localDiff(second(), third(), history.clone('shallow'))
    expect(diff.how).toBe('the local checkout, after fetching the base and head commit alone (shallow checkout)')
    expect(diff.paths).toContain('site/gone.html')
  })

  it('fails when there is no repository', async () => {
    const error = await localDiff(second(), fourth(), history.root).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(GitError)
    expect((error as GitError).message).toMatch(/^git rev-parse: fatal: not a git repository/)
  })

  it('fails when origin does not have the commit', async () => {
    const error = await localDiff('no-such-ref', fourth(), history.clone('full')).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(GitError)
    expect((error as GitError).message).toBe("git fetch: fatal: couldn't find remote ref no-such-ref")
  })

  it('rejects with the cancel, not a GitError, once the run is cancelled, and starts no git', async () => {
    const run = testCancel()
    run.cancel()
    const repo = history.clone('shallow')
    started.length = 0
    const diff = localDiff(second(), fourth(), repo, run.signal)
    await expect(diff).rejects.toBe(run.reason)
    await expect(diff).rejects.toBeInstanceOf(Cancelled)
    expect(started).toEqual([])
  })

  it('fails when what origin gives for the ref is not a commit', async () => {
    const blob = runGit(history.origin, 'rev-parse', 'HEAD:README.md')
    runGit(history.origin, 'tag', 'a-file', blob)
    const error = await localDiff('a-file', fourth(), history.clone('shallow')).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(GitError)
    expect((error as GitError).message).toBe('git fetch: origin gave no commit for a-file')
  })
})
