import type { TrafficReport } from '../analytics.js'
import { cancelOf, GRACE_MS } from '../cancel.js'
import type { ChangeSet } from '../changes/index.js'
import type { CommitStatusFound } from '../commit-status/index.js'
import type { EdgeCheck } from '../edge/index.js'
import { InputError } from '../errors.js'
import type { PurgePass, RequestOutcome, SettingsSent } from '../purge/execute.js'
import { ApiError } from '../http/errors.js'
import type { ApiClient } from '../http/client.js'
import * as log from '../log.js'
import type { Plan } from '../purge/plan.js'
import { newRunState, type RunState } from './state.js'
import type { WorkAssignment } from '../purge/routing.js'
import { unique } from '../urls.js'
import { debugStack, describeError, isExpected } from './errors.js'
import type { OriginFound } from '../origin/index.js'
import type { OriginPlan } from '../origin/targets.js'
import type { ZoneSelection } from '../zones/resolve.js'

/** What the record keeps of the inputs: whether it is a dry run, the zones as given, and the warnings reading them gave. */
export interface RecordedInputs {
  readonly dryRun: boolean
  readonly zones: ZoneSelection
  readonly warnings: readonly string[]
}

/** What the record keeps of the URL lists: everything asked for before the zones are known, entries as written. */
export interface RecordedLists {
  readonly everything: boolean
  readonly entries: readonly string[]
  readonly tags: readonly string[]
}

/**
 * The run's state (result/index.ts derives the result from it), and the one place that writes it: each phase
 * returns what it found, and run() hands that to the method named for it, which records it and returns it.
 */
export class RunRecord {
  readonly state: RunState = newRunState()
  private readonly started: number
  private signal: AbortSignal | undefined

  /** `now` is the clock the run is timed with (milliseconds). */
  constructor(private readonly now: () => number = () => performance.now()) {
    this.started = now()
  }

  /** A warning: logged now, and kept for the summary and the `result` output. */
  readonly warn = (message: string): void => {
    this.state.warnings.push(message)
    log.warning(message)
  }

  /**
   * Follows the run's signal: a cancel is recorded as it comes (the signal, the phase it came in, when) and said in
   * the log at once; from then on no phase starts.
   */
  watch(signal: AbortSignal): void {
    this.signal = signal
    const note = (): void => {
      const cancel = cancelOf(signal)
      // Once the report is being written (finished), a signal changes nothing.
      if (cancel === undefined || this.signal === undefined) return
      this.state.cancelled = { signal: cancel.signal, phase: this.state.phase, afterMs: this.now() - this.started }
      log.info(
        `Cancelled (${cancel.signal}) at: ${this.state.phase}. No new request starts; purges and settings in flight have up to ${GRACE_MS[cancel.signal] / 1000} s to answer.`
      )
    }
    if (signal.aborted) note()
    else signal.addEventListener('abort', note, { once: true })
  }

  /** Runs one phase under its name, so that an error that ends the run says where it stopped ("<name> failed"); once cancelled, none starts. */
  async phase<T>(name: string, work: () => T | Promise<T>): Promise<T> {
    this.signal?.throwIfAborted()
    this.state.phase = name
    return work()
  }

  inputs<T extends RecordedInputs>(given: T): T {
    this.state.dryRun = given.dryRun
    this.state.zoneInput = given.zones.kind === 'auto' ? ['auto'] : given.zones.refs.map((ref) => (ref.kind === 'id' ? ref.id : ref.name))
    given.warnings.forEach(this.warn)
    return given
  }

  /** What changed, and so everything asked for before the zones are known: entries as written. */
  changes(changes: ChangeSet | undefined, lists: RecordedLists): ChangeSet | undefined {
    this.state.changes = changes
    this.state.requested = {
      everything: lists.everything,
      files: unique([...lists.entries, ...(changes?.entries ?? [])]),
      tags: lists.tags
    }
    return changes
  }

  /** Whether the step ends before any request, as there is nothing to send (see nothingToSend): `why` says so. */
  nothingToSend(why: string | undefined): boolean {
    this.state.nothingToSend = why
    return why !== undefined
  }

  zones<T extends { readonly lookupMs: number }>(found: T): T {
    this.state.durations.zoneMs = found.lookupMs
    return found
  }

  routed(work: WorkAssignment): WorkAssignment {
    this.state.changedUrls = work.changedUrls
    this.state.requested = work.requested
    this.state.zones = [...work.zones]
    this.state.everythingInstead = work.everythingInstead
    return work
  }

