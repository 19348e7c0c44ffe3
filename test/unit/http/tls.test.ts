import { describe, expect, it } from 'vitest'
import { CERTIFICATE_CODES, certificateProblem } from '../../../src/http/tls.js'
import type * as Tls from '../../../src/http/tls.js'
import { loadAfresh } from '../../support/fresh.js'

/** The codes users meet most: a private or unknown CA, a self-signed certificate, an expired one, another host's. */
const MET_MOST = [
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID'
]

/**
 * Every code of a certificate the runner does not accept: OpenSSL's verification errors as Node names them (the
 * `code` of its TLS errors), and Node's own for a certificate that does not name the host.
 */
const EVERY_CODE = [
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_CHAIN_TOO_LONG',
  'CERT_REVOKED',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID'
]

const coded = (code: unknown, cause?: unknown): Error => Object.assign(new Error('failed', cause === undefined ? {} : { cause }), { code })

/** An error whose certificate code is `depth` causes down. */
const nested = (depth: number, code: string): Error => {
  let error = coded(code)
  for (let i = 0; i < depth; i++) error = coded('UND_ERR_PRX_TLS', error)
  return error
}

describe('certificateProblem', () => {
  it.each(MET_MOST)('names %s, on the error itself', (code) => {
    expect(certificateProblem(coded(code))).toBe(code)
  })

  it('names every code it lists, each a code as Node spells them', () => {
    expect(CERTIFICATE_CODES.size).toBeGreaterThan(MET_MOST.length)
    for (const code of CERTIFICATE_CODES) {
      expect(code).toMatch(/^[A-Z][A-Z_]+$/)
      expect(certificateProblem(coded(code))).toBe(code)
    }
  })

  it("finds the code on a cause, as undici wraps a proxy's TLS failure, up to four causes down", () => {
    expect(certificateProblem(nested(1, 'CERT_HAS_EXPIRED'))).toBe('CERT_HAS_EXPIRED')
    expect(certificateProblem(nested(4, 'SELF_SIGNED_CERT_IN_CHAIN'))).toBe('SELF_SIGNED_CERT_IN_CHAIN')
    expect(certificateProblem(nested(5, 'SELF_SIGNED_CERT_IN_CHAIN'))).toBeUndefined()
  })

  it('ends on a loop of causes', () => {
    const first = coded('ECONNRESET')
    first.cause = coded('EPIPE', first)
    expect(certificateProblem(first)).toBeUndefined()
  })

  it('is undefined for any other failure, whatever its shape', () => {
    expect(certificateProblem(coded('ECONNREFUSED'))).toBeUndefined()
    expect(certificateProblem(coded(20))).toBeUndefined()
    expect(certificateProblem(coded('cert_has_expired'))).toBeUndefined()
    expect(certificateProblem(new Error('CERT_HAS_EXPIRED'))).toBeUndefined()
    expect(certificateProblem('CERT_HAS_EXPIRED')).toBeUndefined()
    expect(certificateProblem(undefined)).toBeUndefined()
    expect(certificateProblem(null)).toBeUndefined()
    expect(certificateProblem({ cause: null })).toBeUndefined()
  })
})

// The module is loaded afresh within each test, which then covers the list of codes it makes as it loads (test/support/fresh.ts).
describe('the module as it loads', () => {
  it('names each code of a certificate the runner does not accept, on the error or a cause', async () => {
    const { certificateProblem: problem } = await loadAfresh<typeof Tls>('/src/http/tls.js')
    expect(EVERY_CODE.filter((code) => problem(coded(code)) !== code)).toEqual([])
    expect(EVERY_CODE.filter((code) => problem(nested(1, code)) !== code)).toEqual([])
  })

  it('lists only codes as Node spells them, and no empty one', async () => {
    const { CERTIFICATE_CODES: codes, certificateProblem: problem } = await loadAfresh<typeof Tls>('/src/http/tls.js')
    expect([...codes].filter((code) => !/^[A-Z][A-Z_]+$/.test(code))).toEqual([])
    expect(problem(coded(''))).toBeUndefined()
    expect(problem(coded('ECONNRESET'))).toBeUndefined()
  })
})
