// npm run example: runs the built action against the local stand-in (two zones, one of them created
// by the step, a traffic report) and writes the job summary it produced to docs/job-summary-example.md,
// so the README can show what the step reports.
import { writeFileSync } from 'node:fs'
import { runAction } from '../test/e2e/run-action.ts'
import { startStandIn, zone } from '../test/stand-in/server.ts'

const api = await startStandIn({ zones: [zone('zn-7f3a', 'example.com'), zone('zn-91c2', 'example.org')] })
try {
  const run = await runAction({
    'api-key': api.apiKey,
    'api-url': api.url,
    zone: 'example.com\nshop.example.net',
    'create-zone': 'true',
    plan: 'pro',
    files: ['https://example.com/', 'https://example.com/index.html', 'https://www.example.com/pricing.html', 'https://shop.example.net/'].join('\n'),
    tags: 'release-2026-11',
    analytics: '24h'
  })
  if (run.code !== 0) throw new Error(`the example run failed:\n${run.log}`)
  const header = [
    '<!-- Written by `npm run example`: a real run of dist/index.js against the local stand-in of the API. -->',
    '',
    '# Example job summary',
    '',
    'What the step wrote to `GITHUB_STEP_SUMMARY` for this step, run against the project\'s local stand-in of the API',
    '(so the zones, ids and traffic are the stand-in\'s):',
    '',
    '```yaml',
    '- uses: cdn-purge-action/cdn-purge-action@v1',
    '  with:',
    '    zone: |',
    '      example.com',
    '      shop.example.net',
    '    create-zone: true',
    '    plan: pro',
    '    files: |',
    '      https://example.com/',
    '      https://example.com/index.html',
    '      https://www.example.com/pricing.html',
    '      https://shop.example.net/',
    '    tags: release-2026-11',
    '    analytics: 24h',
    '```',
    '',
    '---',
    ''
  ].join('\n')
  writeFileSync(new URL('../docs/job-summary-example.md', import.meta.url), `${header}\n${run.summary}`)
  console.log('docs/job-summary-example.md written')
} finally {
  await api.close()
}
