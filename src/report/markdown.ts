/** Escapes text for a Markdown table cell or paragraph: no HTML, links or emphasis can come through. */
export function escapeMarkdown(text: string): string {
  return escapeHtml(text).replace(/[\\`*_{}[\]()#+!|~]/g, (char) => `\\${char}`).replace(/\r?\n/g, ' ')
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

const MAX_LISTED = 1000

/** A collapsed list; past MAX_LISTED entries the rest is counted, not listed (the summary is capped at 1 MiB). */
export function collapsedList(title: string, items: readonly string[], more: string): string {
  const shown = items.slice(0, MAX_LISTED).map(escapeHtml).join('\n')
  const rest = items.length > MAX_LISTED ? `\n… and ${items.length - MAX_LISTED} more (${more})` : ''
  return `<details><summary>${escapeHtml(title)}</summary>\n\n<pre>\n${shown}${escapeHtml(rest)}\n</pre>\n\n</details>\n`
}
