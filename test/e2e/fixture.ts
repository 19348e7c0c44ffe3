import { afterEach } from 'vitest'
import { startStandIn, type StandIn, type StandInOptions } from '../stand-in/server.js'
import { runAction, type ActionRun, type RunOptions } from '../support/run-action.js'

const running: StandIn[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((api) => api.close()))
})

/** A stand-in API for one test, closed after it, and a way to run the action against it. */
export async function standIn(
  options?: StandInOptions
): Promise<StandIn & { run: (inputs: Record<string, string>, run?: RunOptions) => Promise<ActionRun> }> {
  const api = await startStandIn(options)
  running.push(api)
  return Object.assign(api, {
    run: (inputs: Record<string, string>, run?: RunOptions) =>
      runAction({ 'api-key': api.apiKey, 'api-url': api.url, zone: 'example.com', ...inputs }, run)
  })
}

export const posts = (api: StandIn): string[] => api.requests.filter((r) => r.method === 'POST').map((r) => r.path)

/** What a user sees when the step fails: the first error annotation, as `::error::<message>` (its title left out). */
export const errorLine = (run: ActionRun): string => {
  const line = run.log.split('\n').find((entry) => /^::error( [^:]*)?::/.test(entry))
  return line === undefined ? '' : line.replace(/^::error( [^:]*)?::/, '::error::')
}

/** No stack trace and nothing on stderr: a user mistake is reported as its message alone. */
export const noStackTrace = (run: ActionRun): boolean => run.stderr === '' && !/\n\s+at .+:\d+:\d+/.test(run.stdout)
