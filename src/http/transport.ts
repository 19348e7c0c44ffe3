import type { ResponseHeaders as Headers } from './headers.js'
import { certificateProblem } from './tls.js'
import { scrubCredentials } from '../secrets/credentials.js'
import { seconds } from '../text.js'

/** What one attempt came to when no answer could be read: a network failure, a timeout or a certificate refused. */

/** The outcome of one attempt: a response to judge (its body, or that it was too large), or a transport failure. */
export type AttemptResult =
  | { readonly kind: 'response'; readonly status: number; readonly text: string; readonly headers: Headers }
  | { readonly kind: 'too-large'; readonly status: number; readonly headers: Headers }
  | { readonly kind: 'network'; readonly detail: string }
  | { readonly kind: 'timeout'; readonly detail: string }
  /** The server's certificate was not accepted; `detail` is Node's code for why. */
  | { readonly kind: 'tls'; readonly detail: string }

/**
 * A proxy that would not open the tunnel, said as such: undici reports it as an abort
 * (`Proxy response (407) !== 200 when HTTP Tunneling`), which its code alone does not tell.
 */
const TUNNEL_REFUSED = /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling$/

/**
 * What a thrown attempt stands for. A timeout only when the error is the timeout signal's own abort:
 * a network error stays a network error (with its code) even if the timeout fired by the time it is seen.
 * A certificate the runner does not accept is its own kind, found on the error or its cause. Without a
 * code, the error's message, with any credentials of a URL in it (a proxy's `user:password@`) taken out.
 */
export function transportFailure(error: unknown, signal: AbortSignal, timeoutMs: number): AttemptResult {
  if (signal.aborted && error === signal.reason) return { kind: 'timeout', detail: seconds(timeoutMs) }
  const certificate = certificateProblem(error)
  if (certificate !== undefined) return { kind: 'tls', detail: certificate }
  const refused = error instanceof Error ? TUNNEL_REFUSED.exec(error.message) : null
  if (refused !== null) return { kind: 'network', detail: `the proxy refused the tunnel: HTTP ${refused[1]}` }
  const code = (error as { code?: unknown } | null | undefined)?.code
  return {
    kind: 'network',
    detail: typeof code === 'string' ? code : scrubCredentials(error instanceof Error ? error.message : String(error))
  }
}

/** What an attempt came to, for the debug log. */
export function outcomeOf(result: AttemptResult): number | string {
  switch (result.kind) {
    case 'response':
      return result.status
    case 'too-large':
      return `${result.status}, too large`
    case 'timeout':
      return 'timeout'
    case 'network':
      return result.detail
    case 'tls':
      return `certificate not trusted (${result.detail})`
  }
}

/** Why an attempt is tried again, for the log line that says so. */
export function retryReason(result: AttemptResult): string {
  if (result.kind === 'timeout') return 'timed out'
  return 'status' in result ? `HTTP ${result.status}` : `network error (${result.detail})`
}
