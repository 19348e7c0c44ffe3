// Text from outside the action (inputs, files, git, the GitHub API, the service's answers) is made safe
// here, for each place it can land: the log, one line of a message, a cut to a size. Pure; no I/O.

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

/**
 * At most `max` characters (UTF-16 units, as `length` counts them), with a note of how many were left out.
 * Never cuts a surrogate pair in two. Secrets must be redacted before, never after: a cut could leave part of one.
 */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text
  // A high surrogate as the last kept unit would be half a character: the cut goes before it.
  const head = text.slice(0, /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max)
  return `${head}… (${plural(text.length - head.length, 'more character')})`
}

/** Rough plural: `plural(1, 'URL')` = "1 URL", `plural(3, 'entry', 'entries')` = "3 entries". */
export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`

/** A size as people read it: 16777216 → "16 MiB", 1536 → "1.5 KiB", 100 → "100 bytes" (one decimal at most). */
export function sizeText(bytes: number): string {
  const units: [number, string][] = [
    [1024 * 1024 * 1024, 'GiB'],
    [1024 * 1024, 'MiB'],
    [1024, 'KiB']
  ]
  const [size, unit] = units.find(([size]) => bytes >= size) ?? [1, undefined]
  return unit === undefined ? plural(bytes, 'byte') : `${Math.round((bytes / size) * 10) / 10} ${unit}`
}

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
