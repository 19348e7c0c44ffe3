import { fc, test } from '../../support/property.js'
import { describe, expect, vi } from 'vitest'
import { InputError } from '../../../src/errors.js'
import type * as Secrets from '../../../src/secrets/index.js'
import { getInputs } from '../../../src/inputs/index.js'
import { actionInputs } from '../../support/run-action.js'
import { source } from '../../support/inputs.js'

// Thousands of keys are read here, and none is registered as a secret. Each registration builds the search over every
// secret registered before it, and they piled up across the file's cases: its cost grew with the square of their count
// (the header-value property took 3.9 s at 100 cases on a loaded machine, 43 ms without them; under `npm run mutation`
// it came near its limit: issue 34). That a key is masked is inputs/api.test.ts's to show. Without it the header-value
// property is stricter: a message that quoted the key would differ between keys, where redacted it would not.
vi.mock('../../../src/secrets/index.js', async (importOriginal) => ({
  ...(await importOriginal<typeof Secrets>()),
  registerSecret: vi.fn()
}))

const NAMES = Object.keys(actionInputs)
const base: Record<string, string> = {
  'api-key': 'property-test-key',
  'api-url': 'https://api.example.net/v1',
  zone: 'example.com',
  files: '/a'
}

/** Any text, and text built from what the inputs treat specially. */
const anyValue = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(
    '',
    ' ',
    'true',
    'FALSE',
    'auto',
    '0',
    '1',
    '1000',
    '1001',
    '-1',
    '24h',
    '90d',
    '91d',
    'hour',
    ',',
    'https://example.com/',
    'http://localhost/v1',
    '&a [*a]',
    'limits: {enabled: true}',
    '/a',
    '..',
    '-x'
  ),
  fc
    .array(
      fc.constantFrom(
        'a',
        'Z',
        '/',
        ',',
        ' ',
        '\n',
        '\r',
        '\t',
        '\u0000',
        '\u0007',
        '\u200b',
        'é',
        ':',
        '{',
        '}',
        '[',
        ']',
        '&',
        '*',
        '!',
        '-',
        '.',
        '..',
        '1',
        '9',
        'h',
        'd',
        'true',
        'auto',
        'https://',
        'http://',
        '@',
        '%',
        '\\',
        '#',
        '?',
        '"'
      ),
      { maxLength: 12 }
    )
    .map((pieces) => pieces.join(''))
)

/** Runs getInputs: a typed value, or an InputError whose message names one of `names` (quoted), never another exception. */
async function typedOrInputError(given: Record<string, string>, env: NodeJS.ProcessEnv, names: readonly string[]): Promise<void> {
  try {
    const inputs = await getInputs(source(given, env))
    expect(typeof inputs.apiKey).toBe('string')
    expect(Number.isInteger(inputs.batchSize)).toBe(true)
  } catch (error) {
    if (!(error instanceof InputError)) throw error
    expect(
      names.some((name) => error.message.includes(`"${name}"`)),
      error.message
    ).toBe(true)
  }
}

describe.each(NAMES)('input "%s", given any text', (name) => {
  test.prop([anyValue])('gives a typed value or an InputError naming the input', async (value) => {
    await typedOrInputError({ ...base, [name]: value }, {}, [name])
  })
})

describe('inputs read from the environment', () => {
  test.prop([anyValue])('CDN_API_KEY: a typed value or an InputError naming it', async (value) => {
    await typedOrInputError({ ...base, 'api-key': '' }, { CDN_API_KEY: value }, value.trim() === '' ? ['api-key'] : ['CDN_API_KEY'])
  })
  test.prop([anyValue])('CDN_API_URL: a typed value or an InputError naming api-url', async (value) => {
    await typedOrInputError({ ...base, 'api-url': '' }, { CDN_API_URL: value }, ['api-url'])
  })
})

test.prop([fc.record(Object.fromEntries(NAMES.map((name) => [name, anyValue])))])(
  'every input at once: a typed value or an InputError naming an input',
  async (given) => {
    await typedOrInputError(given, {}, NAMES)
  }
)

describe('a key that cannot be a header value', () => {
  const visible = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), minLength: 1 })
  const wrong = fc.oneof(
    fc.integer({ min: 0, max: 0x20 }).map((code) => String.fromCharCode(code)),
    fc.constantFrom('\u007f', '\u0085', '\u00a0', '\u200b', '\u2028', '\ufeff', 'é', '😀'),
    fc.integer({ min: 0x80, max: 0x10ffff }).map((code) => String.fromCodePoint(code))
  )
  const messageFor = async (key: string, env = false): Promise<string> => {
    try {
      await getInputs(source(env ? { ...base, 'api-key': '' } : { ...base, 'api-key': key }, env ? { CDN_API_KEY: key } : {}))
    } catch (error) {
      if (error instanceof InputError) return error.message
      throw error
    }
    throw new Error(`the key ${JSON.stringify(key)} was accepted`)
  }

  test.prop([visible, wrong, visible, fc.boolean()])(
    'is refused with a message that shows none of it: the same for any key with that character',
    async (before, bad, after, env) => {
      const message = await messageFor(`${before}${bad}${after}`, env)
      expect(message).toBe(await messageFor(`x${bad}y`, env))
      expect(message).toContain(env ? '"CDN_API_KEY"' : 'Input "api-key"')
    }
  )
})
