// The real software the real-software suite puts around the action: Varnish and Squid from Debian's
// packages, each started by the test on a free loopback port with its own folder for configuration,
// cache, logs and pid file (never the system's /etc or /var), and stopped by its process id. The
// packages' own services, if the install started them, listen on their usual ports and are never
// the ones the tests talk to: every address here is a port the test found free and gave the process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { accessSync, chmodSync, chownSync, constants, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'

/** Where Debian puts daemons: not on a non-root user's PATH. */
const SBIN = ['/usr/sbin', '/usr/local/sbin', '/sbin']

/** The packages that bring the binaries, for the message when one is missing. */
const INSTALL_HINT =
  'The real-software suite (npm run test:real) needs the Debian/Ubuntu packages varnish and squid (and openssl): ' +
  'sudo apt-get install -y varnish squid openssl, or run scripts/install-real-software.sh as root.'

/** How long a daemon may take to start or stop before the test gives up on it. */
const START_TIMEOUT_MS = 20_000
const STOP_TIMEOUT_MS = 10_000

/** A program the suite needs is not installed. */
export class MissingSoftwareError extends Error {
  constructor(program: string, looked: readonly string[]) {
    super(`${program} was not found (looked in ${looked.join(', ')}). ${INSTALL_HINT}`)
    this.name = 'MissingSoftwareError'
  }
}

/** The absolute path of an installed program, searched on PATH and in the sbin folders; throws MissingSoftwareError. */
export function findProgram(program: string, path: string = process.env.PATH ?? ''): string {
  const folders = [...new Set([...path.split(delimiter).filter(Boolean), ...SBIN])]
  for (const folder of folders) {
    const candidate = join(folder, program)
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // Not in this folder.
    }
  }
  throw new MissingSoftwareError(program, folders)
}

/** A loopback port nothing listens on now: bound to port 0, then released for the daemon to take. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

const isRoot = (): boolean => process.getuid?.() === 0

/** The uid and gid of a system user, from /etc/passwd; undefined when there is none. */
function systemUser(name: string): { uid: number; gid: number } | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`))
  const fields = line?.split(':')
  return fields === undefined ? undefined : { uid: Number(fields[2]), gid: Number(fields[3]) }
}

/** Every process the suite started and has not seen end: killed if the test process exits without stopping them. */
const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `ready` every 50 ms until it is true; rejects when the process ends first or the time runs out. */
async function awaitReady(child: ChildProcess, what: string, ready: () => boolean, diagnostics: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (!ready()) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} stopped before it was ready (exit ${child.exitCode ?? child.signalCode}):\n${diagnostics()}`)
    if (Date.now() > deadline) throw new Error(`${what} was not ready after ${START_TIMEOUT_MS / 1000} s:\n${diagnostics()}`)
    await sleep(50)
  }
}

/** Ends a process the suite started, by its id: SIGTERM, then SIGKILL if it has not ended in time. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    process.kill(child.pid as number, 'SIGTERM')
    const timer = setTimeout(
      () => child.exitCode === null && child.signalCode === null && process.kill(child.pid as number, 'SIGKILL'),
      STOP_TIMEOUT_MS
    )
    await ended
    clearTimeout(timer)
  }
  running.delete(child)
}

function startProcess(program: string, args: readonly string[]): { child: ChildProcess; output: () => string } {
  const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  child.once('exit', () => running.delete(child))
  let output = ''
  const keep = (chunk: Buffer): void => {
    // Enough to say why a start failed; a daemon that talks on is not kept in memory for ever.
    if (output.length < 64 * 1024) output += chunk.toString()
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return { child, output: () => output }
}

/** Sends one request to the cache as a proxy (the absolute URL in the request line); resolves with the status and headers. */
export function proxyRequest(
  proxyPort: number,
  method: string,
  url: string,
  headers: Record<string, string> = {}
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url)
    const req = request(
      { host: '127.0.0.1', port: proxyPort, method, path: url, headers: { host: target.host, ...headers }, agent: false },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
        res.on('error', reject)
      }
    )
    req.on('error', reject)
    req.end()
  })
}

/** A cache the test started, used as the edge: the bundle reaches it as HTTP_PROXY. */
export interface Cache {
  readonly kind: 'varnish' | 'squid'
  /** Its address, for HTTP_PROXY / HTTPS_PROXY. */
  readonly url: string
  readonly port: number
  /** Its own folder: configuration, working directory, logs. */
  readonly dir: string
  readonly pid: number
  /** Sends `PURGE <url>` to it, as a CDN's purge would reach its edge; resolves with the status it answered. */
  purge(url: string): Promise<number>
  /** Requests it has served from its cache so far. */
  hits(): number | Promise<number>
  /** Stops it by its process id and removes its folder (also when it already ended). */
  stop(): Promise<void>
}

