// Why a body the edge or the origin sent cannot be compared with the deployed file, in a few words. Pure; no I/O: the
// content check (content.ts) and the origin's readiness (src/origin/readiness.ts) say it the same way.
import { sizeText } from '../text.js'
import type { BodyRead } from './fetch.js'

/** Why a body that was not hashed cannot be compared: too large, sent compressed, cut off, or not read. */
export function whyNotHashed(body: Exclude<BodyRead, { readonly kind: 'hashed' }>): string {
  if (body.kind === 'too large') return `larger than ${sizeText(body.limit)}`
  if (body.kind === 'encoded') return `sent with Content-Encoding ${body.encoding}`
  if (body.kind === 'failed') return `the body was cut off (${body.detail})`
  return 'the body was not read'
}
