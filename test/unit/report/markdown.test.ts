import { fc, test } from '../../support/property.js'
import { describe, expect, it } from 'vitest'
import type * as Markdown from '../../../src/report/markdown.js'
import { collapsedList, code, escapeHtml, escapeText, listsWithin, MAX_TEXT_CHARS } from '../../../src/report/markdown.js'
import { cut, oneLine } from '../../../src/text.js'
import { loadAfresh } from '../../support/fresh.js'

const bytes = (text: string): number => Buffer.byteLength(text)
/** What a browser shows for text with entities. */
const decode = (html: string): string =>
  html.replace(/&(amp|lt|gt|quot|#\d+);/g, (_, name: string) =>
    name.startsWith('#')
      ? String.fromCharCode(Number(name.slice(1)))
      : (({ amp: '&', lt: '<', gt: '>', quot: '"' } as Record<string, string>)[name] as string)
  )
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/

describe('summary escaping', () => {
  it('escapes HTML and Markdown in text, as entities', () => {
    expect(escapeText('a_b*c`d|e[f](g)<h>&"\'~$@#!{}+\\')).toBe(
      'a&#95;b&#42;c&#96;d&#124;e&#91;f&#93;&#40;g&#41;&lt;h&gt;&amp;&quot;&#39;&#126;&#36;&#64;&#35;&#33;&#123;&#125;&#43;&#92;'
    )
  })
  it('escapes in HTML only what HTML reads', () => {
    expect(escapeHtml('<b>"Tom" & \'Jerry\'</b> *_|')).toBe('&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt; *_|')
  })
  it('shows code in <code>, escaped', () => {
    expect(code('cache_dir/cdn_manifest.json')).toBe('<code>cache&#95;dir/cdn&#95;manifest.json</code>')
  })
  it('keeps text on one line and cuts it', () => {
    expect(escapeHtml('a\r\nb\rc\u2028d')).toBe('a b c d')
    expect(escapeHtml('z'.repeat(2100))).toBe(`${'z'.repeat(2000)}… (100 more characters)`)
    expect(escapeText('a\nb|c')).toBe('a b&#124;c')
    expect(escapeText('z'.repeat(2001))).toBe(`${'z'.repeat(2000)}… &#40;1 more character&#41;`)
  })
  test.prop([fc.string({ unit: 'binary', maxLength: 3000 })])(
    'escapeText leaves nothing Markdown or HTML reads, on one line, and shows the text itself',
    (text) => {
      const escaped = escapeText(text)
      expect(escaped).not.toMatch(LINE_BREAK)
      expect(escaped).not.toMatch(/[<>"'\\`*_{}[\]()+!|~$@]/)
      // Every & and # is part of an entity.
      expect(escaped.replace(/&(amp|lt|gt|quot|#\d+);/g, '')).not.toMatch(/[&#]/)
      expect(decode(escaped)).toBe(oneLine(cut(text, MAX_TEXT_CHARS)))
    }
  )
  test.prop([fc.string({ unit: 'binary', maxLength: 3000 })])(
    'escapeHtml leaves no tag, attribute quote or line break, and shows the text itself',
    (text) => {
      const escaped = escapeHtml(text)
      expect(escaped).not.toMatch(LINE_BREAK)
      expect(escaped).not.toMatch(/[<>"']/)
      expect(escaped.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toContain('&')
      expect(decode(escaped)).toBe(oneLine(cut(text, MAX_TEXT_CHARS)))
    }
  )
})

describe('collapsedList and listsWithin', () => {
  const block = (n: number, style: 'pre' | 'ul' = 'pre') => ({
    title: `Items (${n})`,
    items: Array.from({ length: n }, (_, i) => `item-${i}`),
    more: 'see the output',
    style
  })
  it('renders a list whole when it fits', () => {
    expect(collapsedList(block(2))).toBe('<details><summary>Items (2)</summary>\n\n<pre>\nitem-0\nitem-1\n</pre>\n\n</details>\n')
    expect(collapsedList(block(1, 'ul'))).toBe('<details><summary>Items (1)</summary>\n\n<ul>\n<li>item-0</li>\n</ul>\n\n</details>\n')
  })
  it('unfolds a list marked open, and keeps it within the budget with the longer head counted', () => {
    const open = { ...block(2), open: true }
    expect(collapsedList(open)).toBe('<details open><summary>Items (2)</summary>\n\n<pre>\nitem-0\nitem-1\n</pre>\n\n</details>\n')
    expect(collapsedList({ ...block(2), open: false })).toBe(collapsedList(block(2)))
    const budget = bytes(collapsedList(open)) + bytes('… and 2 more (see the output)\n')
    expect(collapsedList(open, budget)).toBe(collapsedList(open))
    expect(collapsedList(open, budget - 1)).toBe(
      '<details open><summary>Items (2)</summary>\n\n<pre>\nitem-0\n… and 1 more (see the output)\n</pre>\n\n</details>\n'
    )
  })
  it('escapes the title and the entries', () => {
    expect(collapsedList({ title: 'A <b>', items: ['<script>', 'x\ny'], more: 'm', style: 'ul' })).toBe(
      '<details><summary>A &lt;b&gt;</summary>\n\n<ul>\n<li>&lt;script&gt;</li>\n<li>x y</li>\n</ul>\n\n</details>\n'
    )
  })
  it('shows at most 1000 entries, and says where the rest are', () => {
    const text = collapsedList(block(1005))
    expect(text.split('\n').filter((line) => line.startsWith('item-'))).toHaveLength(1000)
    expect(text).toContain('item-999\n… and 5 more (see the output)\n</pre>')
  })
  it('shows as many as fit in the budget and counts the rest', () => {
    const text = collapsedList(block(1000), 2000)
    expect(bytes(text)).toBeLessThanOrEqual(2000)
    const shown = text.split('\n').filter((line) => line.startsWith('item-')).length
    expect(shown).toBeGreaterThan(100)
    expect(text).toContain(`… and ${1000 - shown} more (see the output)\n</pre>`)
  })
  it('shows an entry that fills the budget to the byte, room for the longest note kept', () => {
    const whole = collapsedList(block(2))
    const budget = bytes(whole) + bytes('… and 2 more (see the output)\n')
    expect(collapsedList(block(2), budget)).toBe(whole)
    expect(collapsedList(block(2), budget - 1)).toBe(
      '<details><summary>Items (2)</summary>\n\n<pre>\nitem-0\n… and 1 more (see the output)\n</pre>\n\n</details>\n'
    )
  })
  it('gives short lists all they need and shares the rest among long ones', () => {
    const [small, big1, big2] = listsWithin([block(3), block(5000), block(5000)], 20_000)
    expect(small).toBe(collapsedList(block(3)))
    expect(bytes(big1!) + bytes(big2!) + bytes(small!)).toBeLessThanOrEqual(20_000)
    expect(Math.abs(bytes(big1!) - bytes(big2!))).toBeLessThan(100)
    expect(bytes(big1!)).toBeGreaterThan(8000)
  })
  it('shares a budget too small for all of them equally, and keeps the order given', () => {
    const small = collapsedList(block(3))
    const [big1, short, big2] = listsWithin([block(5000), block(3), block(5000)], 12_000 + bytes(small))
    expect(short).toBe(small)
    expect(bytes(big1!) + bytes(big2!)).toBeLessThanOrEqual(12_000)
    expect(bytes(big1!)).toBeGreaterThan(5900)
    expect(bytes(big2!)).toBeGreaterThan(5900)
  })
  it('renders a list whole when the budget is just what it needs', () => {
    const whole = collapsedList(block(2))
    expect(listsWithin([block(2)], bytes(whole))).toEqual([whole])
  })
  it('renders nothing for no lists', () => {
    expect(listsWithin([], 1000)).toEqual([])
  })
})

describe('escapeText and autolinks', () => {
  it('leaves no URL for a renderer to autolink with the entities in it', () => {
    expect(escapeText('see http://example.com/d_x and WWW.example.com')).toBe('see http&#58;//example.com/d&#95;x and WWW&#46;example.com')
  })
})

// The module is loaded afresh within each test, as a run loads the report (src/phases/report.ts imports it only when it
// reports): the test then checks, and covers, its entity table and its byte count (test/support/fresh.ts).
describe('the module as a run loads it', () => {
  it('writes each character HTML reads as its named entity, in HTML and in Markdown', async () => {
    const loaded = await loadAfresh<typeof Markdown>('/src/report/markdown.js')
    expect(loaded.escapeHtml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f')
    expect(loaded.escapeText(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f')
    expect(loaded.collapsedList({ title: '<&>', items: [`"'`], more: 'm', style: 'ul' })).toBe(
      '<details><summary>&lt;&amp;&gt;</summary>\n\n<ul>\n<li>&quot;&#39;</li>\n</ul>\n\n</details>\n'
    )
  })

  it('counts the budget in bytes of UTF-8, not in characters', async () => {
    const loaded = await loadAfresh<typeof Markdown>('/src/report/markdown.js')
    // Each entry is 6 characters and 11 bytes with its line break.
    const wide = { title: 'Wide', items: ['éééée', 'ééééf'], more: 'see the output', style: 'pre' as const }
    const whole = loaded.collapsedList(wide)
    expect(whole).toBe('<details><summary>Wide</summary>\n\n<pre>\néééée\nééééf\n</pre>\n\n</details>\n')
    const budget = bytes(whole) + bytes('… and 2 more (see the output)\n')
    expect(loaded.collapsedList(wide, budget)).toBe(whole)
    expect(loaded.collapsedList(wide, budget - 1)).toBe(
      '<details><summary>Wide</summary>\n\n<pre>\néééée\n… and 1 more (see the output)\n</pre>\n\n</details>\n'
    )
    expect(loaded.byteLength('é…')).toBe(5)
    expect(loaded.listsWithin([wide], bytes(whole))).toEqual([whole])
    // As many bytes as the whole list has characters is too few for it.
    expect(loaded.listsWithin([wide], whole.length)).toEqual([loaded.collapsedList(wide, whole.length)])
    expect(loaded.collapsedList(wide, whole.length)).not.toBe(whole)
  })
})
