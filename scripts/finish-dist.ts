// Run after ncc by `npm run build` (which empties dist/ first, so that no chunk of an earlier build stays behind):
// - dist/package.json marks dist/ as ESM, so `node dist/index.js` loads it as the runner does.
// - dist/licenses.txt holds the license of every production dependency, read from package-lock.json.
//   ncc's own license file keeps only one chunk's packages once the bundle is split, so it is not used.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'

const root = new URL('../', import.meta.url)
writeFileSync(new URL('dist/package.json', root), `${JSON.stringify({ type: 'module' }, null, 2)}\n`)

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
