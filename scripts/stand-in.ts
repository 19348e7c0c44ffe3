// npm run stand-in: the project's loopback stand-in of the API on a fixed address, so the action can be
// tried by hand (`npm run local-action`, whose .env.example points here) without a real account.
// Listens on 127.0.0.1 only; runs until stopped (Ctrl-C). PORT picks another port (0: any free one).
import { startStandIn, zone, type RecordedRequest, type StandIn } from '../test/stand-in/server.ts'

const DEFAULT_PORT = 8787

const port = Number(process.env.PORT || DEFAULT_PORT)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a whole number from 0 to 65535 (0: any free port), got "${process.env.PORT}".`)
  process.exit(1)
}

const count = (items: unknown[], noun: string): string => ` (${items.length} ${noun}${items.length === 1 ? '' : 's'})`

const describe = (request: RecordedRequest): string => {
  const body = request.body as { files?: unknown[]; tags?: unknown[]; purge_everything?: unknown } | undefined
  const what =
    body?.purge_everything === true ? ' (everything)' : body?.files ? count(body.files, 'URL') : body?.tags ? count(body.tags, 'tag') : ''
  const query = new URLSearchParams(request.query).toString()
  return `${request.method} ${request.path}${query === '' ? '' : `?${query}`}${what}`
}

async function start(): Promise<StandIn> {
  try {
    return await startStandIn({
      port,
      zones: [zone('zn-7f3a', 'example.com'), zone('zn-91c2', 'example.org')],
      onRequest: (request) => console.log(`${new Date().toISOString().slice(11, 19)} ${describe(request)}`)
    })
  } catch (error) {
    const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
    console.error(
      inUse ? `Port ${port} on 127.0.0.1 is in use: stop what listens there, or start with PORT=<another port>.` : String(error)
    )
    process.exit(1)
  }
}

const api = await start()
console.log(`Stand-in of the Content Delivery Service API at ${api.url}`)
console.log(`  api-key: ${api.apiKey}`)
console.log(`  zones:   ${api.zones.map((z) => `${z.name} (${z.id})`).join(', ')}`)
console.log('Requests are printed as they arrive. Stop with Ctrl-C.')

const stop = (): void => {
  void api.close().then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
