// The content check: is what the edge serves the file that was deployed? Compared by SHA-256, the file
// streamed from disk and the body streamed from the edge, so neither is ever held in memory.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import type { EdgeAnswer } from './fetch.js'

/**
 * `differs` is a warning, never a failure: a CDN may rewrite HTML (minify, inject scripts). `not compared`
 * says why (too large, no answer, not a 200, encoded, the file could not be read).
 */
export type ContentCheck =
  | { readonly result: 'same' }
  | { readonly result: 'differs' }
  | { readonly result: 'not compared'; readonly why: string }

/** SHA-256 (hex) of a file, read as a stream. Rejects when it cannot be read. */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) hash.update(chunk)
  return hash.digest('hex')
}

const mebibytes = (bytes: number): string => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`

/**
 * Compares the body of a 200 answer (fetched with BodyUse `hash`) with the deployed file, whose digest
 * `fileDigest` gives (so that it is read only when there is a body to compare it with).
 */
export async function checkContent(answer: EdgeAnswer, fileDigest: () => Promise<string>): Promise<ContentCheck> {
  const notCompared = (why: string): ContentCheck => ({ result: 'not compared', why })
  if (answer.kind !== 'response') return notCompared('no answer')
  if (answer.status !== 200) return notCompared(`HTTP ${answer.status}`)
  const body = answer.body
  if (body.kind === 'too large') return notCompared(`larger than ${mebibytes(body.limit)}`)
  if (body.kind === 'encoded') return notCompared(`sent with Content-Encoding ${body.encoding}`)
  if (body.kind === 'failed') return notCompared(`the body was cut off (${body.detail})`)
  if (body.kind !== 'hashed') return notCompared('the body was not read')
  let digest: string
  try {
    digest = await fileDigest()
  } catch (error) {
    const code = (error as { code?: unknown }).code
    return notCompared(`the deployed file could not be read (${typeof code === 'string' ? code : String(error)})`)
  }
  return { result: digest === body.sha256 ? 'same' : 'differs' }
}
