// docs/development.md's "Where things live" is the map of the code a newcomer reads first: it names every file of src/,
// and everything it names exists. A file added, moved or removed without the map fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkout } from '../../support/mutation.js'

/** The source as written, also under `npm run mutation`, whose sandbox holds an instrumented copy of src/. */
const root = checkout

/** The section "Where things live" of a Markdown text: from its heading to the next heading of its level. */
function whereThingsLive(markdown: string): string {
  const start = markdown.indexOf('\n## Where things live\n')
  if (start === -1) throw new Error('docs/development.md has no section "## Where things live"')
  const end = markdown.indexOf('\n## ', start + 1)
  return markdown.slice(start, end === -1 ? undefined : end)
}

/** The text of each code span (`…`) in a text. */
const codeSpans = (text: string): string[] => [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] as string)

/** A path from the repository's root, as the map writes one: `src/…`, `test/…`, `scripts/…`. */
const fromRoot = (span: string): boolean => /^(?:src|test|scripts)\//.test(span) && !span.includes('<')

/** A module's name as a row writes it, relative to one of its places: `state.ts`, `result/index.ts`, `undici-files.d.ts`. */
const moduleName = (span: string): boolean => /^[\w./-]+\.ts$/.test(span) && !span.startsWith('.') && !span.startsWith('/')

/**
 * What the section names, read as the map is written: in a table row, the places in its last column (files and
 * folders, from the repository's root), and the modules its first column names, relative to one of those places (a
 * folder, or a file's folder); anywhere in the section, a path that starts with src/, test/ or scripts/. Each name comes
 * with the paths it may stand for; a name that stands for none that exists is reported by `missing`.
 */
function namesIn(section: string): { name: string; candidates: string[] }[] {
  const names: { name: string; candidates: string[] }[] = []
  for (const line of section.split('\n')) {
    const cells = line.startsWith('| ') ? line.split(' | ') : []
    if (cells.length < 2 || line.startsWith('|---') || line.startsWith('| responsibility |')) {
      for (const span of codeSpans(line).filter(fromRoot)) names.push({ name: span, candidates: [span.replace(/\/$/, '')] })
      continue
    }
    const lastColumn = codeSpans(cells.at(-1) ?? '')
    const places = lastColumn.filter((span) => fromRoot(span) || !moduleName(span))
    for (const place of places) names.push({ name: place, candidates: [place.replace(/\/$/, '')] })
    const folders = places.map((place) => (place.endsWith('/') ? place.replace(/\/$/, '') : posix.dirname(place)))
    for (const span of [...codeSpans(cells.slice(0, -1).join(' | ')), ...lastColumn.filter((span) => !places.includes(span))]) {
      if (fromRoot(span)) names.push({ name: span, candidates: [span.replace(/\/$/, '')] })
      else if (moduleName(span)) names.push({ name: span, candidates: [...new Set(folders.map((folder) => posix.join(folder, span)))] })
    }
  }
  return names
}

/** The names that stand for no path that exists. */
function missing(names: readonly { name: string; candidates: readonly string[] }[], exists: (path: string) => boolean): string[] {
  return names.filter(({ candidates }) => !candidates.some(exists)).map(({ name }) => name)
}

/** The files among `files` that no name stands for. */
function unnamed(files: readonly string[], names: readonly { candidates: readonly string[] }[]): string[] {
  const named = new Set(names.flatMap(({ candidates }) => candidates))
  return files.filter((file) => !named.has(file))
}

const section = whereThingsLive(readFileSync(join(root, 'docs', 'development.md'), 'utf8'))
const names = namesIn(section)
const srcFiles = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .map((file) => `src/${file.split('\\').join('/')}`)
  .filter((file) => file.endsWith('.ts'))
  .sort()

describe('docs/development.md, "Where things live"', () => {
  it('names every file of src/', () => {
    expect(srcFiles.length).toBeGreaterThan(100)
    expect(unnamed(srcFiles, names)).toEqual([])
  })
  it('names no file or folder that does not exist', () => {
    expect(names.length).toBeGreaterThan(150)
    expect(missing(names, (path) => existsSync(join(root, path)))).toEqual([])
  })
})

describe('the check of the map', () => {
  const map = [
    '# Development',
    '## Commands',
    '`src/commands.ts` is not in the section.',
    '## Where things live',
    'A recipe names `src/inputs/rules.ts`, `src/inputs/<group>.ts` and `GRACE_MS`.',
    '',
    '| responsibility | where |',
    '|---|---|',
    '| The run (`state.ts`, `result/index.ts`, the `Cancelled` reason), and `src/phases/report.ts`. | `src/run/`, `src/main.ts` |',
    '| The log (`secrets/index.ts`, `forms.ts`). | `src/log.ts`, `src/secrets/` |',
    '| The bundle. | `dist/` |',
    '| The phases. | `src/phases/` (`route.ts`) |',
    '## Performance',
    '`src/later.ts` is not in it either.'
  ].join('\n')

  it('reads the section alone, and refuses a document without it', () => {
    expect(whereThingsLive(map)).toMatch(/^\n## Where things live\n[^]*\| The phases\. \| `src\/phases\/` \(`route\.ts`\) \|$/)
    expect(() => whereThingsLive('# Development\n## Where things go\n')).toThrow(
      'docs/development.md has no section "## Where things live"'
    )
  })
  it('takes places from the last column, modules relative to them, and paths from the root anywhere', () => {
    expect(namesIn(whereThingsLive(map))).toEqual([
      { name: 'src/inputs/rules.ts', candidates: ['src/inputs/rules.ts'] },
      { name: 'src/run/', candidates: ['src/run'] },
      { name: 'src/main.ts', candidates: ['src/main.ts'] },
      { name: 'state.ts', candidates: ['src/run/state.ts', 'src/state.ts'] },
      { name: 'result/index.ts', candidates: ['src/run/result/index.ts', 'src/result/index.ts'] },
      { name: 'src/phases/report.ts', candidates: ['src/phases/report.ts'] },
      { name: 'src/log.ts', candidates: ['src/log.ts'] },
      { name: 'src/secrets/', candidates: ['src/secrets'] },
      { name: 'secrets/index.ts', candidates: ['src/secrets/index.ts', 'src/secrets/secrets/index.ts'] },
      { name: 'forms.ts', candidates: ['src/forms.ts', 'src/secrets/forms.ts'] },
      { name: 'dist/', candidates: ['dist'] },
      { name: 'src/phases/', candidates: ['src/phases'] },
      { name: 'route.ts', candidates: ['src/phases/route.ts'] }
    ])
  })
  it('reports a file of src/ no name stands for, and a name that stands for nothing that exists', () => {
    const read = namesIn(whereThingsLive(map))
    const tree = new Set([
      'src/run',
      'src/run/state.ts',
      'src/main.ts',
      'src/log.ts',
      'src/secrets',
      'src/secrets/index.ts',
      'dist',
      'src/phases'
    ])
    expect(missing(read, (path) => tree.has(path))).toEqual([
      'src/inputs/rules.ts',
      'result/index.ts',
      'src/phases/report.ts',
      'forms.ts',
      'route.ts'
    ])
    expect(unnamed(['src/main.ts', 'src/run/state.ts', 'src/run/errors.ts', 'src/secrets/index.ts', 'src/commands.ts'], read)).toEqual([
      'src/run/errors.ts',
      'src/commands.ts'
    ])
  })
})
