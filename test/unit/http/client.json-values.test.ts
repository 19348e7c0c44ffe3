import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/http/client.js'
import { ApiError } from '../../../src/http/errors.js'
import { startStandIn, type StandIn } from '../../stand-in/server.js'

describe('maxJsonValues', () => {
  let api: StandIn
  let client: ApiClient
  beforeEach(async () => {
    api = await startStandIn()
    client = new ApiClient({ baseUrl: api.url, apiKey: api.apiKey, userAgent: 't', timeoutMs: 5000, maxAttempts: 3 })
  })
  afterEach(async () => {
    await client.close()
    await api.close()
  })

  it('fails an answer of more values than allowed as too large, once, without parsing it', async () => {
    api.fault({ path: '/zones', status: 200, body: `{"success":true,"data":[${'{},'.repeat(999)}{}]}`, times: 5 })
    const error = await client.request('GET', '/zones', { maxJsonValues: 500 }).then(
      () => undefined,
      (reason: unknown) => reason
    )
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).details).toMatchObject({ kind: 'too-large', status: 200, attempts: 1, retryable: false })
    expect((error as ApiError).message).toBe(
      'GET /zones failed: answer too large (HTTP 200, more than 500 JSON values) (request id req-1). The API\'s answers are far smaller, so this was not retried: check that "api-url" is the Content Delivery Service API, including /v1.'
    )
    expect(api.requests).toHaveLength(1)
  })
  it('takes an answer within the count', async () => {
    const response = await client.request<{ data: unknown[] }>('GET', '/zones', { maxJsonValues: 500 })
    expect(response.body?.data).toHaveLength(1)
  })
})
