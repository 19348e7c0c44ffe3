import type * as FsPromises from 'node:fs/promises'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { InputError } from '../../src/errors.js'
import { buildManifest, compareManifests, MANIFEST_FORMAT, parseManifest, readManifest, writeManifest, type Manifest } from '../../src/changes/manifest.js'

// Tests run as root here, which may read any file: a permission error is made, for one file name.
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>()
  return {
    ...fs,
    readFile: (...args: Parameters<typeof fs.readFile>) =>
      typeof args[0] === 'string' && args[0].endsWith('forbidden.json') ? Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })) : fs.readFile(...args)
  }
})

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'manifest-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const write = (path: string, text: string): void => {
  mkdirSync(join(dir, 'site', path, '..'), { recursive: true })
  writeFileSync(join(dir, 'site', path), text)
}
const manifest = (files: Record<string, string>): Manifest => ({ format: MANIFEST_FORMAT, version: 1, algorithm: 'sha256', files })

describe('manifest', () => {
  it('hashes every file with its path below the folder, sorted', async () => {
    write('index.html', 'hello')
    write('docs/a b.html', 'x')
    write('.well-known/security.txt', 'y')
    symlinkSync(join(dir, 'site', 'index.html'), join(dir, 'site', 'home.html'))
    const built = await buildManifest(join(dir, 'site'))
    expect(Object.keys(built.files)).toEqual(['.well-known/security.txt', 'docs/a b.html', 'home.html', 'index.html'])
    expect(built.files['index.html']).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824')
    expect(built).toMatchObject({ format: 'cdn-purge-action/manifest', version: 1, algorithm: 'sha256' })
  })

  it('skips folders, broken links and links to folders; sorts by code unit', async () => {
    const names = ['z.html', 'B.html', 'a.html', 'a-b.html', 'a/b.html', '_x.html', '10.html', '9.html', 'ä.html', 'A.HTML']
    for (const name of names) write(name, name)
    mkdirSync(join(dir, 'site', 'empty'))
    symlinkSync(join(dir, 'site', 'nowhere.html'), join(dir, 'site', 'broken.html'))
    symlinkSync(join(dir, 'site', 'a'), join(dir, 'site', 'folder-link'))
    const built = await buildManifest(join(dir, 'site'))
    expect(Object.keys(built.files)).toEqual(['10.html', '9.html', 'A.HTML', 'B.html', '_x.html', 'a-b.html', 'a.html', 'a/b.html', 'z.html', 'ä.html'])
  })

  it('is a clear error when the folder does not exist', async () => {
    await expect(buildManifest(join(dir, 'nope'))).rejects.toThrow(/Input "site-dir": ".*nope" is not a folder/)
  })

  it('finds added, changed and removed files, sorted', () => {
    expect(compareManifests(manifest({ a: '1', b: '2', c: '3' }), manifest({ a: '1', b: '9', d: '4' }))).toEqual(['b', 'c', 'd'])
    expect(compareManifests(manifest({ z: '1', m: '1' }), manifest({ m: '2', a: '1' }))).toEqual(['a', 'm', 'z'])
  })

  it('creates missing folders, writes over an older manifest, and leaves no temporary file when it cannot', async () => {
    const path = join(dir, 'a', 'b', 'c', 'manifest.json')
    await writeManifest(path, manifest({ 'a.html': '1' }))
    await writeManifest(path, manifest({ 'a.html': '2' }))
    expect(await readManifest(path)).toEqual(manifest({ 'a.html': '2' }))
    const occupied = join(dir, 'occupied')
    mkdirSync(join(occupied, 'inside'), { recursive: true })
    await expect(writeManifest(occupied, manifest({}))).rejects.toThrow()
    expect(readdirSync(dir).sort()).toEqual(['a', 'occupied'])
  })

  it('writes atomically and reads back what it wrote', async () => {
    const path = join(dir, 'cache', 'manifest.json')
    const m = manifest({ 'a.html': 'ff' })
    await writeManifest(path, m)
    expect(readdirSync(join(dir, 'cache'))).toEqual(['manifest.json'])
    expect(await readManifest(path)).toEqual(m)
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(m)
  })

  it('reads a missing file as no manifest', async () => {
    expect(await readManifest(join(dir, 'missing.json'))).toBeUndefined()
  })

  it.each([
    ['forbidden.json', 'EACCES'],
    ['.', 'EISDIR'],
    ['file.txt/manifest.json', 'ENOTDIR']
  ])('names previous-manifest when %s cannot be read (%s), instead of taking it for the first run', async (name, code) => {
    writeFileSync(join(dir, 'file.txt'), '')
    const path = join(dir, name)
    const error = await readManifest(path).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).message).toBe(
      `Input "previous-manifest": cannot read "${path}" (${code}). Give the file the "manifest" input wrote, relative to GITHUB_WORKSPACE; only a file that does not exist yet (the first run) is read as no manifest.`
    )
  })

  it.each([
    ['not json', 'it is not JSON'],
    ['[]', 'its "format" is not "cdn-purge-action/manifest"'],
    ['{"format": "other-tool", "files": {}}', 'its "format" is not "cdn-purge-action/manifest"'],
    ['{"format": "cdn-purge-action/manifest", "version": 2, "algorithm": "sha256", "files": {}}', 'it is version 2; this version of the action reads version 1'],
    ['{"format": "cdn-purge-action/manifest", "version": 1, "algorithm": "md5", "files": {}}', 'its "algorithm" is not "sha256"'],
    ['{"format": "cdn-purge-action/manifest", "version": 1, "algorithm": "sha256", "files": {"a": 1}}', '"files" is not a mapping of paths to hashes'],
    ['{"format": "cdn-purge-action/manifest", "version": 1, "algorithm": "sha256", "files": "abc"}', '"files" is not a mapping of paths to hashes'],
    ['{"format": "cdn-purge-action/manifest", "version": 1, "algorithm": "sha256", "files": null}', '"files" is not a mapping of paths to hashes'],
    ['{"format": "cdn-purge-action/manifest", "version": 1, "algorithm": "sha256", "files": ["ff"]}', '"files" is not a mapping of paths to hashes'],
    ['{"format": "cdn-purge-action/manifest", "version": 1, "algorithm": "sha256", "files": {"a": "ff", "b": 2}}', '"files" is not a mapping of paths to hashes']
  ])('refuses %j, saying why', (text, why) => {
    let error: unknown
    try {
      parseManifest(text, 'm.json')
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).message).toBe(
      `Input "previous-manifest": "m.json" is not a manifest this action wrote (${why}). Remove it, or point previous-manifest at the file the "manifest" input wrote.`
    )
  })
})
