// Run after ncc by `npm run build` (which empties dist/ first, so that no chunk of an earlier build stays behind):
// - dist/package.json marks dist/ as ESM, so `node dist/index.js` loads it as the runner does.
// - dist/licenses.txt holds the license of every production dependency, read from package-lock.json.
//   ncc's own license file keeps only one chunk's packages once the bundle is split, so it is not used.
// - The bundle is made ASCII: every other character (in comments, mostly undici's, and in a few strings) is
//   written as a \u escape, which means the same in a string, a template's value, a regular expression or a
//   comment (nothing in the bundle reads a template's raw text). V8 then keeps the source, which it holds for
//   the whole step, as one byte a character instead of two (~1.9 MB), and Node reads it without decoding UTF-8.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'

const root = new URL('../', import.meta.url)
writeFileSync(new URL('dist/package.json', root), `${JSON.stringify({ type: 'module' }, null, 2)}\n`)

for (const name of readdirSync(new URL('dist/', root)).filter((file) => file.endsWith('.js'))) {
  const file = new URL(`dist/${name}`, root)
  const text = readFileSync(file, 'utf8')
  if (/\.raw\b/.test(text)) throw new Error(`dist/${name} reads a template's raw text: escaping its non-ASCII characters could change it`)
  // UTF-16 code units: a character beyond U+FFFF becomes its two surrogate escapes, as JavaScript reads it.
  writeFileSync(
    file,
    text.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
  )
}

interface LockEntry {
  version?: string
  license?: string
  dev?: boolean
}
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as { packages: Record<string, LockEntry> }
const sections = Object.entries(lock.packages)
  .filter(([path, entry]) => path.startsWith('node_modules/') && entry.dev !== true)
  .map(([path, entry]) => {
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
    const dir = new URL(`${path}/`, root)
    const file = readdirSync(dir).find((candidate) => /^licen[cs]e(\.(md|txt))?$/i.test(candidate))
    const text = file === undefined ? '(no license file in the package)' : readFileSync(new URL(file, dir), 'utf8').trim()
    return `${name}@${entry.version ?? '?'}\n${entry.license ?? 'UNKNOWN'}\n\n${text}\n`
  })
  .sort()
writeFileSync(new URL('dist/licenses.txt', root), [...new Set(sections)].join('\n'))
