import * as core from '@actions/core'
import { checkEntryLength } from '../text.js'

/** Where the inputs come from: the runner, or a test. */
export interface InputSource {
  /** The raw input as the runner passes it (`core.getInput`). */
  getInput(name: string): string
  readonly env: NodeJS.ProcessEnv
}

export const runnerSource: InputSource = {
  getInput: (name) => core.getInput(name),
  env: process.env
}

/** How the parsers read an input, in the three ways the inputs need. */
export interface Reader {
  /** As the runner gives it: for lists and texts that their parser splits and checks entry by entry. */
  text(name: string): string
  /** Trimmed and not checked: for credentials, which checkCredential checks without ever showing them. */
  credential(name: string): string
  /** Trimmed, and refused when longer than an entry may be, before any pattern or parser meets it. */
  value(name: string): string
  readonly env: NodeJS.ProcessEnv
}

export function reader(source: InputSource): Reader {
  const trimmed = (name: string): string => source.getInput(name).trim()
  return {
    text: (name) => source.getInput(name),
    credential: trimmed,
    value: (name) => {
      const value = trimmed(name)
      checkEntryLength(value, name)
      return value
    },
    env: source.env
  }
}
