// npm run example: runs the built action against the local stand-in of the API (and of the edge) in the
// cases a user meets — success, partial failure, failed lookup, dry run, several zones with a created one
// and traffic, the edge checks — and writes the job summaries they produced to
// docs/job-summary-example.md, so the README can show what the step reports.
import { writeFileSync } from 'node:fs'
import { runAction } from '../test/support/run-action.ts'
import { startEdge } from '../test/stand-in/edge.ts'
import { startStandIn, zone } from '../test/stand-in/server.ts'

interface Example {
  readonly title: string
  readonly inputs: Record<string, string>
  readonly prepare?: (api: Awaited<ReturnType<typeof startStandIn>>) => void
  readonly edge?: boolean
}

const pages = Array.from({ length: 12 }, (_, i) => `/docs/page_${i}.html`).join('\n')
const examples: Example[] = [
  { title: 'Success', inputs: { zone: 'example.com', files: pages, tags: 'release-2026-11, blog', 'batch-size': '5' } },
  {
    title: 'Partial failure',
    inputs: { zone: 'example.com', files: pages, 'batch-size': '5', 'max-attempts': '2' },
    prepare: (api) =>
      api.fault({
        method: 'POST',
        path: '/zones/zn_7f3a/purge',
        bodyIncludes: 'page_5.html',
        status: 503,
        times: 2,
        body: '<html><body><h1>Service Unavailable</h1><p>upstream busy</p></body></html>'
      })
  },
  { title: 'Failed lookup (a wrong API key)', inputs: { zone: 'example.com', files: pages, 'api-key': 'not-the-key' } },
  {
    title: 'Dry run',
    inputs: { zone: 'example.com', files: pages, tags: 'release-2026-11', 'dry-run': 'true', verify: '5', warm: 'true' }
  },
  {
    title: 'Several zones, one created by the step, with traffic',
    inputs: {
      zone: 'example.com\nshop.example.net',
      'create-zone': 'true',
      plan: 'pro',
      files: [
        'https://example.com/',
        'https://example.com/index.html',
        'https://www.example.com/pricing.html',
        'https://shop.example.net/'
      ].join('\n'),
      tags: 'release-2026-11',
      analytics: '24h'
    }
  },
  {
    title: 'Verified and warmed at the edge',
    inputs: {
      zone: 'example.com',
      files: ['/', '/index.html', '/app.js', '/old.css'].map((path) => `http://example.com${path}`).join('\n'),
      verify: 'true',
      'verify-timeout': '1',
      warm: 'true'
    },
    edge: true
  }
]

const sections: string[] = []
for (const example of examples) {
  const api = await startStandIn({ zones: [zone('zn_7f3a', 'example.com'), zone('zn_91c2', 'example.org')] })
  const edge = example.edge ? await startEdge() : undefined
  try {
    example.prepare?.(api)
    edge?.set('http://example.com/', { age: 0, headers: { 'cf-cache-status': 'MISS' } })
    edge?.set('http://example.com/index.html', { age: 2 })
    edge?.set('http://example.com/app.js', { headers: { 'cache-status': 'ExampleCDN; hit' } })
    edge?.set('http://example.com/old.css', { age: 86_400, headers: { 'x-cache': 'HIT' } })
    const run = await runAction(
      { 'api-key': api.apiKey, 'api-url': api.url, ...example.inputs },
      edge === undefined ? {} : { env: { HTTP_PROXY: edge.url, NO_PROXY: '127.0.0.1' } }
    )
    const shown = Object.entries(example.inputs)
      .filter(([name]) => name !== 'api-key')
      .map(([name, value]) =>
        value.includes('\n')
          ? `    ${name}: |\n${value
              .split('\n')
              .map((line) => `      ${line}`)
              .join('\n')}`
          : `    ${name}: ${value}`
      )
    sections.push(
      [
        `## ${example.title}`,
        '',
        `Exit code ${run.code}. The step was:`,
        '',
        '```yaml',
        '- uses: cdn-purge-action/cdn-purge-action@v1',
        '  with:',
        '    api-key: ${{ secrets.CDN_API_KEY }}',
        '    api-url: https://api.example.net/v1',
        ...shown.filter((line) => !line.startsWith('    api-url')),
        '```',
        '',
        'It wrote:',
        '',
        '---',
        '',
        run.summary.replace(/^## /m, '### ').trimEnd(),
        '',
        '---',
        ''
      ].join('\n')
    )
  } finally {
    await edge?.close()
    await api.close()
  }
}

const header = [
  '<!-- Written by `npm run example`: real runs of dist/index.js against the local stand-in of the API (and of the edge). -->',
  '',
  '# Example job summaries',
  '',
  "What the step wrote to `GITHUB_STEP_SUMMARY` in the cases a user meets, run against the project's local stand-in",
  "of the API, so the zones, ids and traffic are the stand-in's (and the timings those of a loopback server). Each was",
  'checked rendered in a browser with a GFM renderer and Mermaid.',
  ''
].join('\n')
writeFileSync(new URL('../docs/job-summary-example.md', import.meta.url), `${header}\n${sections.join('\n')}`)
console.log('docs/job-summary-example.md written')
