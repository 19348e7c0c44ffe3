/** Whether a parsed JSON value (an API's answer, an event payload) is an object, not null and not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
