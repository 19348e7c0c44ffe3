import { InputError } from '../errors.js'
import type { ChangesInputs } from './changes.js'
import type { EdgeInputs } from './edge.js'
import type { OriginInputs } from './origin.js'
import type { PurgeInputs } from './purge.js'
import type { SettingsInputs } from './settings.js'
import type { ZoneInputs } from './zones.js'
import { NUMBERS } from './numbers.js'

/** What the errors read: what the step was asked to do, once each of these inputs was read on its own. */
export type Asked = Pick<ZoneInputs, 'zones' | 'createZone'> &
  PurgeInputs &
  Pick<ChangesInputs, 'changes'> &
  Pick<SettingsInputs, 'settings'>

/** What the warnings read: every input, verify-timeout as written. */
export type Given = Asked &
  Pick<ZoneInputs, 'plan'> &
  Pick<SettingsInputs, 'waitForPropagation'> &
  Pick<EdgeInputs, 'verify' | 'verifyTimeout' | 'warm' | 'probeUrls'> &
  Pick<ChangesInputs, 'manifest'> &
  OriginInputs

/**
 * A rule over several inputs: an error stops the step before any request; a warning is reported with the others.
 * An error's `input` is the one the annotation names (undefined when the mistake is the combination itself).
 */
export type Rule =
  | { readonly when: (asked: Asked) => boolean; readonly input: string | undefined; readonly error: string }
  | { readonly when: (given: Given) => boolean; readonly warning: string }

const lists = (asked: Asked): boolean =>
  asked.files.length > 0 || asked.filesFrom !== undefined || asked.tags.length > 0 || asked.changes !== undefined

/**
 * Every rule over several inputs, in the order they are checked. The errors are checked as soon as what to do is
 * known (zones, lists, changes, settings), before the edge inputs and the numbers are read; the warnings once all is read.
 */
export const RULES: readonly Rule[] = [
  {
    when: (asked: Asked) => asked.purgeEverything && lists(asked),
    input: 'purge-everything',
    error:
      'Input "purge-everything" is true, which cannot be combined with "files", "files-from", "tags", "changed-since" or "previous-manifest": purge everything, or purge a list, not both.'
  },
  {
    when: (asked: Asked) => !asked.purgeEverything && !lists(asked) && asked.settings === undefined,
    input: undefined,
    error:
      'Nothing to do: give "files", "files-from", "tags", "changed-since" or "previous-manifest" to purge, "purge-everything: true", or "settings" to apply. ' +
      'An empty list never purges everything.'
  },
  {
    when: (asked: Asked) => asked.zones.kind === 'auto' && (asked.tags.length > 0 || asked.purgeEverything || asked.settings !== undefined),
    input: 'zone',
    error:
      'Input "zone" is auto, which routes URLs to their zones; "tags", "purge-everything" and "settings" need the zones named explicitly in "zone".'
  },
  {
    when: (asked: Asked) => asked.zones.kind === 'auto' && asked.createZone,
    input: 'create-zone',
    error: 'Input "create-zone" needs the zone names in "zone"; "auto" only routes URLs to zones that exist.'
  },
  {
    when: (given: Given) => given.waitForPropagation && given.settings === undefined,
    warning: 'Input "wait-for-propagation" has no effect without "settings": there is nothing to wait for.'
  },
  {
    when: (given: Given) =>
      given.verify === 0 && given.verifyTimeout !== '' && given.verifyTimeout !== String(NUMBERS['verify-timeout'].default),
    warning: 'Input "verify-timeout" has no effect without "verify": nothing is checked at the edge.'
  },
  {
    when: (given: Given) => given.verify === 0 && !given.warm && given.probeUrls.length > 0,
    warning: 'Input "probe-urls" has no effect without "verify" or "warm": the URLs are only fetched to check or warm them.'
  },
  {
    when: (given: Given) => given.origin.waitSeconds === 0 && (given.origin.url !== undefined || given.origin.marker !== undefined),
    warning:
      'Inputs "origin-url" and "origin-marker" have no effect without "wait-for-origin": set it to the most seconds to wait for the origin to serve the new build.'
  },
  {
    when: (given: Given) => given.plan !== undefined && !given.createZone,
    warning: 'Input "plan" is only sent when a zone is created; set "create-zone: true" for it to have an effect.'
  },
  {
    when: (given: Given) => given.manifest !== undefined && given.changes?.from.kind !== 'manifest',
    warning:
      'Input "manifest" is written from "site-dir"; without "previous-manifest" this run purges nothing based on it. Give both to purge what a build changed.'
  }
]

/** Throws the first error rule `asked` meets, as an InputError. */
export function checkErrors(asked: Asked, rules: readonly Rule[] = RULES): void {
  for (const rule of rules) {
    if ('error' in rule && rule.when(asked)) throw new InputError(rule.input, rule.error)
  }
}

/** The warnings of the rules `given` meets, in order. */
export function warningsFor(given: Given, rules: readonly Rule[] = RULES): string[] {
  return rules.flatMap((rule) => ('warning' in rule && rule.when(given) ? [rule.warning] : []))
}