/** Where a cache used as the edge fetches what it does not have: the loopback origin. */
export interface OriginAddress {
  readonly port: number
}

export interface VarnishOptions {
  /**
   * Strip the query string from every request before it is looked up or sent on, as a CDN set to ignore
   * query strings does: `?anything` is then the same copy as the URL without it.
   */
  readonly ignoreQuery?: boolean
}

export interface VarnishCache extends Cache {
  /** Requests it has received from clients so far (MAIN.client_req), PURGE included. */
  requests(): number
}

/**
 * Varnish as the edge: every request it receives, whatever its host, goes to the origin; `PURGE` from
 * loopback removes the URL (host and path, as Varnish hashes it). Varnish reads the absolute URL of a
 * proxy request as the host and path, so it serves as a forward proxy with no more configuration.
 */
export async function startVarnish(origin: OriginAddress, options: VarnishOptions = {}): Promise<VarnishCache> {
  const varnishd = findProgram('varnishd')
  const varnishstat = findProgram('varnishstat')
  const dir = mkdtempSync(join(tmpdir(), 'cdn-purge-varnish-'))
  // Run as root, varnishd reads the VCL as its unprivileged user: the folder must be readable by it.
  chmodSync(dir, 0o755)
  const port = await freePort()
  const vcl = join(dir, 'edge.vcl')
  writeFileSync(
    vcl,
    `vcl 4.1;
backend origin { .host = "127.0.0.1"; .port = "${origin.port}"; }
acl purgers { "127.0.0.1"; }
sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) { return (synth(405, "PURGE only from loopback")); }
    return (purge);
  }
${options.ignoreQuery === true ? '  set req.url = regsub(req.url, "\\?.*$", "");\n' : ''}}
`
  )
  const workdir = join(dir, 'varnish')
  const { child, output } = startProcess(varnishd, ['-F', '-n', workdir, '-a', `127.0.0.1:${port}`, '-f', vcl, '-s', 'malloc,16m'])
  const stop = async (): Promise<void> => {
    await stopProcess(child)
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    // The manager says so once its child, which serves requests, has started.
    await awaitReady(child, `varnishd on 127.0.0.1:${port}`, () => /Child \(\d+\) said Child starts/.test(output()), output)
  } catch (error) {
    await stop()
    throw error
  }
  const counter = (name: string): number => {
    const stats = spawnSync(varnishstat, ['-n', workdir, '-1', '-f', name], { encoding: 'utf8' })
    const match = new RegExp(`^${name.replace('.', '\\.')}\\s+(\\d+)`, 'm').exec(stats.stdout)
    if (match === null) throw new Error(`varnishstat gave no ${name}: ${stats.stdout}${stats.stderr}`)
    return Number(match[1])
  }
  return {
    kind: 'varnish',
    url: `http://127.0.0.1:${port}`,
    port,
    dir,
    pid: child.pid as number,
    purge: async (url) => (await proxyRequest(port, 'PURGE', url)).status,
    hits: () => counter('MAIN.cache_hit'),
    requests: () => counter('MAIN.client_req'),
    stop
  }
}

/** Squid's access log with each request's headers, so that a test can see whatever reached it. */
const ACCESS_LOG_FORMAT = 'logformat withheaders %ts.%03tu %>a %Ss/%03>Hs %rm %ru %mt [%>h]'

/** The host of the requests that mark how far Squid's access log has got. */
const MARK_HOST = 'access-log-mark.invalid'

export interface SquidOptions {
  /** As the edge: what it does not have comes from this origin. Without it, a plain proxy that goes direct (CONNECT included). */
  readonly origin?: OriginAddress
  /** A disk cache (`cache_dir`) in its folder besides the memory cache; made with `squid -z` first. */
  readonly diskCache?: boolean
}

export interface SquidCache extends Cache {
  /**
   * The access log's lines for every transaction that ended before this call. Squid writes a line just
   * after the answer, so a mark is sent and awaited: every line before it is in (the marks are left out).
   */
  accessLog(): Promise<string[]>
  /** The name it gives itself in X-Cache and Via: unique to this instance. */
  readonly name: string
}

/**
 * Squid, in the foreground (-N) under a service name of its own (-n: its shared memory segments are
 * named after it, so two instances, or the system's, never meet). As the edge, every request goes to
 * the origin as its parent (`originserver`), whatever the host; `PURGE` is allowed from loopback.
 */
