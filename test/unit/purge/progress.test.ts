import { describe, expect, it } from 'vitest'
import { planRequests } from '../../../src/purge/plan.js'
import { purgeProgress, type FinishedRequest } from '../../../src/purge/progress.js'

const zone = { id: 'z1', name: 'example.com', status: 'active' }
const plan = (urls: number, tags: number, batch: number) =>
  planRequests(
    [
      {
        zone,
        purgeEverything: false,
        urls: Array.from({ length: urls }, (_, i) => `https://example.com/${i}`),
        tags: Array.from({ length: tags }, (_, i) => `t${i}`),
        settings: undefined
      }
    ],
    batch
  ).requests

/** One purge of everything in each of `count` zones. */
const everything = (count: number) =>
  planRequests(
    Array.from({ length: count }, (_, i) => ({
      zone: { id: `z${i}`, name: `site${i}.example`, status: 'active' },
      purgeEverything: true,
      urls: [],
      tags: [],
      settings: undefined
    })),
    30
  ).requests

function driver(requests: ReturnType<typeof plan>) {
  const lines: string[] = []
  let now = 1_000_000
  let retries = 0
  const progress = purgeProgress(requests, { log: (line) => lines.push(line), now: () => now, retries: () => retries })
  const finish = (index: number, ok = true, over: Partial<FinishedRequest> = {}): void =>
    progress({
      request: requests[index]!,
      ok,
      attempts: 1,
      durationMs: 52.4,
      error: ok ? undefined : `${requests[index]!.label}: POST … failed: HTTP 400`,
      ...over
    })
  return { lines, finish, tick: (ms: number) => (now += ms), retry: () => retries++ }
}

describe('purgeProgress', () => {
  it('writes a line per request, with label, attempts and time, up to 20 requests', () => {
    const requests = plan(75, 0, 30)
    const { lines, finish } = driver(requests)
    finish(0)
    finish(1, true, { attempts: 2 })
    finish(2, false)
    expect(lines).toEqual([
      'URLs 1-30 of 75 (batch 1 of 3): purged (1 attempt, 52 ms)',
      'URLs 31-60 of 75 (batch 2 of 3): purged (2 attempts, 52 ms)',
      'URLs 61-75 of 75 (batch 3 of 3): POST … failed: HTTP 400'
    ])
  })

  it('writes progress at each tenth for many requests, with URLs confirmed, retries and time', () => {
    const requests = plan(10_000, 0, 100)
    const { lines, finish, tick, retry } = driver(requests)
    for (let index = 0; index < 9; index++) finish(index)
    expect(lines).toEqual([])
    tick(12_000)
    retry()
    retry()
    finish(9)
    expect(lines).toEqual(['Purge: 1,000 of 10,000 URLs confirmed (10 %), 2 retries, 12 s'])
    for (let index = 10; index < 100; index++) finish(index)
    expect(lines).toHaveLength(10)
    expect(lines.at(-1)).toBe('Purge: 10,000 of 10,000 URLs confirmed (100 %), 2 retries, 12 s')
  })

  it('writes a line between tenths once 5 s have passed, and every failure', () => {
    const requests = plan(3000, 60, 30)
    const { lines, finish, tick } = driver(requests)
    finish(0)
    tick(4_999)
    finish(1)
    expect(lines).toEqual([])
    tick(1)
    finish(2)
    expect(lines).toEqual(['Purge: 90 of 3,000 URLs, 0 of 60 tags confirmed (2 %), 0 retries, 5 s'])
    finish(3, false)
    expect(lines.at(-1)).toBe('URLs 91-120 of 3000 (batch 4 of 100): POST … failed: HTTP 400')
    finish(101)
    tick(5_000)
    finish(4)
    expect(lines.at(-1)).toBe('Purge: 120 of 3,000 URLs, 30 of 60 tags confirmed (5 %), 0 retries, 10 s')
  })

  it('writes a line per request for exactly 20 requests', () => {
    const { lines, finish } = driver(plan(20, 0, 1))
    finish(0)
    expect(lines).toEqual(['URL 1 of 20 (batch 1 of 20): purged (1 attempt, 52 ms)'])
  })

  it('says a request was not confirmed when its failure holds no message', () => {
    const few = driver(plan(2, 0, 1))
    few.finish(1, false, { error: undefined })
    expect(few.lines).toEqual(['URL 2 of 2 (batch 2 of 2): not confirmed'])
    const many = driver(plan(3000, 0, 30))
    many.finish(0, false, { error: undefined })
    expect(many.lines).toEqual(['URLs 1-30 of 3000 (batch 1 of 100): not confirmed'])
  })

  it('counts a single URL or tag in the singular', () => {
    const url = driver(plan(1, 30, 1))
    url.tick(5_000)
    url.finish(0)
    expect(url.lines).toEqual(['Purge: 1 of 1 URL, 0 of 30 tags confirmed (3 %), 0 retries, 5 s'])
    const tag = driver(plan(30, 1, 1))
    tag.tick(5_000)
    tag.finish(30)
    expect(tag.lines).toEqual(['Purge: 0 of 30 URLs, 1 of 1 tag confirmed (3 %), 0 retries, 5 s'])
  })

  it('counts purges of everything, one each', () => {
    const { lines, finish } = driver(everything(21))
    finish(0)
    finish(1)
    expect(lines).toEqual([])
    finish(2)
    expect(lines).toEqual(['Purge: 3 of 21 purges of everything confirmed (14 %), 0 retries, 0 s'])
  })

  it('counts tags alone when only tags are purged', () => {
    const { lines, finish, retry } = driver(plan(0, 2100, 100))
    retry()
    for (let index = 0; index < 3; index++) finish(index)
    expect(lines).toEqual(['Purge: 300 of 2,100 tags confirmed (14 %), 1 retry, 0 s'])
  })

  it('counts URLs and tags, and nothing else, when there are as many of each', () => {
    const { lines, finish } = driver(plan(330, 330, 30))
    for (let index = 0; index < 3; index++) finish(index)
    expect(lines).toEqual(['Purge: 90 of 330 URLs, 0 of 330 tags confirmed (13 %), 0 retries, 0 s'])
  })
})
