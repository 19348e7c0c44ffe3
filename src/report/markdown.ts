import { cut, oneLine } from '../text.js'

// Escaping for each place text lands in the job summary (GitHub-flavoured Markdown with HTML), and the
// size budget that keeps the summary under the runner's 1 MiB limit. Every text from outside the action
// goes through one of escapeText (Markdown: paragraphs, headings, table cells), code (an id, a path, a
// value) or escapeHtml (inside an HTML block: <pre>, <li>, <summary>).

/** The runner refuses a step summary over 1 MiB; this leaves room for what core adds. */
export const SUMMARY_LIMIT_BYTES = 1_000_000
/** Longest single text (a URL, an error) shown; the rest is cut with a note. */
export const MAX_TEXT_CHARS = 2_000
/** Most entries a list shows before "… and N more". */
export const MAX_LISTED = 1000

const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** For text inside an HTML block, where Markdown is not parsed: one line, HTML-escaped, cut. */
export function escapeHtml(text: string): string {
  return oneLine(cut(text, MAX_TEXT_CHARS)).replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] as string)
}

/**
 * For text in Markdown (a paragraph, a heading, a table cell): HTML-escaped, and every character that
 * Markdown or GitHub gives a meaning (emphasis, links, code, tables, strike-through, math, mentions) as a
 * numeric entity, which renders as the character itself. Backslash escapes are not used: they do not
 * work inside code. One line, so a table row cannot break.
 */
export function escapeText(text: string): string {
  return (
    oneLine(cut(text, MAX_TEXT_CHARS))
      .replace(/[&<>"'\\`*_{}[\]()#+!|~$@]/g, (char) => HTML_ENTITIES[char] ?? `&#${char.charCodeAt(0)};`)
      // No autolink either: a renderer that finds `http://` or `www.` in the source would take the entities
      // after it into the link as they are written.
      .replace(/:\/\//g, '&#58;//')
      .replace(/\b(www)\./gi, '$1&#46;')
  )
}

/** An id, path or value, shown as code. `<code>` rather than backticks: inside backticks no escape works. */
export function code(text: string): string {
  return `<code>${escapeText(text)}</code>`
}

/** A list to show collapsed: its entries, and where the whole list can be found when it is cut. */
export interface ListBlock {
  readonly title: string
  readonly items: readonly string[]
  /** Where the rest is, e.g. "see the failed-files output". */
  readonly more: string
  /** `pre`: one entry a line (URLs, paths, tags); `ul`: a list that wraps (messages). */
  readonly style: 'pre' | 'ul'
  /** Shown unfolded (`<details open>`): what a reader of a failed run came for. */
  readonly open?: boolean
}

const bytes = (text: string): number => Buffer.byteLength(text)

/**
 * A collapsed list (unfolded when the block says so) within `maxBytes`: at most MAX_LISTED entries, each cut to MAX_TEXT_CHARS, and as many as
 * fit; what is left out is counted with where to find it.
 */
export function collapsedList(block: ListBlock, maxBytes = Number.POSITIVE_INFINITY): string {
  const [open, close, before, after] = block.style === 'pre' ? ['<pre>', '</pre>', '', ''] : ['<ul>', '</ul>', '<li>', '</li>']
  const head = `<details${block.open === true ? ' open' : ''}><summary>${escapeHtml(block.title)}</summary>\n\n${open}\n`
  const note = (left: number): string => (left > 0 ? `${before}${escapeHtml(`… and ${left} more (${block.more})`)}${after}\n` : '')
  const tail = `${close}\n\n</details>\n`
  // Room for the longest possible note, so that the note itself never breaks the budget.
  let room = maxBytes - bytes(head) - bytes(tail) - bytes(note(block.items.length))
  const shown: string[] = []
  for (const item of block.items.slice(0, MAX_LISTED)) {
    const line = `${before}${escapeHtml(item)}${after}\n`
    room -= bytes(line)
    if (room < 0) break
    shown.push(line)
  }
  return `${head}${shown.join('')}${note(block.items.length - shown.length)}${tail}`
}

/**
 * Renders lists under one byte budget: each gets an equal share of what is left, and what a short list does
 * not use goes to the longer ones. Returns them in the order given.
 */
export function listsWithin(blocks: readonly ListBlock[], budget: number): string[] {
  const needs = blocks.map((block) => bytes(collapsedList(block)))
  const order = blocks.map((_, index) => index).sort((a, b) => (needs[a] as number) - (needs[b] as number))
  const rendered: string[] = []
  let left = Math.max(0, budget)
  order.forEach((index, position) => {
    const share = Math.floor(left / (order.length - position))
    const text =
      (needs[index] as number) <= share ? collapsedList(blocks[index] as ListBlock) : collapsedList(blocks[index] as ListBlock, share)
    rendered[index] = text
    left -= bytes(text)
  })
  return rendered
}

export { bytes as byteLength }

/** The former name of escapeText, kept for the traffic section. */
export const escapeMarkdown = escapeText
