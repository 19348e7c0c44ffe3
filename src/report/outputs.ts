/** The most one output may carry here: the runner limits what an output can hold, and a job's outputs in all. */
export const MAX_OUTPUT_BYTES = 512 * 1024

const bytes = (text: string): number => Buffer.byteLength(text)

/**
 * `value` as JSON in at most `maxBytes`: while it is too large, the longest list in it is halved (its first
 * half kept, so a cut list is still a prefix of the whole), and once no list is left to shorten, the longest
 * text is cut. `cut` says whether anything was left out.
 */
export function fitJson(value: unknown, maxBytes: number): { json: string; cut: boolean } {
  let json = JSON.stringify(value) ?? 'null'
  if (bytes(json) <= maxBytes) return { json, cut: false }
  if (Array.isArray(value)) return { json: longestPrefix(value, maxBytes), cut: true }
  let copy = JSON.parse(json) as unknown
  while (bytes(json) > maxBytes) {
    const list = longest(copy, (node): node is unknown[] => Array.isArray(node) && node.length > 0)
    if (list !== undefined) {
      list.node.length = Math.floor(list.node.length / 2)
    } else {
      const text = longest(copy, (node): node is string => typeof node === 'string')
      if (text === undefined || text.node === '') break
      copy = text.replace(text.node.slice(0, Math.floor(text.node.length / 2)))
    }
    json = JSON.stringify(copy)
  }
  return { json, cut: true }
}

interface Found<T> {
  readonly node: T
  /** Puts a new value where this one was; returns the (possibly new) root. */
  replace(value: T): unknown
}

/** The longest node (by length) that `accept` takes, anywhere in a JSON value; of equally long ones, the first in the JSON. */
function longest<T extends { length: number }>(root: unknown, accept: (node: unknown) => node is T): Found<T> | undefined {
  let best: Found<T> | undefined
  const visit = (node: unknown, replace: (value: T) => unknown): void => {
    if (accept(node) && (best === undefined || node.length > best.node.length)) best = { node, replace }
    // An array's keys are its indexes, in order.
    if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>
      for (const key of Object.keys(record)) visit(record[key], (value) => ((record[key] = value), root))
    }
  }
  visit(root, (value) => value)
  return best
}

/** The JSON of as many of the first items as fit in `maxBytes`. */
function longestPrefix(items: readonly unknown[], maxBytes: number): string {
  let used = 2
  const kept: string[] = []
  for (const item of items) {
    const text = JSON.stringify(item) ?? 'null'
    used += bytes(text) + (kept.length > 0 ? 1 : 0)
    if (used > maxBytes) break
    kept.push(text)
  }
  return `[${kept.join(',')}]`
}
