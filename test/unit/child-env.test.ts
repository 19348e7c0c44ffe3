import { describe, expect, it, vi } from 'vitest'
import type * as ChildEnv from '../../src/child-env.js'

/** The module with its own secrets module, holding only these secrets. */
async function fresh(...secrets: string[]): Promise<typeof ChildEnv> {
  vi.resetModules()
  const { registerSecret } = await import('../../src/secrets/index.js')
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  for (const secret of secrets) registerSecret(secret)
  vi.restoreAllMocks()
  return import('../../src/child-env.js')
}

const KEY = 'sk_live_childEnvKey0123456789'
const TOKEN = 'ghs_childEnvToken00000000000000000000'

describe('childEnv', () => {
  it("passes what a child needs: PATH, HOME, git's variables, proxies in both cases, locale, TZ, the SSH agent, RUNNER_TEMP, Windows basics", async () => {
    const { childEnv } = await fresh(KEY, TOKEN)
    const needed = {
      PATH: '/usr/bin',
      HOME: '/home/runner',
      GIT_SSH_COMMAND: 'ssh -o BatchMode=yes',
      GIT_CONFIG_GLOBAL: '/home/runner/.gitconfig',
      HTTP_PROXY: 'http://proxy:3128',
      https_proxy: 'http://proxy:3128',
      NO_PROXY: 'localhost',
      no_proxy: 'localhost',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      TZ: 'UTC',
      SSH_AUTH_SOCK: '/tmp/agent.sock',
      RUNNER_TEMP: '/home/runner/work/_temp',
      SystemRoot: 'C:\\Windows',
      ComSpec: 'C:\\Windows\\system32\\cmd.exe',
      PATHEXT: '.COM;.EXE',
      TEMP: 'C:\\Temp',
      TMP: 'C:\\Temp',
      USERPROFILE: 'C:\\Users\\runner',
      APPDATA: 'C:\\Users\\runner\\AppData\\Roaming',
      Path: 'C:\\Windows',
      TMPDIR: '/tmp',
      XDG_CONFIG_HOME: '/home/runner/.config',
      ALL_PROXY: 'socks5://proxy:1080',
      SSL_CERT_FILE: '/etc/ssl/proxy.pem',
      SSL_CERT_DIR: '/etc/ssl/certs',
      LANGUAGE: 'en',
      WINDIR: 'C:\\Windows',
      HOMEDRIVE: 'C:',
      HOMEPATH: '\\Users\\runner',
      LOCALAPPDATA: 'C:\\Users\\runner\\AppData\\Local'
    }
    expect(childEnv(needed)).toEqual(needed)
  })

  it("passes no input, no credential variable, nothing else of the step's environment", async () => {
    const { childEnv } = await fresh(KEY, TOKEN)
    const env = childEnv({
      PATH: '/usr/bin',
      'INPUT_API-KEY': KEY,
      INPUT_FILES: '/a.html',
      'input_github-token': TOKEN,
      CDN_API_KEY: KEY,
      GITHUB_TOKEN: TOKEN,
      GITHUB_WORKSPACE: '/w',
      ACTIONS_RUNTIME_TOKEN: 'runtime',
      NODE_OPTIONS: '--require evil.js',
      HOME: undefined
    })
    expect(env).toEqual({ PATH: '/usr/bin' })
  })

  it('drops a passed variable whose value holds a secret in any spelling', async () => {
    const { childEnv } = await fresh(KEY, TOKEN)
    const env = childEnv({
      GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`,
      HTTPS_PROXY: `http://user:${encodeURIComponent(KEY)}@proxy:3128`,
      GIT_ASKPASS_TOKEN: TOKEN.slice(0, 20),
      GIT_DIR: '/repo/.git'
    })
    expect(env).toEqual({ GIT_DIR: '/repo/.git' })
  })

  it('sets the extra variables over the passed ones', async () => {
    const { childEnv } = await fresh()
    expect(childEnv({ PATH: '/bin', GIT_TERMINAL_PROMPT: '1' }, { GIT_TERMINAL_PROMPT: '0' })).toEqual({
      PATH: '/bin',
      GIT_TERMINAL_PROMPT: '0'
    })
  })
})
