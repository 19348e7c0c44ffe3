import { describe, expect, it } from 'vitest'
import { certificateProblem } from '../../src/http/tls.js'

/** Every code Node gives a certificate the runner does not accept, as listed in src/http/tls.ts. */
const CERTIFICATE_CODES = [
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
  it.each(CERTIFICATE_CODES)('names %s, on the error itself', (code) => {
    expect(certificateProblem(coded(code))).toBe(code)
  })

  it('finds the code on a cause, as undici wraps a proxy\'s TLS failure, up to four causes down', () => {
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
