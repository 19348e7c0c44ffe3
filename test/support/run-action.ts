// Runs the bundle the way the runner does: `node dist/index.js` as a child process, every input
// declared in action.yml as INPUT_<NAME> (its default unless given), and real GITHUB_OUTPUT and
// GITHUB_STEP_SUMMARY files.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

const root = fileURLToPath(new URL('../..', import.meta.url))
const bundle = join(root, 'dist', 'index.js')

interface ActionYaml {
  inputs: Record<string, { default?: string }>
  outputs: Record<string, unknown>
}
const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as ActionYaml
export const actionInputs = action.inputs
export const actionOutputs = Object.keys(action.outputs)

/** What the runner would make of defaults that are expressions. */
export const EXPRESSION_DEFAULTS: Record<string, string> = { '${{ github.token }}': 'ghs_e2eTestToken0000000000000000000000' }

export interface ActionRun {
  code: number | null
  /** The signal that killed the process, when one did (null when it exited by itself). */
  signal: NodeJS.Signals | null
  /** performance.now() when the process ended: a test that sends signals measures from its own clock. */
  endedAt: number
  stdout: string
  stderr: string
  outputs: Record<string, string>
  summary: string
  /** The log with the runner's own `::add-mask::` commands left out (the runner does not print them). */
  log: string
  /** What the file that the failed-files-path output names holds, read before the run's folder is removed; '' when there is none. */
  failedFilesText: string
}

export interface RunOptions {
  env?: Record<string, string>
  /** Files to create in the workspace before the run. */
  files?: Record<string, string>
  /** Use this folder as GITHUB_WORKSPACE (kept afterwards) instead of a new empty one. */
  workspace?: string
  /** Called once the process is started, with it and its standard output so far: a test that cancels the run sends its signals from here. */
  onStart?: (child: ChildProcess, stdout: () => string) => void
}

export async function runAction(inputs: Record<string, string>, options: RunOptions = {}): Promise<ActionRun> {
  for (const name of Object.keys(inputs)) {
    if (!(name in actionInputs)) throw new Error(`Test passes input "${name}", which action.yml does not declare`)
  }
  const dir = mkdtempSync(join(tmpdir(), 'cdn-purge-e2e-'))
  const workspace = options.workspace ?? join(dir, 'workspace')
  const outputFile = join(dir, 'output')
  const summaryFile = join(dir, 'summary')
  try {
    writeFileSync(outputFile, '')
    writeFileSync(summaryFile, '')
    mkdirSync(workspace, { recursive: true })
    for (const [name, text] of Object.entries(options.files ?? {})) {
      mkdirSync(dirname(join(workspace, name)), { recursive: true })
      writeFileSync(join(workspace, name), text)
    }

    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_WORKSPACE: workspace,
      RUNNER_TEMP: dir
    }
    for (const [name, spec] of Object.entries(actionInputs)) {
      const fallback = spec.default ?? ''
      env[`INPUT_${name.toUpperCase()}`] = inputs[name] ?? EXPRESSION_DEFAULTS[fallback] ?? fallback
    }
    Object.assign(env, options.env)

    const child = spawn(process.execPath, [bundle], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    options.onStart?.(child, () => stdout)
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on('close', (exitCode, killedBy) => resolve([exitCode, killedBy]))
    )
    const endedAt = performance.now()
    const outputs = parseOutputFile(readFileSync(outputFile, 'utf8'))
    const failedFilesPath = outputs['failed-files-path'] ?? ''
    return {
      code,
      signal,
      endedAt,
      stdout,
      stderr,
      outputs,
      failedFilesText: failedFilesPath === '' ? '' : readFileSync(failedFilesPath, 'utf8'),
      summary: readFileSync(summaryFile, 'utf8'),
      log: stdout
        .split('\n')
        .filter((line) => !line.startsWith('::add-mask::'))
        .join('\n')
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Reads GITHUB_OUTPUT as the runner does: `name<<delimiter`, the lines up to the delimiter alone on a line. */
export function parseOutputFile(text: string): Record<string, string> {
  const lines = text.split(/\r?\n/)
  const outputs: Record<string, string> = {}
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string
    if (line === '') continue
    const match = /^([^<=]+)<<(.+)$/.exec(line)
    if (match === null) throw new Error(`not an output line: ${line}`)
    const [, name, delimiter] = match as unknown as [string, string, string]
    const value: string[] = []
    for (index++; lines[index] !== delimiter; index++) {
      if (index >= lines.length) throw new Error(`no closing delimiter for ${name}`)
      value.push(lines[index] as string)
    }
    outputs[name] = value.join('\n')
  }
  return outputs
}
