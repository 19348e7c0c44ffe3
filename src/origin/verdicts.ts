// The verdicts of the wait for the origin, cheap to import: the report reads them without loading the checks.

/**
 * - `new`: the body is the deployed file (SHA-256), or holds the marker text.
 * - `gone`: a URL whose file the change deleted answered 404 or 410: as new as it gets.
 * - `old`: an answer, but not the new build (another body, another status, no marker).
 * - `from-cache`: through the edge, an answer a cache says it served (Age above 0, a hit): never new, whatever its bytes.
 * - `error`: no answer, a 5xx, or a body that could not be compared (too large, cut off, sent compressed).
 */
export type OriginVerdict = 'new' | 'gone' | 'old' | 'from-cache' | 'error'

/** A verdict that says the URL serves the new build. */
export const isNew = (verdict: OriginVerdict | null | undefined): boolean => verdict === 'new' || verdict === 'gone'
