import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { checkContent, deployedSha256 } from '../../../src/edge/content.js'
import { MAX_HASHED_BYTES, type BodyRead, type EdgeAnswer } from '../../../src/edge/fetch.js'
import { UnsafeFileError } from '../../../src/files.js'
import { needs, NO_SYMLINKS } from '../../support/platform.js'

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex')
const dir = mkdtempSync(join(tmpdir(), 'edge-content-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const answer = (body: BodyRead, status = 200): EdgeAnswer => ({ kind: 'response', status, headers: {}, answeredAt: 0, body })
const read = (text: string): BodyRead => ({ kind: 'hashed', bytes: text.length, sha256: sha256(text) })

describe('deployedSha256', () => {
  it('hashes a file larger than one read', async () => {
    const data = Buffer.alloc(300 * 1024 + 7, 'abc')
    const path = join(dir, 'big.bin')
    writeFileSync(path, data)
    expect(await deployedSha256(path)).toBe(sha256(data))
  })

  it('rejects for a file that cannot be read', async () => {
    await expect(deployedSha256(join(dir, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('hashes a file of exactly the size a body is hashed up to, and refuses one byte more unread', async () => {
    const path = join(dir, 'limit.bin')
    writeFileSync(path, '')
    truncateSync(path, MAX_HASHED_BYTES)
    expect(await deployedSha256(path)).toBe(sha256(Buffer.alloc(MAX_HASHED_BYTES)))
    truncateSync(path, MAX_HASHED_BYTES + 1)
    await expect(deployedSha256(path)).rejects.toEqual(new UnsafeFileError('too large', 'is larger than 16 MiB, the most read'))
  })

  // A committed `z.html -> /dev/zero` hung the step in "Verify".
  it('refuses a link to /dev/zero without reading it, and the check says why it did not compare', async (context) => {
    needs(context, NO_SYMLINKS)
    const link = join(dir, 'z.html')
    symlinkSync('/dev/zero', link)
    const refusal = await deployedSha256(link).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(UnsafeFileError)
    expect(await checkContent(answer(read('x')), () => deployedSha256(link))).toEqual({
      result: 'not compared',
      why: 'the deployed file is a file of the system (under /dev), not data'
    })
  })
})

describe('checkContent', () => {
  it('says same when the body is the deployed file', async () => {
    expect(await checkContent(answer(read('<p>new</p>')), () => Promise.resolve(sha256('<p>new</p>')))).toEqual({ result: 'same' })
  })

  it('says differs when it is not', async () => {
    expect(await checkContent(answer(read('<p>old</p>')), () => Promise.resolve(sha256('<p>new</p>')))).toEqual({ result: 'differs' })
  })

  it('says why the file could not be compared when it cannot be read', async () => {
    const missing = join(dir, 'missing.html')
    expect(await checkContent(answer(read('x')), () => deployedSha256(missing))).toEqual({
      result: 'not compared',
      why: 'the deployed file could not be read (ENOENT)'
    })
    expect(await checkContent(answer(read('x')), () => Promise.reject(new Error('odd')))).toEqual({
      result: 'not compared',
      why: 'the deployed file could not be read (Error: odd)'
    })
  })

  it.each<[string, EdgeAnswer, string]>([
    ['no answer', { kind: 'timeout', detail: 'timed out after 30 s' }, 'no answer'],
    ['a network error', { kind: 'network', detail: 'network error (ECONNRESET)' }, 'no answer'],
    ['a 404', answer(read('x'), 404), 'HTTP 404'],
    ['a 301', answer(read('x'), 301), 'HTTP 301'],
    ['a 206', answer(read('x'), 206), 'HTTP 206'],
    ['a body over the limit', answer({ kind: 'too large', limit: 16 * 1024 * 1024 }), 'larger than 16 MiB'],
    ['a body over a small limit', answer({ kind: 'too large', limit: 1536 * 1024 }), 'larger than 1.5 MiB'],
    ['an encoded body', answer({ kind: 'encoded', encoding: 'br' }), 'sent with Content-Encoding br'],
    ['a body cut off', answer({ kind: 'failed', detail: 'ECONNRESET' }), 'the body was cut off (ECONNRESET)'],
    ['a body not read', answer({ kind: 'skipped' }), 'the body was not read'],
    ['a body drained but not hashed', answer({ kind: 'drained', bytes: 3 }), 'the body was not read']
  ])('does not compare %s, and does not read the file', async (_, given, why) => {
    const digest = vi.fn(() => Promise.resolve('x'))
    expect(await checkContent(given, digest)).toEqual({ result: 'not compared', why })
    expect(digest).not.toHaveBeenCalled()
  })
})
