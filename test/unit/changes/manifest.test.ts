import type * as FsPromises from 'node:fs/promises'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, posix, win32 } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as ManifestModule from '../../../src/changes/manifest.js'
import { siteUrls } from '../../../src/changes/site.js'
import { InputError } from '../../../src/errors.js'
import {
  buildManifest,
  compareManifests,
  manifestKey,
  MANIFEST_FORMAT,
  MAX_MANIFEST_BYTES,
  parseManifest,
  readManifest,
  writeManifest,
  type Manifest
} from '../../../src/changes/manifest.js'
import { loadAfresh } from '../../support/fresh.js'
import { CASE_INSENSITIVE_FILES, needs, NO_PROC, NO_SYMLINKS, NOT_A_FOLDER_IS_MISSING } from '../../support/platform.js'

// Tests run as root here, which may read any file: a permission error is made, for one file name.
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>()
  return {
    ...fs,
    realpath: (...args: Parameters<typeof fs.realpath>) =>
      typeof args[0] === 'string' && args[0].endsWith('forbidden.json')
        ? Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' }))
        : fs.realpath(...args)
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
  it('hashes every file with its path below the folder, sorted', async (context) => {
    needs(context, NO_SYMLINKS)
    write('index.html', 'hello')
    write('docs/a b.html', 'x')
    write('.well-known/security.txt', 'y')
    symlinkSync(join(dir, 'site', 'index.html'), join(dir, 'site', 'home.html'))
    const built = await buildManifest(join(dir, 'site'))
    expect(Object.keys(built.files)).toEqual(['.well-known/security.txt', 'docs/a b.html', 'home.html', 'index.html'])
    expect(built.files['index.html']).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824')
    expect(built).toMatchObject({ format: 'cdn-purge-action/manifest', version: 1, algorithm: 'sha256' })
  })

  it('skips folders, broken links and links to folders; sorts by code unit', async (context) => {
    needs(context, NO_SYMLINKS, CASE_INSENSITIVE_FILES)
    const names = ['z.html', 'B.html', 'a.html', 'a-b.html', 'a/b.html', '_x.html', '10.html', '9.html', 'ä.html', 'A.HTML']
    for (const name of names) write(name, name)
    mkdirSync(join(dir, 'site', 'empty'))
    symlinkSync(join(dir, 'site', 'nowhere.html'), join(dir, 'site', 'broken.html'))
    symlinkSync(join(dir, 'site', 'a'), join(dir, 'site', 'folder-link'))
    const built = await buildManifest(join(dir, 'site'))
    expect(Object.keys(built.files)).toEqual([
      '10.html',
      '9.html',
      'A.HTML',
      'B.html',
      '_x.html',
      'a-b.html',
      'a.html',
      'a/b.html',
      'z.html',
      'ä.html'
    ])
  })

  it('is a clear error when the folder does not exist', async () => {
    await expect(buildManifest(join(dir, 'nope'))).rejects.toThrow(/Input "site-dir": ".*nope" is not a folder/)
  })

  it('keys a file by its path below the folder with / between folders, on Windows as on Linux', () => {
    expect(manifestKey('D:\\a\\repo\\repo\\public', 'D:\\a\\repo\\repo\\public\\docs\\a b.html', win32)).toBe('docs/a b.html')
    expect(manifestKey('D:\\a\\repo\\repo\\public', 'D:\\a\\repo\\repo\\public\\index.html', win32)).toBe('index.html')
    expect(manifestKey('/home/runner/work/repo/repo/public', '/home/runner/work/repo/repo/public/docs/a b.html', posix)).toBe(
      'docs/a b.html'
    )
    // On Linux a \ is part of a file name, not a separator: the key keeps it (and its URL encodes it).
    expect(manifestKey('/w/public', '/w/public/a\\b.html', posix)).toBe('a\\b.html')
  })

  // A build on a Windows runner, the next one on Linux (or the other way round): the manifest carries over.
  it('reads a manifest written on Windows on Linux and back: same keys, nothing changed, the same URLs', async () => {
    const files = ['index.html', 'docs\\index.html', 'docs\\a b.html', 'img\\logo.png']
    const onWindows = Object.fromEntries(
      files.map((file, i) => [manifestKey('D:\\a\\site', win32.join('D:\\a\\site', file), win32), String(i)])
    )
    const onLinux = Object.fromEntries(
      files.map((file, i) => [manifestKey('/w/site', posix.join('/w/site', file.replaceAll('\\', '/')), posix), String(i)])
    )
    expect(Object.keys(onWindows)).toEqual(['index.html', 'docs/index.html', 'docs/a b.html', 'img/logo.png'])
    await writeManifest(join(dir, 'windows.json'), manifest(onWindows), { roots: [dir] })
    const read = await readManifest(join(dir, 'windows.json'), { roots: [dir] })
    expect(compareManifests(read as Manifest, manifest(onLinux))).toEqual([])
    const options = { siteDir: 'site', urlBase: undefined, indexFile: 'index.html', include: [], exclude: [] }
    const changed = compareManifests(manifest({}), read as Manifest)
    expect(siteUrls(changed, options, false).entries).toEqual(
      siteUrls(compareManifests(manifest({}), manifest(onLinux)), options, false).entries
    )
    expect(siteUrls(changed, options, false).entries).toEqual([
      '/docs/a%20b.html',
      '/docs/index.html',
      '/docs/',
      '/img/logo.png',
      '/index.html',
      '/'
    ])
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

  it('reads a manifest saved as UTF-16 (LE or BE) or UTF-8 with a byte order mark, with CRLF line ends', async () => {
    const text = JSON.stringify(manifest({ 'caf\u00e9.html': 'ff' }), null, 1).replaceAll('\n', '\r\n')
    const le = Buffer.from(text, 'utf16le')
    const forms = [
      Buffer.concat([Buffer.from([0xff, 0xfe]), le]),
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(le).swap16()]),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])
    ]
    for (const bytes of forms) {
      writeFileSync(join(dir, 'manifest.json'), bytes)
      expect(await readManifest(join(dir, 'manifest.json'), { roots: [dir] })).toEqual(manifest({ 'caf\u00e9.html': 'ff' }))
    }
  })

  it('refuses a manifest in UTF-16 without its byte order mark, naming previous-manifest and saying to save it as UTF-8', async () => {
    const path = join(dir, 'manifest.json')
    writeFileSync(path, Buffer.from(JSON.stringify(manifest({})), 'utf16le'))
    const error = await readManifest(path, { roots: [dir] }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InputError)
    expect(error).toMatchObject({ input: 'previous-manifest' })
    expect((error as InputError).message).toMatch(/^Input "previous-manifest": ".*manifest\.json" holds NUL bytes .*: save it as UTF-8\.$/)
  })

  it('reads a missing file as no manifest', async () => {
    expect(await readManifest(join(dir, 'missing.json'))).toBeUndefined()
  })

  it.for([
    ['forbidden.json', 'EACCES'],
    ['file.txt/manifest.json', 'ENOTDIR']
  ] as const)(
    'names previous-manifest when %s cannot be read (%s), instead of taking it for the first run',
    async ([name, code], context) => {
      needs(context, code === 'ENOTDIR' ? NOT_A_FOLDER_IS_MISSING : undefined)
      writeFileSync(join(dir, 'file.txt'), '')
      const path = join(dir, name)
      const error = await readManifest(path).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(InputError)
      expect((error as InputError).input).toBe('previous-manifest')
      expect((error as InputError).message).toBe(
        `Input "previous-manifest": cannot read "${path}" (${code}). Give the file the "manifest" input wrote, relative to GITHUB_WORKSPACE; only a file that does not exist yet (the first run) is read as no manifest.`
      )
    }
  )

  it.each([
    ['not json', 'it is not JSON'],
    ['[]', 'its "format" is not "cdn-purge-action/manifest"'],
    ['{"format": "other-tool", "files": {}}', 'its "format" is not "cdn-purge-action/manifest"'],
    [
      '{"format": "cdn-purge-action/manifest", "version": 2, "algorithm": "sha256", "files": {}}',
      'it is version 2; this version of the action reads version 1'
    ],
    ['{"format": "cdn-purge-action/manifest", "version": 1, "algorithm": "md5", "files": {}}', 'its "algorithm" is not "sha256"'],
    [
      '{"format": "cdn-purge-action/manifest", "version": 1, "algorithm": "sha256", "files": {"a": 1}}',
      '"files" is not a mapping of paths to hashes'
    ],
    [
      '{"format": "cdn-purge-action/manifest", "version": 1, "algorithm": "sha256", "files": "abc"}',
      '"files" is not a mapping of paths to hashes'
    ],
    [
      '{"format": "cdn-purge-action/manifest", "version": 1, "algorithm": "sha256", "files": null}',
      '"files" is not a mapping of paths to hashes'
    ],
    [
      '{"format": "cdn-purge-action/manifest", "version": 1, "algorithm": "sha256", "files": ["ff"]}',
      '"files" is not a mapping of paths to hashes'
    ],
    [
      '{"format": "cdn-purge-action/manifest", "version": 1, "algorithm": "sha256", "files": {"a": "ff", "b": 2}}',
      '"files" is not a mapping of paths to hashes'
    ]
  ])('refuses %j, saying why', (text, why) => {
    let error: unknown
    try {
      parseManifest(text, 'm.json')
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).input).toBe('previous-manifest')
    expect((error as InputError).message).toBe(
      `Input "previous-manifest": "m.json" is not a manifest this action wrote (${why}). Remove it, or point previous-manifest at the file the "manifest" input wrote.`
    )
  })

  // site-dir, previous-manifest and manifest are read and written only as regular files inside the workspace or RUNNER_TEMP.
  describe('refuses what is not a file of the workspace', () => {
    const roots = (): string[] => [join(dir, 'site'), join(dir, 'temp')]

    it.for([
      ['a link to /dev/zero', '/dev/zero', 'is a file of the system (under /dev), not data'],
      ['a link to a file outside', 'OUTSIDE', 'resolves outside the workspace and RUNNER_TEMP']
    ] as const)('names site-dir and the file for %s, instead of hashing it', async ([, target, why], context) => {
      needs(context, NO_SYMLINKS)
      write('index.html', 'x')
      writeFileSync(join(dir, 'secret.txt'), 'TOP SECRET')
      const link = join(dir, 'site', 'z.html')
      symlinkSync(target === 'OUTSIDE' ? join(dir, 'secret.txt') : target, link)
      const error = await buildManifest(join(dir, 'site'), 'site-dir', { roots: roots() }).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(InputError)
      expect((error as InputError).message).toBe(
        `Input "site-dir": "${link}" ${why}, so it is not hashed for the manifest. Remove it from the build output, or exclude it from site-dir.`
      )
    })

    it('names site-dir when the folder itself leads outside, without listing it', async (context) => {
      needs(context, NO_SYMLINKS)
      mkdirSync(join(dir, 'elsewhere'))
      mkdirSync(join(dir, 'temp'))
      symlinkSync(join(dir, 'elsewhere'), join(dir, 'temp', 'site'))
      const error = await buildManifest(join(dir, 'temp', 'site'), 'site-dir', { roots: [join(dir, 'temp')] }).catch(
        (caught: unknown) => caught
      )
      expect(error).toBeInstanceOf(InputError)
      expect((error as InputError).message).toMatch(/^Input "site-dir": ".*temp\/site" resolves outside the workspace and RUNNER_TEMP, so/)
    })

    it('refuses a site file over 4 GiB from its size alone, without reading it', async () => {
      write('video.mp4', '')
      truncateSync(join(dir, 'site', 'video.mp4'), 4 * 1024 * 1024 * 1024 + 1)
      await expect(buildManifest(join(dir, 'site'))).rejects.toThrow(
        /^Input "site-dir": ".*video\.mp4" is larger than 4 GiB, the most read, so/
      )
    })

    it('hashes a site file of exactly the cap, and refuses one byte more', async () => {
      write('a.html', '12345')
      expect(Object.keys((await buildManifest(join(dir, 'site'), 'site-dir', { maxBytes: 5 })).files)).toEqual(['a.html'])
      await expect(buildManifest(join(dir, 'site'), 'site-dir', { maxBytes: 4 })).rejects.toThrow(
        /^Input "site-dir": ".*a\.html" is larger than 4 bytes, the most read, so/
      )
    })

    it.for([
      [
        'a link to /proc/self/environ',
        (path: string) => symlinkSync('/proc/self/environ', path),
        'is a file of the system (under /proc), not data'
      ],
      ['a folder', (path: string) => mkdirSync(path), 'is a folder, not a regular file'],
      [
        'a manifest over the cap',
        (path: string) => writeFileSync(path, `${JSON.stringify(manifest({ 'a.html': '1' }))}${' '.repeat(64)}`),
        'is larger than 64 bytes, the most read'
      ]
    ] as const)('names previous-manifest for %s, and shows nothing of it', async ([what, make, why], context) => {
      needs(context, what.includes('/proc') ? (NO_SYMLINKS ?? NO_PROC) : undefined)
      const path = join(dir, 'previous.json')
      make(path)
      const error = await readManifest(path, { maxBytes: 64 }).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(InputError)
      expect((error as InputError).input).toBe('previous-manifest')
      expect((error as InputError).message).toBe(
        `Input "previous-manifest": "${path}" ${why} (at most 64 bytes, a regular file inside the workspace or RUNNER_TEMP). Give the file the "manifest" input wrote, relative to GITHUB_WORKSPACE.`
      )
    })

    it('reads a previous manifest of exactly the cap', async () => {
      const text = JSON.stringify(manifest({ 'a.html': '1' }))
      writeFileSync(join(dir, 'previous.json'), text)
      expect(await readManifest(join(dir, 'previous.json'), { maxBytes: text.length })).toEqual(manifest({ 'a.html': '1' }))
    })

    it('caps previous-manifest at 64 MiB, as files-from', () => {
      expect(MAX_MANIFEST_BYTES).toBe(64 * 1024 * 1024)
    })

    it('never writes the manifest through a link, the target or a planted temporary name', async (context) => {
      needs(context, NO_SYMLINKS)
      writeFileSync(join(dir, 'secret.txt'), 'TOP SECRET')
      mkdirSync(join(dir, 'temp'))
      symlinkSync(join(dir, 'secret.txt'), join(dir, 'temp', `m.json.${process.pid}.tmp`))
      await writeManifest(join(dir, 'temp', 'm.json'), manifest({ a: '1' }), { roots: roots() })
      symlinkSync(join(dir, 'secret.txt'), join(dir, 'temp', 'n.json'))
      await expect(writeManifest(join(dir, 'temp', 'n.json'), manifest({ a: '1' }), { roots: roots() })).rejects.toThrow(
        'is a symbolic link, which is never written through'
      )
      expect(readFileSync(join(dir, 'secret.txt'), 'utf8')).toBe('TOP SECRET')
      expect(await readManifest(join(dir, 'temp', 'm.json'))).toEqual(manifest({ a: '1' }))
    })
  })
})

