import { readFile } from 'node:fs/promises'
import { InputError } from '../errors.js'
import { shown } from '../urls.js'
import { parseRepository, previousReleaseTag, type Release } from './github.js'

export interface AutoBase {
  readonly base: string
  /** Where the base came from, for the log and the summary. */
  readonly why: string
}

const ZERO_SHA = /^0+$/

/**
 * The base `changed-since: auto` stands for: a push's `before`, or the tag of the previous release.
 * Any other event needs an explicit ref.
 */
export async function autoBase(env: NodeJS.ProcessEnv, token: string): Promise<AutoBase> {
  const event = env.GITHUB_EVENT_NAME ?? ''
  const payload = await readPayload(env.GITHUB_EVENT_PATH)
  if (event === 'push') {
    const before = payload.before
    if (typeof before !== 'string' || before === '') throw new InputError('This push event has no "before" commit, so "changed-since: auto" has nothing to compare with. Set "changed-since" to a ref.')
    if (ZERO_SHA.test(before)) {
      throw new InputError(
        'This push created the branch (its "before" is 0000000…), so there is no earlier commit to compare with. ' +
          'Set "changed-since" to a ref for this case, e.g. "changed-since: main", or purge with "files" or "purge-everything".'
      )
    }
    return { base: before, why: 'the commit before this push' }
  }
  if (event === 'release') {
    const release = payload.release as Release | undefined
    if (release === undefined || typeof release.tag_name !== 'string') throw new InputError('This release event has no release in its payload, so "changed-since: auto" cannot find the previous one.')
    const tag = await previousReleaseTag(token, parseRepository(env.GITHUB_REPOSITORY), release)
    return { base: tag, why: `the release published before ${shown(release.tag_name)}` }
  }
  throw new InputError(
    `"changed-since: auto" works for push and release events; this run is a "${shown(event || 'unknown')}" event. Give a ref instead (a tag, branch or SHA), e.g. "changed-since: \${{ inputs.since }}".`
  )
}

async function readPayload(path: string | undefined): Promise<Record<string, unknown>> {
  if (!path) return {}
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>
  } catch (error) {
    throw new InputError(`Cannot read the event payload at GITHUB_EVENT_PATH (${shown((error as NodeJS.ErrnoException).code ?? String(error))}), which "changed-since: auto" needs.`)
  }
}
