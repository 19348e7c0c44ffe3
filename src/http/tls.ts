/**
 * The codes Node gives a TLS connection whose certificate the runner does not accept: OpenSSL's verification
 * errors, and Node's own for a certificate that does not name the host. A certificate does not change between
 * attempts, so none of these is worth another.
 */
export const CERTIFICATE_CODES: ReadonlySet<string> = new Set([
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
])

const isCertificateCode = (code: unknown): code is string => (CERTIFICATE_CODES as ReadonlySet<unknown>).has(code)

/** How deep to look into `cause`: undici wraps a proxy's TLS failure once; a loop of causes must end. */
const MAX_CAUSES = 4

/** The code of a certificate the runner did not accept, on the error or one of its causes; undefined for any other failure. */
export function certificateProblem(error: unknown): string | undefined {
  let current = error
  for (let depth = 0; depth <= MAX_CAUSES && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code
    if (isCertificateCode(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
