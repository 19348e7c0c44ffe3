// docs/development.md, "Run the action on your machine": `npm run stand-in`, `cp .env.example .env`,
// `npm run local-action`. Both programs are run here as those scripts run them, against each other.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const children: ChildProcess[] = []
const folders: string[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

interface Program {
  child: ChildProcess
  output: () => string
  /** Resolves with the first match of `pattern` in stdout and stderr, as soon as it is printed. */
  waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>
  exit: Promise<number | null>
}

function start(args: string[], env: Record<string, string> = {}): Program {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let output = ''
  const waiting: { pattern: RegExp; resolve: (match: RegExpMatchArray) => void }[] = []
  const take = (chunk: Buffer): void => {
    output += chunk.toString('utf8')
    for (const wait of [...waiting]) {
      const match = wait.pattern.exec(output)
      if (match !== null) {
        waiting.splice(waiting.indexOf(wait), 1)
        wait.resolve(match)
      }
    }
  }
  child.stdout.on('data', take)
  child.stderr.on('data', take)
  const exit = new Promise<number | null>((resolve) => child.on('close', resolve))
  return {
    child,
    output: () => output,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const match = pattern.exec(output)
        if (match !== null) return resolve(match)
        waiting.push({ pattern, resolve })
        void exit.then(() => reject(new Error(`exited before printing ${pattern}:\n${output}`)))
      }),
    exit
  }
}

/** What `npx -y -p node@24 -c 'npm test'` leaves in the environment of every program it starts. */
const NPX_SETTINGS = { npm_config_call: 'npm test', npm_config_package: 'node@24', npm_config_yes: 'true' }

const standIn = (port: string): Program => start(['scripts/stand-in.ts'], { PORT: port })

it('npm run local-action runs src/main.ts with .env.example against npm run stand-in, and purges, also under an outer npx', async () => {
  const api = standIn('0')
  await api.waitFor(/Stop with Ctrl-C\.\n/)
  const url = /at (http:\/\/127\.0\.0\.1:\d+\/v1)\n/.exec(api.output())?.[1]
  expect(api.output()).toContain('api-key: test-key-5f2b8c1e9d7a')
  expect(api.output()).toContain('zones:   example.com (zn-7f3a), example.org (zn-91c2)')

  // .env.example as docs/development.md has it copied, with the port this stand-in got, and the summary and RUNNER_TEMP
  // (the project's .tmp/ there) in a temporary folder.
  const folder = mkdtempSync(join(tmpdir(), 'local-action-'))
  folders.push(folder)
  const summary = join(folder, 'summary.md')
  const example = readFileSync(join(root, '.env.example'), 'utf8')
  expect(example).toContain('INPUT_API-URL=http://127.0.0.1:8787/v1\n')
  expect(example).toContain('\nRUNNER_TEMP=.tmp\n')
  const env = example
    .replace('http://127.0.0.1:8787/v1', url as string)
    .replace(/^GITHUB_STEP_SUMMARY=.*$/m, `GITHUB_STEP_SUMMARY=${summary}`)
    .replace(/^RUNNER_TEMP=.*$/m, `RUNNER_TEMP=${folder}`)
  writeFileSync(join(folder, '.env'), env)

  // As `npm run local-action` runs it, and as a newcomer starts it through the README's `npx -y -p node@24 -c '…'`:
  // that npx's own settings are in the environment, whichever way this suite was started.
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
  expect(scripts['local-action']).toBe('node scripts/local-action.ts . src/main.ts .env')
  // RUNNER_TEMP is the test's folder by the .env file alone: the list of URLs not purged, written on every run, goes there
  // (without one, into the system's temporary folder, where it would stay).
  const action = start(['scripts/local-action.ts', '.', 'src/main.ts', join(folder, '.env')], { ...NPX_SETTINGS, RUNNER_TEMP: '' })
  expect(await action.exit, action.output()).toBe(0)
  expect(action.output()).toContain('::set-output name=purged-files::3')
  expect(action.output()).toContain('::set-output name=purged-tags::1')
  expect(action.output()).toContain('::set-output name=failed-files::[]')
  expect(action.output()).toContain(`::set-output name=failed-files-path::${join(folder, 'cdn-purge-')}`)
  expect(readFileSync(summary, 'utf8')).toContain('| URLs | purged 3 of 3 in 1 request |')

  await api.waitFor(/POST \/zones\/zn-7f3a\/purge \(1 tag\)\n/)
  expect(api.output()).toMatch(/\d\d:\d\d:\d\d GET \/zones\?page=1&per_page=100\n/)
  expect(api.output()).toMatch(/\d\d:\d\d:\d\d POST \/zones\/zn-7f3a\/purge \(3 URLs\)\n/)
  api.child.kill('SIGTERM')
  expect(await api.exit).toBe(0)
})

it('npm run stand-in takes the port PORT gives, and refuses a busy or bad one with a message', async () => {
  const api = standIn('0')
  const [, port] = await api.waitFor(/at http:\/\/127\.0\.0\.1:(\d+)\/v1\n/)

  const busy = standIn(port as string)
  expect(await busy.exit).toBe(1)
  expect(busy.output()).toBe(`Port ${port} on 127.0.0.1 is in use: stop what listens there, or start with PORT=<another port>.\n`)

  const bad = standIn('80a')
  expect(await bad.exit).toBe(1)
  expect(bad.output()).toBe('PORT must be a whole number from 0 to 65535 (0: any free port), got "80a".\n')
})
