/**
 * The spellings of a secret: those the runner masks (whole values only) and those `redact` searches for,
 * base64 inside a longer value included.
 */

/** A run this long of a secret (or of its base64) is taken for the secret. */
export const MIN_RUN = 12
/**
 * A spelling of a secret shorter than this is not searched on its own (only the secret itself is, however
 * short): a few characters of base64 are found in ordinary text by chance.
 */
const MIN_FORM = 8

/**
 * The spellings the runner masks in the log as well: whole values only (the runner matches them exactly),
 * the secret first. Runs of the secret are left to `redact`: masking every run would mask far too much.
 */
export function maskedForms(secret: string): string[] {
  const forms = [
    secret,
    // As UTF-8 sends it: a lone surrogate, which encodeURIComponent refuses with a URIError, as U+FFFD.
    encodeURIComponent(Buffer.from(secret).toString()),
    new URLSearchParams({ s: secret }).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
    ...wholeBase64(secret)
  ]
  return [...new Set(forms)].filter((form) => form === secret || form.length >= MIN_FORM)
}

/** The secret's base64 as a value of its own: standard and URL-safe, with and without padding. */
function wholeBase64(secret: string): string[] {
  const standard = Buffer.from(secret).toString('base64')
  // Node writes URL-safe base64 without padding.
  const urlSafe = Buffer.from(secret).toString('base64url')
  return [standard, standard.slice(0, urlSafe.length), urlSafe.padEnd(standard.length, '='), urlSafe]
}

const toUrlSafe = (base64: string): string => base64.replaceAll('+', '-').replaceAll('/', '_')

/**
 * The characters of the secret's base64 when it is encoded after 0, 1 or 2 other bytes: only those that
 * its own bits alone decide (the first and last may mix in the bytes around it, and are left out).
 */
export function embeddedBase64(secret: string): string[] {
  const bytes = Buffer.from(secret)
  const forms: string[] = []
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes, Buffer.alloc(2)]).toString('base64')
    // Character i holds bits [6i, 6i + 6): it is the secret's alone when they lie within [8 offset, 8 (offset + length)).
    const first = Math.ceil((8 * offset) / 6)
    const end = Math.floor((8 * (offset + bytes.length)) / 6)
    const core = encoded.slice(first, end)
    forms.push(core, toUrlSafe(core))
  }
  return forms
}

/** Every spelling searched in a text (and in its decoded readings): the secret, its UTF-8 bytes as percent-decoding gives them, and its base64. */
export function searchedForms(secret: string): string[] {
  const bytes = Buffer.from(secret).toString('latin1')
  const derived = [bytes, ...wholeBase64(secret), ...embeddedBase64(secret)].filter((form) => form.length >= MIN_FORM)
  return [...new Set([secret, ...derived])]
}
