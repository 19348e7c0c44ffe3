// ncc emits an ES module; this marks dist/ as ESM so `node dist/index.js` loads it as the runner does.
import { writeFileSync } from 'node:fs'

writeFileSync(new URL('../dist/package.json', import.meta.url), `${JSON.stringify({ type: 'module' }, null, 2)}\n`)
