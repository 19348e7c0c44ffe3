// The shape of src/ that the code alone does not enforce: which modules may import which.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { checkout } from '../../support/mutation.js'
import { srcModules } from '../../support/source.js'

/** The source as written, also under `npm run mutation`, whose sandbox holds an instrumented copy of src/. */
const root = checkout

/** The modules a module imports (static, type-only and dynamic), as repository paths. */
function importsOf(module: { path: string; text: string }): string[] {
  const specifiers = [...module.text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) => match[1] as string)
  return specifiers.map((specifier) =>
    relative(root, resolve(root, dirname(module.path), specifier))
      .split('\\')
      .join('/')
      .replace(/\.js$/, '.ts')
  )
}

/** Whether `path` is the inputs: src/inputs/ (or the single file it was). */
const isInputs = (path: string): boolean => path === 'src/inputs.ts' || path.startsWith('src/inputs/')

/** main.ts and its phases (src/phases/): the run's orchestration, which reads the inputs and hands each domain its part. */
const isOrchestration = (path: string): boolean => path === 'src/main.ts' || path.startsWith('src/phases/')

/** The imports of the inputs from a module that is neither part of them nor the orchestration, which reads them. */
function importsOfInputsFromOutside(list: readonly { path: string; text: string }[]): string[] {
  return list
    .filter((module) => !isInputs(module.path) && !isOrchestration(module.path))
    .flatMap((module) =>
      importsOf(module)
        .filter(isInputs)
        .map((target) => `${module.path} imports ${target}`)
    )
}

describe('imports point from the inputs to the domains, never back', () => {
  it('no module outside src/inputs/ but main.ts and its phases imports the inputs', () => {
    expect(importsOfInputsFromOutside(srcModules)).toEqual([])
  })
  it('the check sees main.ts import them, and would see a domain module do it, however it imports', () => {
    expect(importsOf(srcModules.find((module) => module.path === 'src/main.ts') ?? { path: '', text: '' })).toContain('src/inputs/index.ts')
    expect(
      importsOfInputsFromOutside([
        { path: 'src/zones/resolve.ts', text: "import type { Inputs } from '../inputs/index.js'" },
        { path: 'src/changes/index.ts', text: "import { parseSiteDir } from '../inputs/changes.js'" },
        { path: 'src/report/index.ts', text: "const { getInputs } = await import('../inputs/index.js')" },
        { path: 'src/routing.ts', text: "import type { ChangeInputs } from './inputs.js'" },
        { path: 'src/inputs/zones.ts', text: "import { PLANS } from '../zones.js'" },
        { path: 'src/phases/zones.ts', text: "import type { Inputs } from '../inputs/index.js'" }
      ])
    ).toEqual([
      'src/zones/resolve.ts imports src/inputs/index.ts',
      'src/changes/index.ts imports src/inputs/changes.ts',
      'src/report/index.ts imports src/inputs/index.ts',
      'src/routing.ts imports src/inputs.ts'
    ])
  })
})

