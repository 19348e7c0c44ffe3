import { InputError } from '../errors.js'
import { shown } from '../text.js'
import { checkProxy } from './api.js'
import { baseUrl } from './changes.js'
import { readNumber } from './numbers.js'
import type { Reader } from './read.js'

/** Waiting for the origin to serve the new build before the purge: wait-for-origin, origin-url, origin-marker. */
export interface OriginInputs {
  readonly origin: OriginWaitInputs
}

/** What wait-for-origin waits for, and where it looks. */
export interface OriginWaitInputs {
  /** The longest wait in seconds; 0 = off. */
  readonly waitSeconds: number
  /** The origin's base URL, when given: the checks go there instead of through the edge. */
  readonly url: string | undefined
  /** `<URL or path> <text>`, as given: the entry is resolved on the zone once it is known. */
  readonly marker: { readonly entry: string; readonly text: string } | undefined
}

/**
 * Reads the three inputs. `siteDirGiven`: whether site-dir was given (its map tells a URL's deployed file); `changes`:
 * whether a change list (changed-since, previous-manifest) will know the deployed files. With nothing that could tell the
 * new build, wait-for-origin is an error here, before anything is fetched or sent.
 */
export function readOrigin(read: Reader, siteDirGiven: boolean, changes: boolean): OriginInputs {
  const waitSeconds = readNumber(read, 'wait-for-origin')
  const url = parseOriginUrl(read.value('origin-url'))
  const marker = parseOriginMarker(read.value('origin-marker'))
  if (waitSeconds > 0 && !siteDirGiven && !changes && marker === undefined) {
    throw new InputError(
      'wait-for-origin',
      'Input "wait-for-origin" has nothing to check: set "site-dir" to the folder of the built site (with "url-base" where it is not served at the zone\'s root), so that purged URLs map to the deployed files, or "origin-marker" to a page that names the new build.'
    )
  }
  checkProxy(waitSeconds > 0, read.env)
  return { origin: { waitSeconds, url, marker } }
}

/** `origin-url`: an absolute http(s) URL without credentials, query or fragment; undefined when empty. */
export function parseOriginUrl(value: string): string | undefined {
  if (value === '') return undefined
  const url = baseUrl(value)
  if (url === undefined) {
    throw new InputError(
      'origin-url',
      `Input "origin-url" must be the origin's base URL, http or https, without a user name, password, query or fragment, such as https://my-bucket.s3.eu-west-1.amazonaws.com/site; got "${shown(value)}".`
    )
  }
  return url.href
}

/**
 * `origin-marker`: `<URL or path> <text>`, the first whitespace between them; the URL absolute http(s) without
 * credentials, or a path starting with `/`; the text on the same line. Undefined when empty.
 */
export function parseOriginMarker(value: string): { entry: string; text: string } | undefined {
  if (value === '') return undefined
  const match = /^(\S+)[^\S\r\n]+([^\r\n]+)$/.exec(value)
  if (match === null || !isMarkerEntry(match[1] as string)) {
    throw new InputError(
      'origin-marker',
      `Input "origin-marker" must be a URL (absolute http or https, or a path starting with / on the zone), a space, and the text the new build's page holds, on one line, such as "/version.txt 1.4.2"; got "${shown(value)}".`
    )
  }
  return { entry: match[1] as string, text: match[2] as string }
}

/** A path on the zone, or an absolute http(s) URL without a user name or password. */
function isMarkerEntry(entry: string): boolean {
  if (entry.startsWith('/')) return true
  const url = URL.parse(entry)
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === ''
}
