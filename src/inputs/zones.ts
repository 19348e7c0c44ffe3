import { InputError } from '../errors.js'
import { checkEntryLength, lines, shown } from '../text.js'
import { PLANS, type ZonePlan, type ZoneRef, type ZoneSelection } from '../zones/resolve.js'
import { readFlag } from './flags.js'
import type { Reader } from './read.js'

/** Which zones, and whether to create them: zone, create-zone, plan. */
export interface ZoneInputs {
  readonly zones: ZoneSelection
  /** Create a zone given by name that does not exist (or only as deleted). */
  readonly createZone: boolean
  /** Sent on creation. */
  readonly plan: ZonePlan | undefined
}

export function readZones(read: Reader): ZoneInputs {
  return { zones: parseZoneSelection(read.text('zone')), createZone: readFlag(read, 'create-zone'), plan: parsePlan(read.value('plan')) }
}

/** Two or more labels of letters, digits and hyphens (so a name always has a dot), 253 characters at most. */
const HOST_NAME = /^(?=.{1,253}\.?$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+\.?$/i

export function isHostName(value: string): boolean {
  return HOST_NAME.test(value)
}

/**
 * What a zone id is made of: letters, digits, `-` and `_`. An id goes into request paths (/zones/{id}/purge),
 * so `.`, `..`, `/` or `%` in one would send a request to another path than the API describes.
 */
const ZONE_ID = /^[a-z0-9_-]+$/i

/** A value with a dot that is a valid host name is a domain name; one made of id characters an id; anything else an input error. */
export function parseZoneRef(value: string): ZoneRef {
  if (isHostName(value)) return { kind: 'name', name: value }
  if (ZONE_ID.test(value)) return { kind: 'id', id: value }
  throw new InputError(
    'zone',
    `Input "zone": "${shown(value)}" is neither a domain name (such as example.com) nor a zone id (letters, digits, "-" and "_" only). ` +
      'Separate several zones with newlines or commas.'
  )
}

/** Zone ids or names separated by newlines or commas, or `auto`. Duplicates are dropped. */
export function parseZoneSelection(value: string): ZoneSelection {
  const entries = [
    ...new Set(
      lines(value)
        .flatMap((line) => line.split(','))
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '')
    )
  ]
  // Before any pattern meets them: one zone id or name is short.
  for (const entry of entries) checkEntryLength(entry, 'zone')
  if (entries.length === 0) {
    throw new InputError(
      'zone',
      'Input "zone" is required: a zone id or domain name (e.g. example.com), several separated by newlines or commas, or "auto".'
    )
  }
  const spaced = entries.find((entry) => /\s/.test(entry))
  if (spaced !== undefined) {
    throw new InputError(
      'zone',
      `Input "zone": "${shown(spaced)}" is not a zone id or domain name; separate several zones with newlines or commas.`
    )
  }
  if (entries.some((entry) => entry.toLowerCase() === 'auto')) {
    if (entries.length > 1) throw new InputError('zone', 'Input "zone": "auto" stands alone; it cannot be listed with other zones.')
    return { kind: 'auto' }
  }
  return { kind: 'list', refs: entries.map(parseZoneRef) }
}

export function parsePlan(value: string): ZonePlan | undefined {
  if (value === '') return undefined
  const plan = PLANS.find((candidate) => candidate === value.toLowerCase())
  if (plan === undefined) throw new InputError('plan', `Input "plan" must be one of ${PLANS.join(', ')}; got "${shown(value)}".`)
  return plan
}
