import { MAX_CONTEXT_CHARS, type StatusTarget } from '../commit-status/target.js'
import { InputError } from '../errors.js'
import { shown } from '../text.js'
import type { Reader } from './read.js'

/** The commit status: commit-status (its context), posted with github-token. */
export interface CommitStatusInputs {
  /** Undefined when `commit-status` is empty: no status is posted. */
  readonly commitStatus: StatusTarget | undefined
}

/** Any control, format, private-use or unassigned character, or half a surrogate pair: what a label cannot show. */
const UNPRINTABLE = /\p{C}/u

export function readCommitStatus(read: Reader, githubToken: string): CommitStatusInputs {
  const context = read.value('commit-status')
  if (context === '') return { commitStatus: undefined }
  if ([...context].length > MAX_CONTEXT_CHARS || UNPRINTABLE.test(context)) {
    throw new InputError(
      'commit-status',
      `Input "commit-status" is the commit status's context, such as "cdn-purge" or "cdn-purge/production": at most ${MAX_CONTEXT_CHARS} printable characters, on one line; got "${shown(context)}".`
    )
  }
  if (githubToken === '') {
    throw new InputError(
      'github-token',
      'Input "github-token" is empty, and "commit-status" needs it to post the commit status. Leave it at its default (${{ github.token }}) with `permissions: statuses: write`, or pass a token.'
    )
  }
  return { commitStatus: { context, githubToken } }
}
