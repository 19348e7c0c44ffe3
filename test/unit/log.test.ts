import { describe, expect, it, vi } from 'vitest'
import * as log from '../../src/log.js'
import { registerSecret } from '../../src/secrets/index.js'
import { captureStdout } from '../support/stdout.js'

const written = captureStdout()
const output = (): string => written.join('')

describe('log', () => {
  it('writes info lines neutralised and redacted', () => {
    registerSecret('sekret-key-123')
    expect(output().startsWith('::add-mask::sekret-key-123\n')).toBe(true)
    written.length = 0
    log.info('zone evil\n::warning::owned with sekret-key-123')
    expect(output()).toBe('zone evil\n\\::warning::owned with ***\n')
  })
  it('takes every spelling of a secret out of info, debug, warning, error and group lines', async () => {
    const key = 'sk_live/9f8e7d6c5b4a3210'
    registerSecret(key)
    vi.stubEnv('RUNNER_DEBUG', '1')
    written.length = 0
    const spellings = [
      key,
      encodeURIComponent(key),
      Buffer.from(key).toString('base64'),
      JSON.stringify(key).slice(1, -1).replace('/', '\\/'),
      key.slice(0, 12),
      key.slice(-12)
    ]
    for (const spelling of spellings) {
      log.info(`i ${spelling}`)
      log.debug(`d ${spelling}`)
      log.warning(`w ${spelling}`, `t ${spelling}`)
      log.error(`e ${spelling}`, `t ${spelling}`)
      await log.group(`g ${spelling}`, () => Promise.resolve())
    }
    vi.unstubAllEnvs()
    const lines = output()
      .split('\n')
      .filter((line) => line !== '')
    expect(lines).toHaveLength(spellings.length * 6)
    for (const line of lines)
      expect(line).toMatch(
        /^(?:[idw] |::debug::d |::warning title=t \*\*\*::w |::error title=t \*\*\*::e |::group::g |::endgroup::)(?:\*\*\*)?$/
      )
  })
  it('writes warnings and errors as annotations with a title, their text escaped onto one line', () => {
    log.warning('first\u2028::error::second', 'A title')
    log.error('bad\nthing', 'Invalid input "x"')
    expect(output()).toContain('::warning title=A title::first%0A\\::error::second\n')
    expect(output()).toContain('::error title=Invalid input "x"::bad%0Athing\n')
  })
  it('writes annotations without a title when none is given', () => {
    log.warning('plain')
    log.error('bare')
    expect(output()).toBe('::warning::plain\n::error::bare\n')
  })
  it('fails the step with one error annotation', () => {
    log.fail('it broke', 'CDN purge failed')
    expect(output()).toBe('::error title=CDN purge failed::it broke\n')
    expect(process.exitCode).toBe(1)
  })
  it('neutralises debug lines and group titles', async () => {
    vi.stubEnv('RUNNER_DEBUG', '1')
    log.debug('x\u0085::set-output name=a::b')
    vi.unstubAllEnvs()
    expect(output()).toContain('::debug::x%0A\\::set-output name=a::b\n')
    await log.group('Zone\r::warning::x', () => Promise.resolve(log.info('inside')))
    expect(output()).toContain('::group::Zone%0A\\::warning::x\ninside\n::endgroup::\n')
  })
  it('writes no debug line unless the run has debug logging on (the runner would drop it)', () => {
    vi.stubEnv('RUNNER_DEBUG', '')
    log.debug('quiet')
    vi.stubEnv('RUNNER_DEBUG', '1')
    log.debug('loud')
    vi.unstubAllEnvs()
    expect(output()).toBe('::debug::loud\n')
  })
})
