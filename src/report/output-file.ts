// The step's outputs, written to GITHUB_OUTPUT in one append, in the runner's own format: what @actions/core's
// setOutput writes for one output (`name<<delimiter`, the value, the delimiter), for all of them at once. A
// step sets some 27 outputs; one write instead of 27 (each an open, a write and a close) is about a millisecond
// of a cold start. Without GITHUB_OUTPUT (a run outside a runner), each goes through core.setOutput as before.
import { randomUUID } from 'node:crypto'
import { appendFileSync, existsSync } from 'node:fs'
import { EOL } from 'node:os'
import * as core from '@actions/core'

/** An output's name and its text. */
export type Output = readonly [name: string, text: string]

/** An output that was not written, and why. */
export interface OutputFailure {
  readonly name: string
  readonly error: Error
}

export interface OutputFileOptions {
  readonly env?: Readonly<Record<string, string | undefined>>
  /** A new delimiter's unique part (a random UUID, as the runner's own toolkit uses). */
  readonly unique?: () => string
}

/** Writes every output. Never throws: each output not written is given back with its error. */
export function writeOutputs(outputs: readonly Output[], options: OutputFileOptions = {}): OutputFailure[] {
  const path = (options.env ?? process.env).GITHUB_OUTPUT
  const error = problem(() => {
    if (!path) return outputs.forEach(([name, text]) => core.setOutput(name, text))
    // The same check, and the same message, as @actions/core's file commands.
    if (!existsSync(path)) throw new Error(`Missing file at path: ${path}`)
    appendFileSync(path, fileCommands(outputs, options.unique ?? randomUUID))
  })
  return error === undefined ? [] : outputs.map(([name]) => ({ name, error }))
}

/** The outputs as the runner reads them, under one delimiter that none of them holds. */
export function fileCommands(outputs: readonly Output[], unique: () => string): string {
  let delimiter: string
  // A value holding the delimiter would end its output early: a new one is drawn (a random UUID never repeats in practice).
  do delimiter = `ghadelimiter_${unique()}`
  while (outputs.some(([name, text]) => name.includes(delimiter) || text.includes(delimiter)))
  return outputs.map(([name, text]) => `${name}<<${delimiter}${EOL}${text}${EOL}${delimiter}${EOL}`).join('')
}

/** What `write` threw, as an Error, or undefined. */
function problem(write: () => void): Error | undefined {
  try {
    write()
    return undefined
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error))
  }
}
