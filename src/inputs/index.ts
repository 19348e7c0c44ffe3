import { readAnalytics, type TrafficInputs } from './analytics.js'
import { readApi, type ApiInputs } from './api.js'
import { readChanges, type ChangesInputs } from './changes.js'
import { readCommitStatus, type CommitStatusInputs } from './commit-status.js'
import { readEdge, type EdgeInputs } from './edge.js'
import { readOrigin, type OriginInputs } from './origin.js'
import { readPurge, readTags, type PurgeInputs } from './purge.js'
import { reader, runnerSource, type InputSource } from './read.js'
import { checkErrors, warningsFor } from './rules.js'
import { readRun, workspaceOf, type RunInputs } from './run.js'
import { readSending, type SendingInputs } from './sending.js'
import { readSettings, type SettingsInputs } from './settings.js'
import { readZones, type ZoneInputs } from './zones.js'

/**
 * Everything the step was asked to do, validated: the groups of inputs, each declared and read in its own file
 * (src/inputs/<group>.ts), and the warnings they gave. Nothing after this module reads the raw inputs. The GitHub token
 * is not here: it travels inside `changes` and `commitStatus`, the places that use it.
 */
export type Inputs = Omit<ApiInputs, 'githubToken'> &
  ZoneInputs &
  TrafficInputs &
  PurgeInputs &
  ChangesInputs &
  SettingsInputs &
  EdgeInputs &
  SendingInputs &
  OriginInputs &
  CommitStatusInputs &
  RunInputs & {
    /** Things the user may want to change, found while reading the inputs; reported like every other warning. */
    readonly warnings: readonly string[]
  }

/**
 * Reads, masks and validates every input, group by group (the credentials first, so that no message can show them),
 * then the rules over several inputs (src/inputs/rules.ts). Throws InputError before any request is sent.
 */
export async function getInputs(source: InputSource = runnerSource): Promise<Inputs> {
  const read = reader(source)
  const { githubToken, ...api } = readApi(read)
  const zones = readZones(read)
  const traffic = readAnalytics(read)
  const workspace = workspaceOf(source)
  const { warnings: listWarnings, ...purge } = readPurge(read, workspace)
  const changes = readChanges(read, workspace, githubToken)
  const tags = readTags(read)
  const { warnings: settingsWarnings, ...settings } = await readSettings(read)
  const asked = { ...zones, ...purge, ...changes, tags, ...settings }
  // As always, a mistake in the combination is reported before the edge inputs and the numbers are read.
  checkErrors(asked)
  const edge = readEdge(read, api.apiUrl)
  const sending = readSending(read)
  const origin = readOrigin(read, changes.site !== undefined, changes.changes !== undefined)
  const commitStatus = readCommitStatus(read, githubToken)
  return {
    ...api,
    ...asked,
    ...traffic,
    ...edge,
    ...sending,
    ...origin,
    ...commitStatus,
    ...readRun(read, workspace),
    warnings: [...listWarnings, ...settingsWarnings, ...warningsFor({ ...asked, ...edge, ...origin })]
  }
}
