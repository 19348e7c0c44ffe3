import { describe, expect, it } from 'vitest'
import { comparedPaths, parseRepository, pickPreviousRelease, type Release } from '../../src/changes/github.js'

const release = (tag_name: string, published_at: string | null, over: Partial<Release> = {}): Release => ({ tag_name, published_at, draft: false, prerelease: false, ...over })

describe('pickPreviousRelease', () => {
  const releases = [
    release('v3.0.0', null, { draft: true }),
    release('v2.1.0', '2026-11-03T00:00:00Z'),
    release('v2.1.0-rc.2', '2026-11-02T12:00:00Z', { prerelease: true }),
    release('v2.0.0', '2026-10-01T00:00:00Z'),
    release('v1.0.0', '2026-09-01T00:00:00Z')
  ]
  it('skips drafts and, for a full release, prereleases', () => {
    expect(pickPreviousRelease(releases, release('v2.1.0', '2026-11-03T00:00:00Z'))?.tag_name).toBe('v2.0.0')
  })
  it('takes a prerelease as the base of a prerelease', () => {
    expect(pickPreviousRelease(releases, release('v2.1.0-rc.3', '2026-11-02T18:00:00Z', { prerelease: true }))?.tag_name).toBe('v2.1.0-rc.2')
  })
  it('ignores releases published after this one', () => {
    expect(pickPreviousRelease(releases, release('v2.0.1', '2026-10-15T00:00:00Z'))?.tag_name).toBe('v2.0.0')
  })
  it('finds none for the first release', () => {
    expect(pickPreviousRelease(releases, release('v1.0.0', '2026-09-01T00:00:00Z'))).toBeUndefined()
  })
})

describe('comparedPaths', () => {
  it('counts every status, and both paths of a rename', () => {
    expect(
      comparedPaths([
        { filename: 'a', status: 'added' },
        { filename: 'b', status: 'removed' },
        { filename: 'c-new', status: 'renamed', previous_filename: 'c-old' },
        { filename: 'd', status: 'modified' },
        { filename: 'e', status: 'copied', previous_filename: 'e-src' }
      ])
    ).toEqual(['a', 'b', 'c-old', 'c-new', 'd', 'e'])
  })
})

describe('parseRepository', () => {
  it('reads owner/repo and refuses anything else', () => {
    expect(parseRepository('acme/site')).toEqual({ owner: 'acme', repo: 'site' })
    expect(() => parseRepository(undefined)).toThrow(/GITHUB_REPOSITORY is not set as owner\/repo/)
    expect(() => parseRepository('acme')).toThrow(/GITHUB_REPOSITORY/)
  })
})
