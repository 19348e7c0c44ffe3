// Character classes read one UTF-16 unit at a time: below the text helpers and the secrets, which both use them.

/** Whether a UTF-16 unit is whitespace as `\s` reads it: the same set, without a pattern. */
export function isWhitespace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  )
}
