import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { postStatus } from '../../../src/commit-status/post.js'

// A programmable GitHub API: each test says how it answers a post, or that it never answers (`hang`) or resets.
const TOKEN = 'ghs_unit-test-token'
const SHA = 'd'.repeat(40)
let server: Server
let answer: { status: number; body: unknown } | 'hang' | 'reset'
const posts: { url: string; authorization: string; body: unknown }[] = []
let env: NodeJS.ProcessEnv
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      posts.push({ url: `${req.method ?? ''} ${req.url ?? ''}`, authorization: req.headers.authorization ?? '', body: JSON.parse(body) })
      if (answer === 'hang') return
      if (answer === 'reset') {
        req.socket.destroy()
        return
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  env = { GITHUB_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`, GITHUB_REPOSITORY: 'acme/site' }
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})
beforeEach(() => {
  posts.length = 0
  answer = { status: 201, body: { id: 1 } }
})

const target = { context: 'cdn-purge/production', githubToken: TOKEN }
const post = {
  state: 'success',
  description: '3 URLs purged on example.com in 1.2 s',
  sha: SHA,
  targetUrl: 'https://github.com/acme/site/actions/runs/1/attempts/1'
} as const
const never = (): AbortSignal => new AbortController().signal

describe('postStatus', () => {
  it('posts one status to GITHUB_API_URL, with the token, the context, the description and the link', async () => {
    expect(await postStatus(target, post, env, never())).toEqual({ posted: true })
    expect(posts).toEqual([
      {
        url: `POST /api/v3/repos/acme/site/statuses/${SHA}`,
        authorization: `token ${TOKEN}`,
        body: {
          state: 'success',
          context: 'cdn-purge/production',
          description: '3 URLs purged on example.com in 1.2 s',
          target_url: 'https://github.com/acme/site/actions/runs/1/attempts/1'
        }
      }
    ])
  })

  it('leaves the link out when there is none', async () => {
    await postStatus(target, { ...post, targetUrl: undefined }, env, never())
    expect(posts[0]?.body).not.toHaveProperty('target_url')
  })

  it.each([
    [401, true, 'GitHub refused the token (HTTP 401). Check the "github-token" input.'],
    [
      403,
      true,
      'the token may not write commit statuses (HTTP 403). Give the job `permissions: statuses: write`; a pull request from a fork gets a read-only token, so leave "commit-status" empty there.'
    ],
    [
      404,
      true,
      'GitHub found no such commit or repository for this token (HTTP 404). Check that the commit was pushed to GITHUB_REPOSITORY and that the token may write its statuses (`permissions: statuses: write`).'
    ],
    [
      422,
      false,
      'GitHub refused it (HTTP 422: Validation Failed). A commit keeps at most 1,000 statuses per context: give "commit-status" another context, e.g. with the environment\'s name.'
    ],
    [502, false, 'GitHub answered HTTP 502: Validation Failed.']
  ])('HTTP %s: not posted, once, with a warning that says what to do (refused: %s)', async (status, refused, reason) => {
    answer = { status, body: { message: 'Validation Failed' } }
    expect(await postStatus(target, post, env, never())).toEqual({
      posted: false,
      refused,
      warning: `Commit status "cdn-purge/production" (success) was not posted on ddddddd: ${reason} The purge's result stands.`
    })
    expect(posts).toHaveLength(1)
  })

  it('a reset connection: not posted, not refused, the warning names GITHUB_API_URL', async () => {
    answer = 'reset'
    const result = await postStatus(target, post, env, never())
    expect(result).toMatchObject({ posted: false, refused: false })
    expect(!result.posted && result.warning).toMatch(
      /^Commit status "cdn-purge\/production" \(success\) was not posted on ddddddd: the GitHub API could not be reached \(.+\)\. Check GITHUB_API_URL and the runner's network\. The purge's result stands\.$/
    )
  })

  it('no answer before its signal ends it: not posted, said so', async () => {
    answer = 'hang'
    const controller = new AbortController()
    const result = postStatus(target, post, env, controller.signal)
    await expect.poll(() => posts.length).toBe(1)
    controller.abort()
    expect(await result).toEqual({
      posted: false,
      refused: false,
      warning: `Commit status "cdn-purge/production" (success) was not posted on ddddddd: GitHub gave no answer in time. The purge's result stands.`
    })
  })

  it('an environment it cannot post in: the reason, and nothing sent', async () => {
    const result = await postStatus(target, post, { ...env, GITHUB_REPOSITORY: 'acme' }, never())
    expect(result).toEqual({
      posted: false,
      refused: false,
      warning:
        'Commit status "cdn-purge/production" (success) was not posted on ddddddd: GITHUB_REPOSITORY is not set as owner/repo, so the GitHub API cannot be given the commit status. Run the action in a workflow, or leave "commit-status" empty. The purge\'s result stands.'
    })
    expect(posts).toEqual([])
  })

  it.each([
    [401, true],
    [403, true],
    [404, true],
    [400, false],
    [422, false],
    [500, false]
  ])('counts HTTP %s as a refusal a second post would get too: %s', async (status, refused) => {
    answer = { status, body: { message: 'no' } }
    expect(await postStatus(target, post, env, never())).toMatchObject({ posted: false, refused })
  })

  it('takes the first line of a message that has several', async () => {
    answer = { status: 502, body: { message: 'first line\nsecond line' } }
    expect(await postStatus(target, post, env, never())).toMatchObject({
      warning:
        'Commit status "cdn-purge/production" (success) was not posted on ddddddd: GitHub answered HTTP 502: first line. The purge\'s result stands.'
    })
  })
})