  traffic(reports: TrafficReport[]): void {
    this.state.traffic = reports
  }

  plan(plan: Plan): Plan {
    this.state.plan = plan
    return plan
  }

  /** What wait-for-origin checks, and where (undefined when it is off). */
  originPlan(plan: OriginPlan | undefined, waitSeconds: number): OriginPlan | undefined {
    this.state.origin = plan === undefined ? undefined : { plan, waitSeconds }
    return plan
  }

  /**
   * What the wait for the origin found (undefined when there was none), and whether the purge may go: when the origin
   * was not ready, its failure fails the step and nothing is purged (the purge took no time).
   */
  origin(found: OriginFound | undefined): boolean {
    if (found === undefined) return true
    if (this.state.origin !== undefined) this.state.origin = { ...this.state.origin, found }
    if (found.failure === undefined) return true
    this.state.errors.push(found.failure)
    this.state.durations.purgeMs = 0
    return false
  }

  /** In a dry run: how many URLs verify and warm would fetch (undefined when neither is on). */
  edgePlan(counts: RunState['edgePlan']): void {
    this.state.edgePlan = counts
  }

  /** The settings' outcomes, and how long they took. */
  settings(sent: SettingsSent): readonly RequestOutcome[] {
    this.state.outcomes = [...sent.outcomes]
    this.state.durations.settingsMs = sent.ms
    return sent.outcomes
  }

  /** The wait for the settings to spread, counted in the settings' time (milliseconds). */
  spread(ms: number): void {
    this.state.durations.settingsMs = (this.state.durations.settingsMs ?? 0) + ms
  }

  /** A pass of purges: the purge's outcomes as it leaves them (after the settings'), and the time of every pass so far. */
  purged(pass: PurgePass): PurgePass {
    this.state.outcomes = [...this.state.outcomes.filter((outcome) => outcome.request.kind === 'settings'), ...pass.outcomes]
    this.state.durations.purgeMs = (this.state.durations.purgeMs ?? 0) + pass.ms
    return pass
  }

  /** The outcome of every request sent or planned so far: the settings', then the purge's. */
  get outcomes(): readonly RequestOutcome[] {
    return this.state.outcomes
  }

  /** What the edge showed; its failure (URLs still stale) fails the step. */
  edge(found: { readonly checked: EdgeCheck; readonly failure: string | undefined } | undefined): void {
    this.state.edge = found?.checked
    if (found?.failure !== undefined) this.state.errors.push(found.failure)
  }

  /**
   * The error that ended the run early: where it stopped, and the HTTP status or the input that stopped it. Once the
   * run is cancelled, whatever ended it (the cancel, or a read it cut short) is the cancel.
   */
  stopped(error: unknown): void {
    const cancelled = this.state.cancelled
    if (cancelled !== undefined) {
      this.state.errors.push(`The run was cancelled (${cancelled.signal}) at: ${cancelled.phase}`)
      this.state.stopped = { phase: cancelled.phase, status: undefined, input: undefined }
      return
    }
    this.state.errors.push(describeError(error))
    this.state.stopped = {
      phase: this.state.phase,
      status: error instanceof ApiError ? error.status : undefined,
      input: error instanceof InputError ? error.input : undefined
    }
    if (!isExpected(error)) debugStack(error)
  }

  /**
   * What talking to the API cost, however far the run got, and how long the run took until its report. A cancel that
   * ended no phase (it came as the last one ended) still fails the step.
   */
  finished(client: Pick<ApiClient, 'requestsSent' | 'retries' | 'rateLimits'> | undefined): void {
    const cancelled = this.state.cancelled
    if (cancelled !== undefined && this.state.stopped === undefined) this.stopped(undefined)
    // From here on the report is written: a signal now changes nothing in it.
    this.signal = undefined
    this.state.requestsSent = client?.requestsSent ?? 0
    this.state.retries = client?.retries ?? 0
    this.state.rateLimits = client?.rateLimits
    this.state.durations.totalMs = this.now() - this.started
  }

  /** The commit status as posted so far (its commit chosen, the pending status, then the final one). */
  commitStatus(found: CommitStatusFound | undefined): void {
    this.state.commitStatus = found
  }

  manifestWritten(path: string | undefined): void {
    this.state.manifestWritten = path
  }
}
