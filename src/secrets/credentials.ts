import { NO_HOST, parseEntry } from '../entry.js'
import { isWhitespace } from '../chars.js'

/** The credentials of URLs hidden, in an entry the URL parser reads and in any free text. */

/** What ends the text where a URL's credentials may stand: `/`, `\\`, `?`, `#`, whitespace, and the end (charCodeAt past it is NaN). */
const endsCredentials = (code: number): boolean =>
  Number.isNaN(code) || code === 0x2f || code === 0x5c || code === 0x3f || code === 0x23 || isWhitespace(code)

/**
 * The user and password of every URL in the text hidden (`https://user:token@host/…` → `https://***@host/…`),
 * for text the URL parser does not read (git's messages, a proxy's address in an error): what stands
 * where a URL's user name and password would,
 * after a `:` and any slashes, up to the last `@` before a `/`, `\`, `?`, `#` or whitespace, as `***@`.
 * Anywhere in the text, to hide too much rather than too little. A loop, not a pattern: each character
 * is looked at a bounded number of times, whatever the text (a pattern took quadratic time on `@` and colons).
 */
export function scrubCredentials(text: string): string {
  let out = ''
  let from = 0
  let next: number
  for (let colon = text.indexOf(':'); colon !== -1; colon = text.indexOf(':', next)) {
    let start = colon + 1
    // Past the end, text[start] is undefined, which stops this as well.
    while (text[start] === '/' || text[start] === '\\') start++
    let end = start
    let at = -1
    for (; !endsCredentials(text.charCodeAt(end)); end++) if (text[end] === '@') at = end
    if (at === -1) {
      out += text.slice(from, end)
      from = end
      // A colon inside the run has the same run after it, without an `@`: only the run's last character,
      // a colon that may start a URL of its own (`https:` before `//`), is looked at again.
      next = Math.max(end - 1, colon + 1)
    } else {
      out += `${text.slice(from, start)}***`
      from = next = at
    }
  }
  return out + text.slice(from)
}

/**
 * The entry with any user name and password in it replaced by `***` (`https://***@example.com/a`), and
 * any other entry as it is. Such an entry is refused, never sent; this is how it is kept where entries
 * are reported as written (outputs, the summary), and how any message shows it.
 */
export function hideCredentials(entry: string): string {
  // Credentials come only before an `@`: most entries have none, and need no parsing here.
  if (!entry.includes('@')) return entry
  const url = parseEntry(entry, NO_HOST)
  if (url === null) return scrubCredentials(entry)
  return url.username === '' && url.password === '' ? entry : `${url.protocol}//***@${url.host}${url.pathname}${url.search}${url.hash}`
}
