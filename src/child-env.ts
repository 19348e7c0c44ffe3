import { holdsSecretText } from './secrets/index.js'

// The environment a child process (git) is started with: what it needs to run, find its configuration,
// reach the network the runner's way and speak the runner's language, and nothing else. The step's own
// environment holds every input (INPUT_*), the API key and the GitHub token: a child that leaks or logs its
// environment (a hook, a credential helper, a trace) must have none of them to leak.

/** Variables passed on by name, compared in upper case (Windows names are case-insensitive; proxy variables come in both cases). */
const PASSED = new Set([
  'PATH',
  'HOME',
  'TMPDIR',
  'RUNNER_TEMP',
  // Where git finds its global configuration.
  'XDG_CONFIG_HOME',
  // The runner's proxy settings, as git and its HTTP library read them.
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  // Certificates a self-hosted runner may add for its proxy.
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'LANG',
  'LANGUAGE',
  'TZ',
  'SSH_AUTH_SOCK',
  // What a program needs to start on Windows, and where it keeps its files there.
  'SYSTEMROOT',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
  'TEMP',
  'TMP',
  'USERPROFILE',
  'HOMEDRIVE',
  'HOMEPATH',
  'APPDATA',
  'LOCALAPPDATA'
])

/** Families passed on by prefix: git's own variables, and the locale's categories. */
const PASSED_PREFIXES = ['GIT_', 'LC_']

/** Whether a variable of this name is passed on (before its value is looked at): never an input (INPUT_*), as none is listed. */
export function isPassed(name: string): boolean {
  const upper = name.toUpperCase()
  return PASSED.has(upper) || PASSED_PREFIXES.some((prefix) => upper.startsWith(prefix))
}

/**
 * The environment for a child process: the variables it needs from `env` (see PASSED), none whose value
 * holds a secret in any spelling (a GIT_CONFIG_* header may carry the token in base64), and `extra` on top.
 */
export function childEnv(env: NodeJS.ProcessEnv, extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const passed: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && isPassed(name) && !holdsSecretText(value)) passed[name] = value
  }
  return { ...passed, ...extra }
}
