// The content check: is what the edge serves the file that was deployed? Compared by SHA-256, the file
// read from disk in pieces and the body streamed from the edge, so neither is ever held in memory.
import { fileSha256, UnsafeFileError } from '../files.js'
import { whyNotHashed } from './body.js'
import { MAX_HASHED_BYTES, type EdgeAnswer } from './fetch.js'

/**
 * `differs` is a warning, never a failure: a CDN may rewrite HTML (minify, inject scripts). `not compared`
 * says why (too large, no answer, not a 200, encoded, the file could not be read).
 */
export type ContentCheck =
  { readonly result: 'same' } | { readonly result: 'differs' } | { readonly result: 'not compared'; readonly why: string }

/**
 * SHA-256 (hex) of a deployed file: a regular file inside the workspace or RUNNER_TEMP of at most the
 * size of a body that is hashed (a larger one could never compare equal). A link to /dev/zero, a FIFO,
 * a folder or a file outside is refused (UnsafeFileError) without being read.
 */
export function deployedSha256(path: string, roots?: readonly string[]): Promise<string> {
  return fileSha256(path, { maxBytes: MAX_HASHED_BYTES, roots })
}

/**
 * Compares the body of a 200 answer (fetched with BodyUse `hash`) with the deployed file, whose digest
 * `fileDigest` gives (so that it is read only when there is a body to compare it with).
 */
export async function checkContent(answer: EdgeAnswer, fileDigest: () => Promise<string>): Promise<ContentCheck> {
  const notCompared = (why: string): ContentCheck => ({ result: 'not compared', why })
  if (answer.kind !== 'response') return notCompared('no answer')
  if (answer.status !== 200) return notCompared(`HTTP ${answer.status}`)
  const body = answer.body
  if (body.kind !== 'hashed') return notCompared(whyNotHashed(body))
  let digest: string
  try {
    digest = await fileDigest()
  } catch (error) {
    if (error instanceof UnsafeFileError) return notCompared(`the deployed file ${error.message}`)
    const code = (error as { code?: unknown }).code
    return notCompared(`the deployed file could not be read (${typeof code === 'string' ? code : String(error)})`)
  }
  return { result: digest === body.sha256 ? 'same' : 'differs' }
}
