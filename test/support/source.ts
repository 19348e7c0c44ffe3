// The modules of src/ as written, for the tests that read the code as text: its imports, the names it exports, the
// length of its functions.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { checkout } from './mutation.js'

/** A module of src/: its path from the repository's root ('src/zones/resolve.ts'), and its text. */
export interface SourceModule {
  readonly path: string
  readonly text: string
}

/**
 * Every module of src/ (`.d.ts` files too), read from the checkout: the source as written, also under
 * `npm run mutation`, whose sandbox holds an instrumented copy of src/.
 */
export const srcModules: readonly SourceModule[] = readdirSync(join(checkout, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => `src/${file.split('\\').join('/')}`)
  .map((path) => ({ path, text: readFileSync(join(checkout, path), 'utf8') }))
