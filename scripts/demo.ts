// npm run demo: starts the local stand-in of the API and runs the built action against it the way
// the runner does, then prints the log, the step outputs and the job summary.
import { runAction } from '../test/support/run-action.ts'
import { startStandIn, zone } from '../test/stand-in/server.ts'

const api = await startStandIn({ zones: [zone('zn-7f3a', 'example.com'), zone('zn-91c2', 'example.org')], latencyMs: 20 })
// One passing fault, to show a retry that honours Retry-After.
api.fault({ method: 'POST', path: '/zones/zn-7f3a/purge', status: 503, retryAfter: '1' })

const changed = [
  '# URLs the build changed',
  '/index.html',
  '/docs/',
  '/docs/getting-started.html',
  ...Array.from({ length: 40 }, (_, i) => `/assets/chunk-${i}.js`)
]
const inputs = {
  'api-key': api.apiKey,
  'api-url': api.url,
  zone: 'example.com',
  files: 'https://example.com/\n/sitemap.xml',
  'files-from': 'build/changed-urls.txt',
  tags: 'release-2026-11, blog',
  settings: 'limits: {enabled: true}',
  'batch-size': '10'
}

const section = (title: string): void => console.log(`\n\x1b[1m== ${title}\x1b[0m`)
try {
  section(`Stand-in API at ${api.url} with zones ${api.zones.map((z) => z.name).join(', ')}`)
  console.log('Step inputs:')
  for (const [name, value] of Object.entries(inputs)) console.log(`  ${name}: ${name === 'api-key' ? '***' : JSON.stringify(value)}`)
  console.log(`  build/changed-urls.txt: ${changed.length - 1} paths`)

  section('node dist/index.js, as the runner starts it (log)')
  const run = await runAction(inputs, { files: { 'build/changed-urls.txt': changed.join('\n') } })
  console.log(run.log.trimEnd())

  section(`Step outputs (exit code ${run.code})`)
  for (const [name, value] of Object.entries(run.outputs)) {
    console.log(`  ${name} = ${name === 'result' ? `${value.slice(0, 160)}… (${value.length} chars of JSON)` : value}`)
  }

  section('Job summary (GITHUB_STEP_SUMMARY, Markdown)')
  console.log(run.summary.trimEnd())

  section('What the stand-in received')
  for (const request of api.requests) {
    const body = request.body as { files?: unknown[]; tags?: unknown[] } | undefined
    const items = body?.files ? ` (${body.files.length} URLs)` : body?.tags ? ` (${body.tags.length} tags)` : ''
    console.log(`  ${request.method} ${request.path}${items}${request.faulted ? '  ← injected 503, Retry-After: 1' : ''}`)
  }
  process.exitCode = run.code ?? 1
} finally {
  await api.close()
}
