// The summary's part about what changed (src/report/changes.ts), as the summary shows it.
import { describe, expect, it } from 'vitest'
import { changesSection } from '../../../src/report/changes.js'
import { code, escapeText } from '../../../src/report/markdown.js'
import type { RunResult } from '../../../src/run/result/index.js'
import { details, HEAD, summary, TABLE, ZONE_ROW } from '../../support/summary.js'

describe('renderSummary: what changed', () => {
  it('says why everything was purged, where the manifest went, and what git found, then lists the changes', () => {
    const text = summary({
      everythingInstead: 'over 500 changed files',
      manifestWritten: '.cdn/manifest.json',
      changes: {
        source: 'git',
        how: 'git diff in the local checkout',
        base: 'abc1234',
        head: 'def5678',
        why: '',
        link: null,
        files: ['a.html', 'b.css'],
        urls: ['https://example.com/a.html']
      }
    })
    expect(text).toBe(
      `${HEAD}${TABLE}${ZONE_ROW}\n` +
        '> [!WARNING]\n> **Purged everything instead** of the list: over 500 changed files.\n\n' +
        'Manifest for the next run written to <code>.cdn/manifest.json</code>.\n\n' +
        '### What changed\n\nFound with git diff in the local checkout, from <code>abc1234</code> to <code>def5678</code>: 2 changed files → 1 URL.\n' +
        '\n' +
        details('Changed URLs (1)', ['https://example.com/a.html']) +
        '\n' +
        details('Changed files (2)', ['a.html', 'b.css'])
    )
  })

  it('says what the manifest comparison found, and lists no URLs when none changed', () => {
    const changes = {
      source: 'manifest' as const,
      how: 'comparing with the previous manifest',
      base: 'previous.json',
      head: 'dist',
      why: '',
      link: null,
      files: ['a.html'],
      urls: []
    }
    expect(summary({ changes })).toBe(
      `${HEAD}${TABLE}${ZONE_ROW}\n### What changed\n\nFound comparing with the previous manifest (<code>previous.json</code>), in <code>dist</code>: 1 changed file → 0 URLs.\n\n${details('Changed files (1)', ['a.html'])}`
    )
  })
})

describe('renderSummary: why this base and head', () => {
  const git = {
    source: 'git' as const,
    how: 'git diff in the local checkout',
    base: 'a'.repeat(40),
    head: 'b'.repeat(40),
    files: [],
    urls: []
  }
  it('says which event, base and head were used and why, with a link to the comparison', () => {
    const why =
      'deployment_status event: the base is the last successful deployment to github-pages, aaaaaaa, 2 h ago; the head is the deployed commit, bbbbbbb'
    const link = `https://ghe.example.com/acme/site/compare/${'a'.repeat(40)}...${'b'.repeat(40)}`
    expect(summary({ changes: { ...git, why, link } })).toContain(
      `: 0 changed files → 0 URLs.\n\n${escapeText(why)}. [Compare on GitHub](${link})\n`
    )
    expect(summary({ changes: { ...git, why, link: null } })).toContain(`: 0 changed files → 0 URLs.\n\n${escapeText(why)}.\n`)
  })

  it('says what was counted when there was nothing to compare with', () => {
    const text = summary({
      changes: {
        ...git,
        base: '',
        head: '',
        how: 'Nothing compared, as nothing was merged',
        why: 'pull_request event: nothing was merged',
        link: null
      }
    })
    expect(text).toContain(
      '### What changed\n\nNothing compared, as nothing was merged: 0 changed files → 0 URLs.\n\npull&#95;request event: nothing was merged.\n'
    )
  })

  it('keeps the reason to text: no Markdown or HTML of an environment name gets through', () => {
    const text = summary({
      changes: { ...git, why: 'deployment_status event: the base is the last successful deployment to <img src=x>[x](y)', link: null }
    })
    expect(text).not.toContain('<img')
    expect(text).not.toContain('[x](y)')
  })
})

describe('changesSection', () => {
  it('gives each part with a blank line after it, and the manifest form whatever the base (an empty one too)', () => {
    const result = {
      everythingInstead: null,
      manifestWritten: null,
      changes: {
        source: 'manifest',
        how: 'comparing with no manifest',
        base: '',
        head: 'dist',
        why: 'the first deploy',
        link: null,
        files: ['a.html'],
        urls: []
      }
    } as unknown as RunResult
    expect(changesSection(result)).toEqual([
      '### What changed',
      '',
      `Found comparing with no manifest (${code('')}), in ${code('dist')}: 1 changed file → 0 URLs.`,
      '',
      'the first deploy.',
      ''
    ])
  })
})
