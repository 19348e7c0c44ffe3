import * as path from 'node:path'
import { readFlag } from './flags.js'
import type { InputSource, Reader } from './read.js'

/** How the step runs: dry-run, summary, and the workspace every relative path is read from. */
export interface RunInputs {
  /** Send nothing, fetch nothing from the edge: say what would be done. */
  readonly dryRun: boolean
  /** Write the job summary. */
  readonly summary: boolean
  /** Absolute path of the workspace (GITHUB_WORKSPACE, else the working directory). */
  readonly workspace: string
}

/** The workspace: GITHUB_WORKSPACE, else the working directory, as an absolute path. */
export const workspaceOf = (source: InputSource): string => path.resolve(source.env.GITHUB_WORKSPACE ?? process.cwd())

export function readRun(read: Reader, workspace: string): RunInputs {
  return { dryRun: readFlag(read, 'dry-run'), summary: readFlag(read, 'summary'), workspace }
}
