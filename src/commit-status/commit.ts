// Which commit the status goes on, and the run's page it links to. Pure: the change set and the environment in, no I/O.
import { GITHUB_SHA_WHY, type ChangeSet, type DeployedCommit } from '../changes/index.js'
import { isFullSha } from '../changes/github-records.js'
import { repositoryPage } from '../github.js'

/**
 * The commit the status goes on: the commit the change set deployed (the event's head for `changed-since: auto`, else
 * GITHUB_SHA), or GITHUB_SHA when nothing was compared (no change set, a manifest). Undefined when neither is a full SHA.
 */
export function statusCommit(changes: Pick<ChangeSet, 'commit'> | undefined, env: NodeJS.ProcessEnv): DeployedCommit | undefined {
  if (changes?.commit !== undefined) return changes.commit
  const sha = env.GITHUB_SHA
  return isFullSha(sha) ? { sha, why: GITHUB_SHA_WHY } : undefined
}

/**
 * The run's page, where its job summary is: `<server>/<owner>/<repo>/actions/runs/<id>/attempts/<attempt>`.
 * Undefined when a part is missing or is not what the runner sets (see repositoryPage; the id and attempt are numbers).
 */
export function runPage(env: NodeJS.ProcessEnv): string | undefined {
  const repository = repositoryPage(env)
  const id = /^\d+$/.exec(String(env.GITHUB_RUN_ID))?.[0]
  const attempt = /^\d+$/.exec(env.GITHUB_RUN_ATTEMPT || '1')?.[0]
  if (repository === undefined || id === undefined || attempt === undefined) return undefined
  return `${repository}/actions/runs/${id}/attempts/${attempt}`
}