// Each test loads manifest.ts anew (test/support/fresh.ts), and so covers what the module makes as it loads: its
// format name and its caps.
describe('manifest, the module loaded by the test', () => {
  it('writes its format into a manifest, and reads back only a manifest of that format', async () => {
    const loaded = await loadAfresh<typeof ManifestModule>('/src/changes/manifest.js')
    write('index.html', 'hello')
    const built = await loaded.buildManifest(join(dir, 'site'))
    expect(built).toEqual({
      format: 'cdn-purge-action/manifest',
      version: 1,
      algorithm: 'sha256',
      files: { 'index.html': '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824' }
    })
    expect(loaded.parseManifest(JSON.stringify(built), 'm.json')).toEqual(built)
    for (const format of ['', 'cdn-purge-action/other', undefined]) {
      expect(() => loaded.parseManifest(JSON.stringify({ ...built, format }), 'm.json')).toThrow(InputError)
      expect(() => loaded.parseManifest(JSON.stringify({ ...built, format }), 'm.json')).toThrow(
        'is not a manifest this action wrote (its "format" is not "cdn-purge-action/manifest")'
      )
    }
  })

  it('hashes site files of any common size, and refuses one over 4 GiB from its size alone', async () => {
    const loaded = await loadAfresh<typeof ManifestModule>('/src/changes/manifest.js')
    write('page.html', 'x'.repeat(5000))
    write('video.mp4', '')
    truncateSync(join(dir, 'site', 'video.mp4'), 4 * 1024 * 1024 * 1024 + 1)
    await expect(loaded.buildManifest(join(dir, 'site'))).rejects.toThrow(
      /^Input "site-dir": ".*video\.mp4" is larger than 4 GiB, the most read, so/
    )
    rmSync(join(dir, 'site', 'video.mp4'))
    expect(Object.keys((await loaded.buildManifest(join(dir, 'site'))).files)).toEqual(['page.html'])
  })

  it('reads a previous manifest of many files, and refuses one over 64 MiB from its size alone', async () => {
    const loaded = await loadAfresh<typeof ManifestModule>('/src/changes/manifest.js')
    const files = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`page-${i}.html`, 'f'.repeat(64)]))
    writeFileSync(join(dir, 'previous.json'), JSON.stringify(manifest(files)))
    expect(await loaded.readManifest(join(dir, 'previous.json'))).toEqual(manifest(files))
    const path = join(dir, 'huge.json')
    writeFileSync(path, '')
    truncateSync(path, 64 * 1024 * 1024 + 1)
    const error = await loaded.readManifest(path).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).message).toBe(
      `Input "previous-manifest": "${path}" is larger than 64 MiB, the most read (at most 64 MiB, a regular file inside the workspace or RUNNER_TEMP). Give the file the "manifest" input wrote, relative to GITHUB_WORKSPACE.`
    )
  })
})
