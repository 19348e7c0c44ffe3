import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { collapsedList, escapeHtml, escapeText, listsWithin, code } from '../../src/report/markdown.js'
import { fitJson } from '../../src/report/outputs.js'
import { redact, redactDeep, registerSecret } from '../../src/secrets.js'
import { InputError } from '../../src/errors.js'

const bytes = (text: string): number => Buffer.byteLength(text)

describe('fitJson', () => {
  it('gives small values whole', () => {
    expect(fitJson(['a', 'b'], 100)).toEqual({ json: '["a","b"]', cut: false })
    expect(fitJson(undefined, 100)).toEqual({ json: 'null', cut: false })
  })
  it('keeps the longest prefix of a list that fits', () => {
    const items = Array.from({ length: 100 }, (_, i) => `https://example.com/${i}`)
    const fitted = fitJson(items, 500)
    expect(fitted.cut).toBe(true)
    expect(bytes(fitted.json)).toBeLessThanOrEqual(500)
    const kept = JSON.parse(fitted.json) as string[]
    expect(kept).toEqual(items.slice(0, kept.length))
    expect(bytes(JSON.stringify(items.slice(0, kept.length + 1)))).toBeGreaterThan(500)
  })
  it('halves the longest list inside a document until it fits, keeping its start', () => {
    const doc = { ok: false, failedFiles: Array.from({ length: 1000 }, (_, i) => `u${i}`), errors: ['e1', 'e2'] }
    const fitted = fitJson(doc, 2000)
    expect(fitted.cut).toBe(true)
    expect(bytes(fitted.json)).toBeLessThanOrEqual(2000)
    const parsed = JSON.parse(fitted.json) as typeof doc
    expect(parsed.ok).toBe(false)
    expect(parsed.errors).toEqual(['e1', 'e2'])
    expect(parsed.failedFiles).toEqual(doc.failedFiles.slice(0, parsed.failedFiles.length))
    expect(parsed.failedFiles.length).toBeGreaterThan(100)
  })
  it('cuts the longest text when no list is left to shorten', () => {
    const fitted = fitJson({ message: 'x'.repeat(10_000), id: 'z1' }, 1000)
    expect(fitted.cut).toBe(true)
    expect(bytes(fitted.json)).toBeLessThanOrEqual(1000)
    expect(JSON.parse(fitted.json)).toMatchObject({ id: 'z1' })
  })
  it('cuts a text that is the whole value', () => {
    const fitted = fitJson('y'.repeat(5000), 100)
    expect(bytes(fitted.json)).toBeLessThanOrEqual(100)
    expect(JSON.parse(fitted.json)).toMatch(/^y+$/)
  })
  test.prop([fc.jsonValue(), fc.integer({ min: 10, max: 2000 })])('always gives valid JSON within the limit when it can', (value, max) => {
    const fitted = fitJson(value, max)
    expect(() => JSON.parse(fitted.json) as unknown).not.toThrow()
    // Within the limit, unless nothing is left to shorten (an object of empty keys, say).
    const shrinkable = (node: unknown): boolean =>
      (typeof node === 'string' && node.length > 0) || (Array.isArray(node) && node.length > 0) || (typeof node === 'object' && node !== null && Object.values(node).some(shrinkable))
    if (fitted.cut) expect(bytes(fitted.json) <= max || !shrinkable(JSON.parse(fitted.json))).toBe(true)
    else expect(fitted.json).toBe(JSON.stringify(value) ?? 'null')
  })
})

describe('summary escaping', () => {
  it('escapes HTML and Markdown in text, as entities', () => {
    expect(escapeText('a_b*c`d|e[f](g)<h>&"\'~$@#!{}+\\')).toBe(
      'a&#95;b&#42;c&#96;d&#124;e&#91;f&#93;&#40;g&#41;&lt;h&gt;&amp;&quot;&#39;&#126;&#36;&#64;&#35;&#33;&#123;&#125;&#43;&#92;'
    )
  })
  it('leaves no URL for a renderer to autolink with the entities in it', () => {
    expect(escapeText('see http://example.com/d_x and WWW.example.com')).toBe('see http&#58;//example.com/d&#95;x and WWW&#46;example.com')
  })
  it('shows code in <code>, escaped', () => {
    expect(code('cache_dir/cdn_manifest.json')).toBe('<code>cache&#95;dir/cdn&#95;manifest.json</code>')
  })
  it('keeps text on one line and cuts it', () => {
    expect(escapeHtml('a\r\nb\rc\u2028d')).toBe('a b c d')
    expect(escapeHtml('z'.repeat(2100))).toBe(`${'z'.repeat(2000)}… (100 more characters)`)
  })
})

describe('collapsedList and listsWithin', () => {
  const block = (n: number, style: 'pre' | 'ul' = 'pre') => ({ title: `Items (${n})`, items: Array.from({ length: n }, (_, i) => `item-${i}`), more: 'see the output', style })
  it('renders a list whole when it fits', () => {
    expect(collapsedList(block(2))).toBe('<details><summary>Items (2)</summary>\n\n<pre>\nitem-0\nitem-1\n</pre>\n\n</details>\n')
    expect(collapsedList(block(1, 'ul'))).toBe('<details><summary>Items (1)</summary>\n\n<ul>\n<li>item-0</li>\n</ul>\n\n</details>\n')
  })
  it('shows as many as fit in the budget and counts the rest', () => {
    const text = collapsedList(block(1000), 2000)
    expect(bytes(text)).toBeLessThanOrEqual(2000)
    const shown = text.split('\n').filter((line) => line.startsWith('item-')).length
    expect(shown).toBeGreaterThan(100)
    expect(text).toContain(`… and ${1000 - shown} more (see the output)\n</pre>`)
  })
  it('gives short lists all they need and shares the rest among long ones', () => {
    const [small, big1, big2] = listsWithin([block(3), block(5000), block(5000)], 20_000)
    expect(small).toBe(collapsedList(block(3)))
    expect(bytes(big1!) + bytes(big2!) + bytes(small!)).toBeLessThanOrEqual(20_000)
    expect(Math.abs(bytes(big1!) - bytes(big2!))).toBeLessThan(100)
    expect(bytes(big1!)).toBeGreaterThan(8000)
  })
})

describe('secrets', () => {
  it('redacts every registered secret in any string, however deep', () => {
    registerSecret('deep-secret-9f')
    registerSecret('')
    expect(redact('a deep-secret-9f b deep-secret-9f')).toBe('a *** b ***')
    expect(redactDeep({ a: ['x deep-secret-9f'], b: { c: 'deep-secret-9f' }, n: 3, f: null })).toEqual({ a: ['x ***'], b: { c: '***' }, n: 3, f: null })
  })
})

describe('InputError', () => {
  it('names the input its message is about', () => {
    expect(new InputError('Input "batch-size" must be a whole number').input).toBe('batch-size')
    expect(new InputError('No API key: set input "api-key" or CDN_API_KEY').input).toBe('api-key')
    expect(new InputError('Nothing to do').input).toBeUndefined()
  })
})

describe('redact with nested secrets', () => {
  it('takes out the longest secret first, so that a short one inside it leaves nothing of it', () => {
    registerSecret('key7')
    registerSecret('abc-key7-1')
    expect(redact('token abc-key7-1 and key7')).toBe('token *** and ***')
  })
})
