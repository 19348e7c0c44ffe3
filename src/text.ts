// Text from outside the action (inputs, files, git, the GitHub API, the service's answers) is made safe
// here, for each place it can land: the log, one line of a message, a cut to a size. Pure; no I/O.

import { isWhitespace } from './chars.js'
import { InputError } from './errors.js'
import { hideSecrets } from './secrets/index.js'

/** Every sequence that some reader takes for a line break: the runner (\r, \n), Unicode (NEL, LS, PS), form and line feeds. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g

/** C0 and C1 controls but tab and newline, and DEL: invisible, or terminal escapes (ANSI colours, cursor moves). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g

/** A line the runner would read as a workflow command: `::name::` after any leading whitespace. */
const COMMAND_LINE = /^(\s*)::/

const escapeControl = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`

/**
 * Text as it may be written to the log. Every line break becomes `\n`; control characters are shown as
 * `\uXXXX`; a line that would start a workflow command (`::`) gets a leading backslash, and the legacy
 * command marker `##[` becomes `##\[`, so that nothing the text holds is ever executed by the runner.
 */
export function forLog(text: string): string {
  return text
    .replace(LINE_BREAK, '\n')
    .replace(CONTROL, escapeControl)
    .split('\n')
    .map((line) => (COMMAND_LINE.test(line) ? `\\${line}` : line))
    .join('\n')
    .replaceAll('##[', '##\\[')
}

/** Text for a place that holds one line (a table cell, a title): line breaks become spaces, controls are shown. */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAK, ' ').replace(CONTROL, escapeControl)
}

/** Outside text a message quotes is cut to this many characters: one line of a message, not a copy of an input or an answer. */
export const QUOTE_LENGTH = 200

/** Whether a UTF-16 unit is the first half of a surrogate pair: a cut just after it would leave half a character. */
const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff

/**
 * The text's first `max` UTF-16 units (the whole text when it is no longer), one fewer when the last of
 * them is the first half of a surrogate pair: the one cut every other cut here is made with.
 */
export function head(text: string, max: number): string {
  if (text.length <= max) return text
  return text.slice(0, isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max)
}

/**
 * At most `max` characters (UTF-16 units, as `length` counts them), with a note of how many were left out
 * ("… (129,800 more characters)"). Never cuts a surrogate pair in two. Secrets must be redacted before,
 * never after: a cut could leave part of one. `total` is the length of the whole when `text` is already
 * only its start.
 */
export function cut(text: string, max: number, total = text.length): string {
  if (total <= max) return text
  const kept = head(text, max)
  const left = total - kept.length
  return `${kept}… (${thousands(left)} more ${forCount(left, 'character')})`
}

/** At most `max` characters and an ellipsis when there were more: for a server's words, where no count is wanted. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${head(text, max)}…`
}

/** A comma or whitespace: what separates the entries of a list input. */
const isSeparator = (code: number): boolean =>
  code === 0x2c || (code <= 0x20 ? code === 0x20 || (code >= 0x09 && code <= 0x0d) : code >= 0xa0 && isWhitespace(code))

/** The lines of a text: split at `\n`, without the `\r` before it, as `split(/\r?\n/)` gives them. */
export function lines(text: string): string[] {
  const out: string[] = []
  let start = 0
  for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
    // An empty line has `\n` (or nothing) before it, never `\r`: no guard is needed for it.
    out.push(text.slice(start, text.charCodeAt(end - 1) === 0x0d ? end - 1 : end))
    start = end + 1
  }
  out.push(text.slice(start))
  return out
}

/**
 * A line as runs of separators (commas and whitespace) and of the text between them, alternating and
 * starting and ending with text (empty when the line starts or ends with a separator): what
 * `split(/([\s,]+)/)` gives, by a loop that looks at each character once. Lists are split with it, so
 * that a pattern never meets more than one entry.
 */
export function separatedRuns(line: string): string[] {
  const runs: string[] = []
  let start = 0
  let inSeparators = false
  // Up to one past the end, where charCodeAt gives NaN, no separator: a line that ends with separators ends with an empty text.
  for (let i = 0; i <= line.length; i++) {
    if (isSeparator(line.charCodeAt(i)) === inSeparators) continue
    runs.push(line.slice(start, i))
    start = i
    inSeparators = !inSeparators
  }
  runs.push(line.slice(start))
  return runs
}

/**
 * `text` without the run of `char` it ends with. What `/c+$/` would do, in time linear in the text: that
 * pattern is tried at every character of a long run that something else follows, which takes quadratic time.
 */
export function trimTrailing(text: string, char: string): string {
  let end = text.length
  // text[-1] is undefined, never `char`: the loop stops at the start.
  while (text[end - 1] === char) end--
  return text.slice(0, end)
}

/** The word for a count: `forCount(1, 'URL')` = "URL", `forCount(3, 'is', 'are')` = "are". Also for the verb that agrees with it. */
export const forCount = (count: number, one: string, many = `${one}s`): string => (count === 1 ? one : many)

