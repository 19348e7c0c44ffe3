// Which few of many to look at: the edge checks (verify) and the wait for the origin pick their URLs the same way.
// Pure; no I/O.

/**
 * `count` items spread evenly over `items` (the middle of each of `count` equal slices), in their order;
 * all of them when there are no more than `count`.
 */
export function spreadEvenly<T>(items: readonly T[], count: number): T[] {
  // Stryker disable next-line EqualityOperator: with exactly `count` items, the slices take each of them once
  if (items.length <= count) return [...items]
  return Array.from({ length: count }, (_, i) => items[Math.floor(((2 * i + 1) * items.length) / (2 * count))] as T)
}
