// npm run docs: writes the README's input and output tables from action.yml, so the two never
// disagree. A unit test fails when the README's tables are not what this renders.
import { readFileSync, writeFileSync } from 'node:fs'
import { parse } from 'yaml'

interface ActionYaml {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>
  outputs: Record<string, { description: string }>
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

export function renderTables(actionYml: string): { inputs: string; outputs: string } {
  const action = parse(actionYml) as ActionYaml
  const inputs = [
    '| input | default | description |',
    '|---|---|---|',
    ...Object.entries(action.inputs).map(
      ([name, spec]) =>
        `| \`${name}\` | ${spec.required ? '**required**' : spec.default ? `\`${spec.default}\`` : "`''`"} | ${cell(spec.description)} |`
    )
  ].join('\n')
  const outputs = [
    '| output | description |',
    '|---|---|',
    ...Object.entries(action.outputs).map(([name, spec]) => `| \`${name}\` | ${cell(spec.description)} |`)
  ].join('\n')
  return { inputs, outputs }
}

/** `content` in place of what stands between the marker comments `<!-- marker:start -->` and `<!-- marker:end -->` of `file`'s text. */
export function replaceBetween(text: string, marker: string, content: string, file = 'README.md'): string {
  const start = `<!-- ${marker}:start -->`
  const end = `<!-- ${marker}:end -->`
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from < 0 || to < from) throw new Error(`${file} has no ${start} … ${end} block`)
  return `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`
}

if (import.meta.main) {
  const root = new URL('..', import.meta.url)
  const tables = renderTables(readFileSync(new URL('action.yml', root), 'utf8'))
  const readme = new URL('README.md', root)
  const updated = replaceBetween(replaceBetween(readFileSync(readme, 'utf8'), 'inputs', tables.inputs), 'outputs', tables.outputs)
  writeFileSync(readme, updated)
  console.log('README.md: input and output tables written from action.yml')
}
