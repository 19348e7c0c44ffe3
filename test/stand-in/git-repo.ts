// Real git repositories for the change-detection tests: an "origin" with a history that has adds,
// edits, deletes, a rename, a file with a space and files outside site/, and clones of it.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

export interface History {
  root: string
  origin: string
  /** SHA of each commit, oldest first. */
  commits: string[]
  /** Clones `origin` into a new folder: full, or shallow (depth 1) as actions/checkout does by default. */
  clone(kind: 'full' | 'shallow'): string
  remove(): void
}

export const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_DATE: '2026-11-01T10:00:00Z', GIT_COMMITTER_DATE: '2026-11-01T10:00:00Z' }
  }).trim()

function write(repo: string, files: Record<string, string | null>): void {
  for (const [path, text] of Object.entries(files)) {
    const full = join(repo, path)
    if (text === null) {
      rmSync(full)
    } else {
      mkdirSync(dirname(full), { recursive: true })
      writeFileSync(full, text)
    }
  }
}

/**
 * Commit 1: the site. Commit 2 (tagged v1.0.0): a page edited. Commit 3: an edit, an add with a space,
 * a delete, a rename, a changed docs index, and changes outside site/. Commit 4 (tagged v1.1.0): one more page.
 */
export function makeHistory(): History {
  const root = mkdtempSync(join(tmpdir(), 'cdn-purge-git-'))
  try {
    return historyIn(root)
  } catch (error) {
    // The caller gets no remove() to call: the half-made folder goes here.
    rmSync(root, { recursive: true, force: true })
    throw error
  }
}

function historyIn(root: string): History {
  const origin = join(root, 'origin')
  mkdirSync(origin)
  git(origin, 'init', '--quiet', '--initial-branch=main')
  git(origin, 'config', 'user.email', 'test@example.com')
  git(origin, 'config', 'user.name', 'Test')
  const commits: string[] = []
  const commit = (message: string, files: Record<string, string | null>, tag?: string): void => {
    write(origin, files)
    git(origin, 'add', '--all')
    git(origin, 'commit', '--quiet', '-m', message)
    if (tag) git(origin, 'tag', tag)
    commits.push(git(origin, 'rev-parse', 'HEAD'))
  }
  commit('site', {
    'site/index.html': 'home',
    'site/about.html': 'about',
    'site/docs/index.html': 'docs',
    'site/docs/guide.html': 'guide',
    'site/old-name.css': 'body { color: red }\n'.repeat(20),
    'site/gone.html': 'gone',
    'src/build.ts': 'build',
    'README.md': 'readme'
  })
  commit('edit about', { 'site/about.html': 'about v2' }, 'v1.0.0')
  commit('release work', {
    'site/docs/guide.html': 'guide v2',
    'site/new page.html': 'new',
    'site/gone.html': null,
    'site/old-name.css': null,
    'site/new-name.css': 'body { color: red }\n'.repeat(20),
    'site/docs/index.html': 'docs v2',
    'src/build.ts': 'build v2',
    'README.md': 'readme v2'
  })
  commit('blog', { 'site/blog.html': 'blog' }, 'v1.1.0')
  let clones = 0
  return {
    root,
    origin,
    commits,
    clone: (kind) => {
      const target = join(root, `clone-${++clones}`)
      // A file URL (file:///D:/… on Windows), so that --depth applies to a local origin as to a remote one.
      git(root, 'clone', '--quiet', ...(kind === 'shallow' ? ['--depth=1'] : []), pathToFileURL(origin).href, target)
      return target
    },
    remove: () => rmSync(root, { recursive: true, force: true })
  }
}
