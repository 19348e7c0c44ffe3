// Certificates for tests that speak TLS: a test certificate authority the runner is told to trust
// (NODE_EXTRA_CA_CERTS) with a server certificate for loopback, and certificates it must not trust.
// Made with the system's `openssl`, fresh for each call, into a folder the caller owns and removes.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** A PEM file written to disk: its path (for NODE_EXTRA_CA_CERTS, squid, …) and its text (for node:https). */
export interface PemFile {
  path: string
  pem: string
}

/** A server's certificate and private key. */
export interface ServerCert {
  cert: PemFile
  key: PemFile
}

export interface TestCa {
  /** The folder every file was written to. */
  dir: string
  /** The CA to trust: pass `ca.path` as NODE_EXTRA_CA_CERTS. */
  ca: PemFile
  /** Signed by `ca`, for 127.0.0.1, ::1 and localhost (subjectAltName). */
  server: ServerCert
  /** A second CA that nobody is told to trust. */
  untrustedCa: PemFile
  /** Signed by `untrustedCa`, for the same names: UNABLE_TO_VERIFY_LEAF_SIGNATURE. */
  untrustedServer: ServerCert
  /** Signed by itself, for the same names: DEPTH_ZERO_SELF_SIGNED_CERT. */
  selfSigned: ServerCert
  /** Signed by the trusted `ca` but for another host name only: ERR_TLS_CERT_ALTNAME_INVALID. */
  wrongName: ServerCert
}

const LOOPBACK_NAMES = 'subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost'
const DAYS = '2'
/**
 * Every key an elliptic-curve key on P-256, which every TLS stack here speaks: openssl makes one in milliseconds, an
 * RSA key of 2,048 bits in 0.1–0.3 s, and a test CA makes six (1.9 s on a loaded machine, 0.23 s with these), which
 * made the one unit test that needs only the self-signed certificate among the slowest of a mutation run's initial run.
 */
const NEW_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1']

/** The system's openssl; on Windows, where there is no /usr/bin, the one on PATH (Git for Windows brings one). */
const OPENSSL = existsSync('/usr/bin/openssl') ? '/usr/bin/openssl' : 'openssl'

function openssl(args: string[]): void {
  execFileSync(OPENSSL, args, { stdio: ['ignore', 'ignore', 'pipe'] })
}

function read(path: string): PemFile {
  return { path, pem: readFileSync(path, 'utf8') }
}

function makeCa(dir: string, name: string): { cert: string; key: string } {
  const cert = join(dir, `${name}.pem`)
  const key = join(dir, `${name}-key.pem`)
  openssl([
    'req',
    '-x509',
    ...NEW_KEY,
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    DAYS,
    '-subj',
    `/CN=cdn-purge-action ${name}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign'
  ])
  return { cert, key }
}

function makeServer(dir: string, name: string, names: string, issuer: { cert: string; key: string } | undefined): ServerCert {
  const cert = join(dir, `${name}.pem`)
  const key = join(dir, `${name}-key.pem`)
  if (issuer === undefined) {
    openssl(['req', '-x509', ...NEW_KEY, '-nodes', '-keyout', key, '-out', cert, '-days', DAYS, '-subj', `/CN=${name}`, '-addext', names])
  } else {
    const csr = join(dir, `${name}.csr`)
    const ext = join(dir, `${name}.ext`)
    writeFileSync(ext, `${names}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`)
    openssl(['req', ...NEW_KEY, '-nodes', '-keyout', key, '-out', csr, '-subj', `/CN=${name}`])
    openssl([
      'x509',
      '-req',
      '-in',
      csr,
      '-CA',
      issuer.cert,
      '-CAkey',
      issuer.key,
      '-CAcreateserial',
      '-out',
      cert,
      '-days',
      DAYS,
      '-extfile',
      ext
    ])
  }
  return { cert: read(cert), key: read(key) }
}

/** Creates the test CA and the server certificates in `dir` (created if missing). Takes a fifth of a second or so. */
export function createTestCa(dir: string): TestCa {
  mkdirSync(dir, { recursive: true })
  const trusted = makeCa(dir, 'ca')
  const untrusted = makeCa(dir, 'untrusted-ca')
  return {
    dir,
    ca: read(trusted.cert),
    server: makeServer(dir, 'server', LOOPBACK_NAMES, trusted),
    untrustedCa: read(untrusted.cert),
    untrustedServer: makeServer(dir, 'untrusted-server', LOOPBACK_NAMES, untrusted),
    selfSigned: makeServer(dir, 'self-signed', LOOPBACK_NAMES, undefined),
    wrongName: makeServer(dir, 'wrong-name', 'subjectAltName=DNS:not-this-host.invalid', trusted)
  }
}
