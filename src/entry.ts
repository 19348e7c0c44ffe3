// How the URL parser reads one entry of a URL list. Routing (urls.ts) and the hiding of credentials
// (secrets.ts) both read entries with it: an entry's credentials are hidden exactly where routing would find them.

/** A host no entry is on: where a path is read when only its credentials matter. */
export const NO_HOST = 'host.invalid'

/** An entry as the URL parser reads it: a path (starting with `/`) on `host`, anything else as an absolute URL; null when it is neither. */
export function parseEntry(entry: string, host: string): URL | null {
  return entry.startsWith('/') ? URL.parse(entry, `https://${host}/`) : URL.parse(entry)
}
