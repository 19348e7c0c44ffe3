import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { renderTables, replaceBetween } from '../../scripts/docs.ts'

const read = (name: string): string => readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8')

it('README input and output tables are the ones action.yml gives (npm run docs)', () => {
  const readme = read('README.md')
  const tables = renderTables(read('action.yml'))
  expect(replaceBetween(replaceBetween(readme, 'inputs', tables.inputs), 'outputs', tables.outputs)).toBe(readme)
})
