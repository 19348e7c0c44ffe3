import { describe, expect, it } from 'vitest'
import { Cancelled } from '../../../src/cancel.js'
import type { ChangeSet } from '../../../src/changes/index.js'
import { getInputs } from '../../../src/inputs/index.js'
import { findChanges, nothingToSend } from '../../../src/phases/find-changes.js'
import type { Lists } from '../../../src/phases/read-lists.js'
import { testCancel } from '../../support/clock.js'
import { source } from '../../support/inputs.js'
// Loaded as the file loads, not first inside a test by the phase's import(): a mutation run then counts the module's
// top-level code as static, not as covered by that one test alone (which leaves its constants as survivors).
import '../../../src/changes/index.js'

const minimal = { 'api-key': 'phases-lists-test-key', 'api-url': 'https://api.example.net/v1', zone: 'example.com' }
const SAID = 'This push deleted refs/tags/v1: nothing changed to purge'
const changes = (nothingDeployed: string | undefined): ChangeSet => ({
  source: 'git',
  how: 'Nothing compared, as the push deleted a branch or tag',
  base: '',
  head: '',
  commit: undefined,
  why: 'push event: it deleted refs/tags/v1: nothing changed to purge',
  link: undefined,
  files: [],
  entries: [],
  deployed: new Map(),
  incomplete: undefined,
  manifest: undefined,
  nothingDeployed
})
const lists = (over: Partial<Lists> = {}): Lists => ({ everything: false, entries: [], tags: [], ...over })

describe('nothingToSend', () => {
  it('ends the step when nothing was deployed and nothing else is asked, saying why', async () => {
    const given = await getInputs(source({ ...minimal, 'changed-since': 'auto' }))
    expect(nothingToSend(given, lists(), changes(SAID))).toBe(SAID)
  })

  it('goes on when something was deployed, or nothing was asked of what changed', async () => {
    const given = await getInputs(source({ ...minimal, 'changed-since': 'auto' }))
    expect(nothingToSend(given, lists(), changes(undefined))).toBeUndefined()
    expect(nothingToSend(given, lists(), undefined)).toBeUndefined()
  })

  it('goes on when other URLs, tags or settings are asked for: those are still sent', async () => {
    const given = await getInputs(source({ ...minimal, 'changed-since': 'auto' }))
    expect(nothingToSend(given, lists({ entries: ['/sitemap.xml'] }), changes(SAID))).toBeUndefined()
    expect(nothingToSend(given, lists({ tags: ['blog'] }), changes(SAID))).toBeUndefined()
    expect(nothingToSend(given, lists({ everything: true }), changes(SAID))).toBeUndefined()
    const withSettings = await getInputs(source({ ...minimal, 'changed-since': 'auto', settings: 'limits:\n  enabled: true\n' }))
    expect(nothingToSend(withSettings, lists(), changes(SAID))).toBeUndefined()
  })
})

describe('findChanges', () => {
  it('finds nothing when neither changed-since nor previous-manifest is given', async () => {
    expect(await findChanges(await getInputs(source({ ...minimal, files: '/a' })), () => undefined)).toBeUndefined()
  })

  it('rejects with the cancel once the run is cancelled: git is not asked, nor the GitHub API instead', async () => {
    const run = testCancel()
    run.cancel()
    const given = await getInputs(source({ ...minimal, 'changed-since': 'v1' }))
    const found = findChanges(given, () => undefined, run.signal)
    await expect(found).rejects.toBe(run.reason)
    await expect(found).rejects.toBeInstanceOf(Cancelled)
  })

  it('rejects with the cancel, not a manifest, once the run is cancelled', async () => {
    const run = testCancel()
    run.cancel()
    const given = await getInputs(source({ ...minimal, 'previous-manifest': 'previous.json' }))
    await expect(findChanges(given, () => undefined, run.signal)).rejects.toBe(run.reason)
  })
})
