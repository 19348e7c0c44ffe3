import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, posix } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { renderTables, replaceBetween } from '../../../scripts/docs.ts'

const read = (name: string): string => readFileSync(new URL(`../../../${name}`, import.meta.url), 'utf8')

/** The Markdown the project publishes: the README and the other top-level pages, and every page of docs/. */
const PAGES = [
  ...readdirSync(new URL('../../../', import.meta.url)).filter((name) => name.endsWith('.md')),
  ...readdirSync(new URL('../../../docs/', import.meta.url))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`)
].sort()

/** The text outside fenced code blocks (a fence's lines become empty, so line numbers stay). */
function prose(markdown: string): string {
  let fence: string | undefined
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1]
      if (fence === undefined && marker !== undefined) {
        fence = marker
        return ''
      }
      if (fence !== undefined) {
        if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined
        return ''
      }
      return line
    })
    .join('\n')
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2, … */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  for (const line of prose(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1]
    if (heading === undefined) continue
    const slug = heading
      .replace(/<[^>]*>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    result.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return result
}

/** The targets of the inline links of a page, outside code: `[text](target)`, text over several lines too. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown).replace(/`[^`\n]*`/g, '')
  return [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] as string)
}

/** The relative links of one page that lead nowhere: a missing file, or a heading the file does not have. */
function brokenLinks(page: string): string[] {
  const broken: string[] = []
  for (const target of linkTargets(read(page))) {
    if (/^[a-z][a-z\d+.-]*:/i.test(target)) continue // https:, mailto: …
    const [path = '', fragment] = target.split('#', 2)
    const file = path === '' ? page : posix.normalize(posix.join(dirname(page), decodeURIComponent(path)))
    if (file.startsWith('../') || !existsSync(new URL(`../../../${file}`, import.meta.url))) {
      broken.push(`${page}: ${target} (no file ${file})`)
      continue
    }
    if (fragment !== undefined && file.endsWith('.md') && !anchors(read(file)).has(decodeURIComponent(fragment))) {
      broken.push(`${page}: ${target} (no heading #${fragment} in ${file})`)
    }
  }
  return broken
}

it('README input and output tables are the ones action.yml gives (npm run docs)', () => {
  const readme = read('README.md')
  const tables = renderTables(read('action.yml'))
  expect(replaceBetween(replaceBetween(readme, 'inputs', tables.inputs), 'outputs', tables.outputs)).toBe(readme)
})

it('README documents every input and every output of action.yml, each in its table', () => {
  const readme = read('README.md')
  const action = parse(read('action.yml')) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> }
  const inputs = Object.keys(action.inputs)
  const outputs = Object.keys(action.outputs)
  expect(inputs.length).toBeGreaterThan(30)
  expect(outputs.length).toBeGreaterThan(15)
  const table = (marker: string): string =>
    readme.slice(readme.indexOf(`<!-- ${marker}:start -->`), readme.indexOf(`<!-- ${marker}:end -->`))
  for (const name of inputs) expect(table('inputs')).toContain(`| \`${name}\` |`)
  for (const name of outputs) expect(table('outputs')).toContain(`| \`${name}\` |`)
})

it('README stays a manual one reads through: 700 lines at most, details in docs/', () => {
  expect(read('README.md').split('\n').length - 1).toBeLessThanOrEqual(700)
})

describe('"Try it here first"', () => {
  const readme = read('README.md')

  it('is the first section of the README', () => {
    expect(/^## (.*)$/m.exec(readme)?.[1]).toBe('Try it here first')
  })

  it("holds exactly the commands .ci/run runs (comments aside), as .ci/run's own check reads them", () => {
    const section = readme.slice(readme.indexOf('## Try it here first'))
    const block = /^```sh\n([\s\S]*?)^```/m.exec(section.slice(0, section.indexOf('\n## ')))?.[1] ?? ''
    const written = block
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => line.replace(/\s*#.*$/, '').trimEnd())
    const ciRun = /^readme_commands=\(\n([\s\S]*?)^\)/m.exec(read('.ci/run'))?.[1] ?? ''
    const commands = [...ciRun.matchAll(/^\s+"(.*)"$/gm)].map((match) => match[1] as string)
    expect(commands).toEqual(["npx -y -p node@24 -c 'npm ci && npm run demo'", "npx -y -p node@24 -c 'npm test'"])
    expect(written).toEqual(commands)
  })
})

describe('links between the pages', () => {
  it('covers the README and every page of docs/', () => {
    expect(PAGES).toEqual(expect.arrayContaining(['README.md', 'docs/change-detection.md', 'docs/development.md', 'docs/verification.md']))
  })

  it.each(PAGES)('every relative link of %s leads to a file, and to a heading that file has', (page) => {
    expect(brokenLinks(page)).toEqual([])
  })

  it('reads headings as GitHub anchors them, and skips code', () => {
    const page =
      '# Title\n## `changed-since: auto`, event by event\n## Two deploys racing\n## Two deploys racing\n```markdown\n## Not a heading\n```\n'
    expect([...anchors(page)]).toEqual(['title', 'changed-since-auto-event-by-event', 'two-deploys-racing', 'two-deploys-racing-1'])
  })

  it('finds links over several lines and leaves out those in code', () => {
    const page = 'See [two deploys\nracing](docs/a.md#b), [x](https://e.test "t") and `[y](no.md)`.\n```\n[z](no.md)\n```\n'
    expect(linkTargets(page)).toEqual(['docs/a.md#b', 'https://e.test'])
  })
})
