import { subscribe, unsubscribe } from 'node:diagnostics_channel'

/** Where undici tells that a request's headers went out on a socket. */
const SEND_HEADERS = 'undici:client:sendHeaders'

/**
 * Resolves once a request of this process has gone out on the wire (undici wrote its headers), or once
 * `pending` settles, whichever comes first: work done from then on overlaps the wait for the answer
 * instead of holding the request back (on loopback, a few turns of the event loop; over TLS, the handshake).
 */
export async function onTheWire(pending: Promise<unknown>): Promise<void> {
  let sent = (): void => undefined
  const wrote = new Promise<void>((resolve) => (sent = resolve))
  const listener = (): void => sent()
  subscribe(SEND_HEADERS, listener)
  try {
    await Promise.race([
      wrote,
      pending.then(
        () => undefined,
        () => undefined
      )
    ])
  } finally {
    unsubscribe(SEND_HEADERS, listener)
  }
}
