import { describe, expect, it } from 'vitest'
import { getInputs } from '../../../src/inputs/index.js'
import { source } from '../fixtures/inputs.js'

const minimal = { 'api-key': 'k', 'api-url': 'https://api.example.net/v1', zone: 'example.com', files: '/a' }

describe('zone inputs together', () => {
  it('refuse auto with tags, purge-everything, settings or create-zone', async () => {
    await expect(getInputs(source({ ...minimal, zone: 'auto', tags: 't' }))).rejects.toThrow(
      /Input "zone" is auto, which routes URLs to their zones; "tags", "purge-everything" and "settings" need the zones named/
    )
    await expect(getInputs(source({ ...minimal, zone: 'auto', files: '', 'purge-everything': 'true' }))).rejects.toThrow(
      /Input "zone" is auto, which routes URLs/
    )
    await expect(getInputs(source({ ...minimal, zone: 'auto', settings: 'sdk: {enabled: true}' }))).rejects.toThrow(
      /Input "zone" is auto, which routes URLs/
    )
    await expect(getInputs(source({ ...minimal, zone: 'auto', 'create-zone': 'true' }))).rejects.toThrow(
      /"create-zone" needs the zone names/
    )
  })
  it('warn that plan does nothing without create-zone', async () => {
    expect((await getInputs(source({ ...minimal, plan: 'pro' }))).warnings).toEqual([
      'Input "plan" is only sent when a zone is created; set "create-zone: true" for it to have an effect.'
    ])
  })
})
