import { describe, expect, it } from 'vitest'
import { standIn } from './fixture.js'
import type { ActionRun } from './run-action.js'

/** Everything a user or a later step can see, except the runner's own `::add-mask::` command. */
const visible = (run: ActionRun): string => [run.log, run.stderr, run.summary, ...Object.values(run.outputs)].join('\n')

describe('the API key never leaks (end to end)', () => {
  it('is masked before anything else is printed', async () => {
    const api = await standIn()
    const run = await api.run({ tags: 't' }, { env: { RUNNER_DEBUG: '1' } })
    expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${api.apiKey}`)
  })

  it('appears in no log line, output, summary or error, even when the server echoes it', async () => {
    const api = await standIn()
    const echo = `{"success":false,"errors":[{"message":"token ${api.apiKey} is not allowed to purge"}]}`
    api.fault({ path: '/zones/zone-example/purge', status: 403, body: echo })
    api.fault({ path: '/zones/zone-example/purge', status: 500, retryAfter: '0', body: `Bearer ${api.apiKey}` })
    const run = await api.run({ files: '/a', tags: 't', 'batch-size': '1', concurrency: '1' }, { env: { RUNNER_DEBUG: '1' } })
    expect(run.code).toBe(1)
    expect(run.log).toContain('token *** is not allowed to purge')
    expect(visible(run)).not.toContain(api.apiKey)
  })

  it('is masked when it comes from CDN_API_KEY, and absent from an input error', async () => {
    const api = await standIn()
    const run = await api.run({ 'api-key': '', tags: 't', 'batch-size': 'x' }, { env: { CDN_API_KEY: api.apiKey, RUNNER_DEBUG: '1' } })
    expect(run.code).toBe(1)
    expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${api.apiKey}`)
    expect(visible(run)).not.toContain(api.apiKey)
  })

  it('stays out of warnings and errors from zone creation and traffic reads', async () => {
    const api = await standIn()
    api.fault({ path: /\/analytics\/traffic$/, status: 403, body: `{"errors":[{"message":"key ${api.apiKey} may not read analytics"}]}` })
    api.fault({ method: 'POST', path: '/zones', status: 422, body: `{"errors":[{"message":"key ${api.apiKey} may not create zones"}]}` })
    const run = await api.run({ zone: 'example.com\nnew.example.net', 'create-zone': 'true', tags: 't', analytics: '1h' }, { env: { RUNNER_DEBUG: '1' } })
    expect(run.code).toBe(1)
    expect(run.log).toContain('key *** may not create zones')
    expect(visible(run)).not.toContain(api.apiKey)
  })
})