export async function startSquid(options: SquidOptions = {}): Promise<SquidCache> {
  const squid = findProgram('squid')
  const dir = mkdtempSync(join(tmpdir(), 'cdn-purge-squid-'))
  const port = await freePort()
  const name = `cdn-purge-test-${port}`
  const service = `cdnpurge${port}`
  const accessLog = join(dir, 'access.log')
  const cacheLog = join(dir, 'cache.log')
  const lines = [
    `http_port 127.0.0.1:${port}`,
    `visible_hostname ${name}`,
    `pid_filename ${join(dir, 'squid.pid')}`,
    ACCESS_LOG_FORMAT,
    `access_log stdio:${accessLog} withheaders`,
    `cache_log ${cacheLog}`,
    `coredump_dir ${dir}`,
    'cache_mem 16 MB',
    options.diskCache === true ? `cache_dir ufs ${join(dir, 'cache')} 16 4 4` : '',
    'pinger_enable off',
    'shutdown_lifetime 0 seconds',
    // Nothing of the test's traffic is resolved by name: the origin is a parent given by address.
    'dns_nameservers 127.0.0.1',
    'acl PURGE method PURGE',
    'http_access allow PURGE localhost',
    'http_access deny PURGE',
    'http_access allow localhost',
    'http_access deny all',
    ...(options.origin === undefined
      ? []
      : [
          `cache_peer 127.0.0.1 parent ${options.origin.port} 0 no-query originserver name=origin`,
          'cache_peer_access origin allow all',
          'never_direct allow all'
        ])
  ]
  // Squid refuses to run as root: as root it drops to the package's user (proxy), which must own the folder.
  const user = isRoot()
    ? ['proxy', 'nobody'].map((login) => ({ login, ids: systemUser(login) })).find((found) => found.ids !== undefined)
    : undefined
  if (user?.ids !== undefined) {
    lines.push(`cache_effective_user ${user.login}`)
    chownSync(dir, user.ids.uid, user.ids.gid)
  }
  const conf = join(dir, 'squid.conf')
  writeFileSync(conf, lines.filter(Boolean).join('\n') + '\n')

  const cleanUp = (): void => {
    rmSync(dir, { recursive: true, force: true })
    // A Squid that was killed leaves its shared memory segments behind; they are named after the service.
    for (const file of readdirSync('/dev/shm').filter((entry) => entry.startsWith(`${service}-`)))
      rmSync(join('/dev/shm', file), { force: true })
  }
  if (options.diskCache === true) {
    const made = spawnSync(squid, ['-n', service, '-N', '-z', '-f', conf], { encoding: 'utf8', timeout: START_TIMEOUT_MS })
    if (made.status !== 0) {
      const log = readIfThere(cacheLog)
      cleanUp()
      throw new Error(`squid -z failed (exit ${made.status}):\n${made.stdout}${made.stderr}${log}`)
    }
  }
  const { child, output } = startProcess(squid, ['-n', service, '-N', '-f', conf])
  const stop = async (): Promise<void> => {
    await stopProcess(child)
    cleanUp()
  }
  try {
    await awaitReady(
      child,
      `squid on 127.0.0.1:${port}`,
      () => readIfThere(cacheLog).includes(`Accepting HTTP Socket connections at`),
      () => output() + readIfThere(cacheLog)
    )
  } catch (error) {
    await stop()
    throw error
  }
  const readLog = (): string[] => readIfThere(accessLog).split('\n').filter(Boolean)
  let marks = 0
  const settledLog = async (): Promise<string[]> => {
    // A PURGE of a URL nobody cached: answered by Squid itself, never sent on.
    const mark = `http://${MARK_HOST}/${++marks}`
    await proxyRequest(port, 'PURGE', mark)
    const deadline = Date.now() + START_TIMEOUT_MS
    let lines = readLog()
    while (!lines.some((line) => line.includes(` PURGE ${mark} `))) {
      if (Date.now() > deadline) throw new Error(`Squid did not log ${mark} in ${START_TIMEOUT_MS / 1000} s`)
      await sleep(20)
      lines = readLog()
    }
    return lines.filter((line) => !line.includes(` PURGE http://${MARK_HOST}/`))
  }
  return {
    kind: 'squid',
    url: `http://127.0.0.1:${port}`,
    port,
    dir,
    name,
    pid: child.pid as number,
    purge: async (url) => (await proxyRequest(port, 'PURGE', url)).status,
    hits: () => readLog().filter((line) => / TCP_[A-Z_]*HIT\//.test(line)).length,
    accessLog: settledLog,
    stop
  }
}

function readIfThere(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}