describe('InputError names the input as data', () => {
  const inputs = Object.keys((parse(readFileSync(join(root, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> }).inputs)
  /** Every `new InputError('name', message)` in src/: the name, and the message's first string as written. */
  const named = srcModules.flatMap((module) =>
    [...module.text.matchAll(/new InputError\(\s*'([^']*)',\s*(['`])((?:(?!\2).)*)/g)].map((match) => ({
      where: module.path,
      input: match[1] as string,
      message: match[3] as string
    }))
  )

  it('names inputs that action.yml declares, in errors whose message names them', () => {
    expect(named.length).toBeGreaterThan(30)
    for (const { where, input, message } of named) {
      expect(inputs, `${where}: ${message}`).toContain(input)
      expect(message, where).toContain(`"${input}"`)
    }
  })
})

/** Every file under test/unit/, as a path relative to it ('edge/freshness.test.ts'), with its text. */
const unitTests = readdirSync(join(root, 'test', 'unit'), { recursive: true, encoding: 'utf8' })
  .map((file) => file.split('\\').join('/'))
  .filter((file) => file.includes('.'))
  .map((file) => ({ path: file, text: readFileSync(join(root, 'test', 'unit', file), 'utf8') }))

/** The suites that test no one module (the README, the workflows, the bundle, the stand-in): test/unit/project/. */
const PROJECT = 'project/'

/**
 * The files under test/unit/ (outside project/) not named after a module of src/ that exists: the test of
 * src/<path>.ts is <path>.test.ts, an aspect of it <path>.<aspect>.test.ts, its properties <path>.property.test.ts.
 * Helpers shared by tests live in test/support/, so a file here that is no test is reported too.
 */
function misnamedTests(files: readonly string[], exists: (module: string) => boolean): string[] {
  return files
    .filter((file) => !file.startsWith(PROJECT))
    .filter((file) => {
      const named = /^((?:[a-z0-9-]+\/)*[a-z0-9-]+)(?:\.([a-z0-9-]+))?\.test\.ts$/.exec(file)
      if (named === null) return true
      const path = named[1] as string
      const aspect = named[2]
      return !exists(`src/${path}.ts`) && (aspect === undefined || !exists(`src/${path}.${aspect}.ts`))
    })
}

/** The imports of test/e2e/ from files under test/unit/, as 'file imports target' (repository paths). */
function importsOfE2e(files: readonly { path: string; text: string }[]): string[] {
  return files.flatMap((file) =>
    importsOf({ path: `test/unit/${file.path}`, text: file.text })
      .filter((target) => target.startsWith('test/e2e/'))
      .map((target) => `test/unit/${file.path} imports ${target}`)
  )
}

describe('the unit tests mirror src/', () => {
  const exists = (module: string): boolean => srcModules.some((found) => found.path === module)

  it('every file under test/unit/ but project/ is named after a module of src/ that exists', () => {
    expect(unitTests.length).toBeGreaterThan(80)
    expect(
      misnamedTests(
        unitTests.map((file) => file.path),
        exists
      )
    ).toEqual([])
  })

  it('the check reports a name that matches no module, a helper among the tests, and passes aspects and properties', () => {
    expect(
      misnamedTests(
        [
          'edge/freshness.test.ts',
          'http/pacer/index.simulation.test.ts',
          'run/result/index.property.test.ts',
          'inputs/index.test.ts',
          'project/readme.test.ts',
          'planning.test.ts',
          'edge-verdict.test.ts',
          'report/summary-sections.test.ts',
          'pacer/mode.test.ts',
          'http/nowhere.io.test.ts',
          'fixtures/inputs.ts',
          'edge/verdict.spec.ts'
        ],
        exists
      )
    ).toEqual([
      'planning.test.ts',
      'edge-verdict.test.ts',
      'report/summary-sections.test.ts',
      'pacer/mode.test.ts',
      'http/nowhere.io.test.ts',
      'fixtures/inputs.ts',
      'edge/verdict.spec.ts'
    ])
  })

  it('no file under test/unit/ imports from test/e2e/: what unit and e2e tests share is in test/support/', () => {
    // This file's own examples below are strings, not imports.
    expect(importsOfE2e(unitTests.filter((file) => file.path !== 'project/architecture.test.ts'))).toEqual([])
  })

  it('the check sees an import of test/e2e/ from any depth, static or dynamic', () => {
    expect(
      importsOfE2e([
        { path: 'main.test.ts', text: "import { parseOutputFile } from '../e2e/run-action.js'" },
        { path: 'inputs/index.test.ts', text: "const { actionInputs } = await import('../../e2e/run-action.js')" },
        { path: 'http/pacer/mode.test.ts', text: "import { standIn } from '../../../e2e/fixture.js'" },
        { path: 'report/index.test.ts', text: "import { parseOutputFile } from '../../support/run-action.js'" }
      ])
    ).toEqual([
      'test/unit/main.test.ts imports test/e2e/run-action.ts',
      'test/unit/inputs/index.test.ts imports test/e2e/run-action.ts',
      'test/unit/http/pacer/mode.test.ts imports test/e2e/fixture.ts'
    ])
  })
})

/** A folder of src/ as a room of the house ('src/edge/', 'src/http/pacer/'), or a module at the top ('src/main.ts'). */
const roomOf = (path: string): string => (path.split('/').length > 2 ? `${path.split('/').slice(0, 2).join('/')}/` : path)

/** The cycles of a graph (each once, from the first node the search meets it at), as 'a > b > a'. */
function cycles(edges: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = []
  const done = new Set<string>()
  const visit = (node: string, path: readonly string[]): void => {
    const at = path.indexOf(node)
    if (at !== -1) {
      found.push([...path.slice(at), node].join(' > '))
      return
    }
    if (done.has(node)) return
    for (const next of edges.get(node) ?? []) visit(next, [...path, node])
    done.add(node)
  }
  for (const node of [...edges.keys()].sort()) visit(node, [])
  return found
}

/** The imports among `list`, between modules, or between the rooms they are in (an import within a room left out). */
function importGraph(list: readonly { path: string; text: string }[], by: (path: string) => string): Map<string, string[]> {
  const edges = new Map<string, string[]>()
  for (const module of list) {
    const from = by(module.path)
    const targets = importsOf(module).filter((target) => target.startsWith('src/') && by(target) !== from)
    edges.set(from, [...new Set([...(edges.get(from) ?? []), ...targets.map(by)])].sort())
  }
  return edges
}

describe('imports form no cycle', () => {
  it('between the modules of src/, nor between its folders', () => {
    expect(cycles(importGraph(srcModules, (path) => path))).toEqual([])
    expect(cycles(importGraph(srcModules, roomOf))).toEqual([])
  })
  it('the check finds a cycle between modules, and one between folders that no two modules close', () => {
    const list = [
      { path: 'src/main.ts', text: "import { a } from './edge/a.js'" },
      { path: 'src/edge/a.ts', text: "import { b } from '../purge/b.js'" },
      { path: 'src/purge/b.ts', text: "import type { C } from '../edge/c.js'" },
      { path: 'src/edge/c.ts', text: "const { d } = await import('./d.js')" },
      { path: 'src/edge/d.ts', text: "import { c } from './c.js'" }
    ]
    expect(cycles(importGraph(list, (path) => path))).toEqual(['src/edge/c.ts > src/edge/d.ts > src/edge/c.ts'])
    expect(cycles(importGraph(list, roomOf))).toEqual(['src/edge/ > src/purge/ > src/edge/'])
  })
})
