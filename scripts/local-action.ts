// `npm run local-action`: @github/local-action, started without the settings of an outer `npx -c`.
// npm reads every npm_config_* variable as a setting of its own, and local-action starts `npm exec tsx …`:
// under `npx -y -p node@24 -c 'npm run local-action'` that npm inherits npx's `call` and `package` and stops
// with EUSAGE before running anything. Those are the settings of one `npx` call, not the user's, so they go;
// every other variable (npm's CA and proxy settings among them) stays.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The settings that make one `npm exec`/`npx` call what it is. */
const EXEC_SETTINGS = /^npm_config_(?:call|package|yes)$/i

export function withoutExecSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !EXEC_SETTINGS.test(name)))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bin = fileURLToPath(new URL('../node_modules/@github/local-action/bin/local-action.js', import.meta.url))
  const run = spawnSync(process.execPath, [bin, ...process.argv.slice(2)], { stdio: 'inherit', env: withoutExecSettings(process.env) })
  if (run.error !== undefined) console.error(`Could not start local-action: ${run.error.message}. Run npm ci first.`)
  process.exit(run.status ?? 1)
}
