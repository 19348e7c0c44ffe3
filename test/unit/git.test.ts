import { describe, expect, it } from 'vitest'
import { changedPaths, parseNameStatus, scrubCredentials } from '../../src/changes/git.js'

describe('parseNameStatus', () => {
  it('reads every status, renames and copies with both paths, any file name', () => {
    const output = ['M', 'a.html', 'A', 'new file.html', 'D', 'gone\nline.html', 'R087', 'old.css', 'new.css', 'C100', 'src.js', 'copy.js', 'T', 'link', ''].join('\0')
    expect(parseNameStatus(output)).toEqual([
      { status: 'M', path: 'a.html' },
      { status: 'A', path: 'new file.html' },
      { status: 'D', path: 'gone\nline.html' },
      { status: 'R', from: 'old.css', path: 'new.css' },
      { status: 'C', from: 'src.js', path: 'copy.js' },
      { status: 'T', path: 'link' }
    ])
  })
  it('reads an empty diff', () => {
    expect(parseNameStatus('')).toEqual([])
  })
})

describe('changedPaths', () => {
  it('counts added, modified and deleted files, both sides of a rename, and the new side of a copy', () => {
    const entries = parseNameStatus(['M', 'a', 'A', 'b', 'D', 'c', 'R090', 'd-old', 'd-new', 'C100', 'e', 'e-copy', ''].join('\0'))
    expect(changedPaths(entries)).toEqual(['a', 'b', 'c', 'd-old', 'd-new', 'e-copy'])
  })
})

describe('scrubCredentials', () => {
  it('hides the user and password of remote URLs in git messages', () => {
    expect(scrubCredentials("fatal: unable to access 'https://x-access-token:ghs_secret@github.com/acme/site/': 403")).toBe(
      "fatal: unable to access 'https://***@github.com/acme/site/': 403"
    )
    expect(scrubCredentials('fatal: could not read from ssh://git@host/repo')).toBe('fatal: could not read from ssh://***@host/repo')
    expect(scrubCredentials("fatal: '/tmp/no-such-remote' does not appear to be a git repository")).toBe("fatal: '/tmp/no-such-remote' does not appear to be a git repository")
  })
})
