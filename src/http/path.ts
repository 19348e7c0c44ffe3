/** Values that cannot stand alone as a segment of a request path: a URL parser reads `.` and `..` as "this folder" and "the one above". */
const DOT_SEGMENTS = new Set(['', '.', '..'])

/** Whether `value` can be put into a request path as one segment (see `pathSegment`). */
export const isPathSegment = (value: string): boolean => !DOT_SEGMENTS.has(value)

/**
 * `value` as one segment of a request path (a zone id in /zones/{id}/purge): percent-encoded, so that
 * `/`, `?`, `#` and `%` stay inside the segment. `.` and `..` (and an empty value) are refused rather
 * than sent: the request would go to another path than the one asked for (`/zones/../purge` is `/purge`).
 * Callers check the values they are given first (the zone input, the zone list); this is the last guard.
 */
export function pathSegment(value: string): string {
  if (!isPathSegment(value)) throw new TypeError(`"${value}" cannot be a segment of a request path`)
  return encodeURIComponent(value)
}