/** Rough plural: `plural(1, 'URL')` = "1 URL", `plural(3, 'entry', 'entries')` = "3 entries". */
export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${forCount(count, one, many)}`

/** The units sizes are written in, largest first. */
const BYTE_UNITS: readonly (readonly [number, string])[] = [
  [1024 * 1024 * 1024, 'GiB'],
  [1024 * 1024, 'MiB'],
  [1024, 'KiB']
]

/** A size in the largest unit `fits` accepts, to one decimal at most; in bytes when it accepts none. */
function sizeIn(bytes: number, fits: (bytes: number, unit: number) => boolean): string {
  const [size, unit] = BYTE_UNITS.find(([size]) => fits(bytes, size)) ?? [1, undefined]
  return unit === undefined ? plural(bytes, 'byte') : `${Math.round((bytes / size) * 10) / 10} ${unit}`
}

/** A size as people read it: 16777216 → "16 MiB", 1536 → "1.5 KiB", 100 → "100 bytes" (one decimal at most). */
export const sizeText = (bytes: number): string => sizeIn(bytes, (bytes, unit) => bytes >= unit)

/**
 * A limit as exactly as it was set: the largest unit that divides it (1048576 → "1 MiB", 1049600 →
 * "1025 KiB"), else bytes (1536 → "1536 bytes"). What "more than …" says of a limit, which a rounded
 * figure would misstate.
 */
export const exactSizeText = (bytes: number): string => sizeIn(bytes, (bytes, unit) => bytes > 0 && bytes % unit === 0)

/** How seconds are rounded: not at all, up, to the nearest, or to one decimal. */
export type Rounding = 'exact' | 'up' | 'nearest' | 'tenth'

/**
 * Milliseconds in seconds, as every message writes a duration: `seconds(30_000)` = "30 s" (a setting, as
 * given: 500 → "0.5 s"); 'up' for what is left of a wait (1 ms left is "1 s", never "0 s"); 'nearest' for a
 * rough figure; 'tenth' for a measured time (1234 → "1.2 s").
 */
export function seconds(ms: number, rounding: Rounding = 'exact'): string {
  const s = ms / 1000
  const shown = rounding === 'up' ? Math.ceil(s) : rounding === 'nearest' ? Math.round(s) : rounding === 'tenth' ? s.toFixed(1) : s
  return `${shown} s`
}

/** A measured time: "850 ms" under a second, else seconds to one decimal ("12.3 s"). */
export const duration = (ms: number): string => (ms < 1000 ? `${ms} ms` : seconds(ms, 'tenth'))

/**
 * 12345 → "12,345", as en-US writes it. Not toLocaleString or Intl: their first use loads the locale data,
 * which costs the step about 10 ms.
 */
export function thousands(value: number): string {
  const [whole, fraction] = String(Math.round(value * 1000) / 1000).split('.') as [string, string?]
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}

/** How long ago, as people say it: "45 s ago", "12 min ago", "2 h ago", "3 days ago"; "at an unknown time" for no date. */
export function ago(ms: number): string {
  if (!Number.isFinite(ms)) return 'at an unknown time'
  const s = Math.max(0, Math.round(ms / 1000))
  if (s < 90) return `${s} s ago`
  if (s < 90 * 60) return `${Math.round(s / 60)} min ago`
  if (s < 48 * 3600) return `${Math.round(s / 3600)} h ago`
  return `${Math.round(s / 86400)} days ago`
}

/**
 * The longest entry read (a URL, a path, a tag): 16 KiB. Real CDNs take URLs of a few kilobytes at most,
 * so a longer entry is a mistake or an attack, and it is refused before any pattern or parser meets it.
 */
export const MAX_ENTRY_CHARS = 16 * 1024

/**
 * Refuses an entry longer than MAX_ENTRY_CHARS, naming the input and the line it is on (counted from 1);
 * without a line, the entry is the input's whole value.
 */
export function checkEntryLength(entry: string, input: string, line?: number): void {
  if (entry.length <= MAX_ENTRY_CHARS) return
  const where = line === undefined ? `Input "${input}" is` : `Input "${input}", line ${thousands(line)}: an entry of`
  throw new InputError(
    input,
    `${where} ${thousands(entry.length)} characters ("${shown(entry)}"); at most ${thousands(MAX_ENTRY_CHARS)} are accepted for one value, URL, path or tag. Nothing was sent.`
  )
}

/**
 * Outside text (an entry, an input, a line of git's) as a message shows it: secrets and credentials hidden
 * (secrets.ts, `hideSecrets`), on one line, cut to QUOTE_LENGTH with a note of how much was left out. Only
 * its first MAX_ENTRY_CHARS are read: no pattern meets more of a text than an entry may hold, and the rest
 * would not be shown anyway.
 */
export function shown(text: string): string {
  const start = head(text, MAX_ENTRY_CHARS)
  const safe = oneLine(hideSecrets(start))
  return cut(safe, QUOTE_LENGTH, safe.length + text.length - start.length)
}
