// Every number the pacer is tuned by, each with its reason. The model they tune: docs/rate-limits.md.
// Changing one changes the bench's figures (`node bench/index.ts limits`): run it before and after.

// Learning a pace from 429s (learning.ts).

/** Slow start: the pace doubles this often until the next 429, and after a quiet spell. */
export const SLOW_START_EVERY_MS = 250
/** Slow start's growth each SLOW_START_EVERY_MS: doubling finds a rate in a few round trips, as TCP's slow start does. */
export const SLOW_START_GROWTH = 2
/** Additive increase: once cut, the pace grows this often… */
export const INCREASE_EVERY_MS = 1000
/** …by this factor (a tenth): slowly enough that the limit is probed, not overrun. */
export const INCREASE = 1.1
/** Multiplicative decrease on a 429 with headers: a fixed share lets two steps on one account even out. */
export const DECREASE = 0.75
/** The least pace, in requests per second: a cut never stops the step altogether. */
export const MIN_RATE = 1
/** No 429 for this long… */
export const QUIET_MS = 3000
/** …and this many requests, and the pace grows fast again (another step on the account finished, say). */
export const QUIET_REQUESTS = 10
/** Successes remembered to measure the rate that gets through: a second, the unit of a pace. */
export const THROUGHPUT_WINDOW_MS = 1000
/**
 * A 429 on a request sent at least this share of the pace's interval after the latest 429 says the limit is
 * still shut: a bucket would have refilled one request by then. Less than 1 for the timers' slack.
 */
export const STILL_SHUT_SHARE = 0.8
/** The pace is reported (the log's "pacing at about") when it changes by this share or more: fewer, telling lines. */
export const REPORT_CHANGE = 1 / 4

// The headers' model (headers.ts).

/** Requests left that the headers must show for the pace to rise fast again: nobody else takes the refill. */
export const SPARE = 2
/** This share of the quota back at once is a new window, not a refill. */
export const RENEWED_SHARE = 1 / 2
/**
 * 429s on requests the refill alone allowed, with no success among them, before the limit is taken for a fixed
 * window. Not 2: another step on the account takes the refill too, and at the start of two steps (both bursting)
 * the first few such requests are refused although it is a bucket; taken for a window, a step then looks for
 * resets that never come, a 429 each time (simulated: up to 75 429s for two steps of 100 requests with 2, at most
 * 39 with 8). A real window is found at its first reset anyway (`RENEWED_SHARE`), so a few more 429s at most.
 */
export const WINDOW_EVIDENCE = 8
/**
 * One success on the refill alone outweighs this many 429s on it: another step on the account takes part of
 * a bucket's refill, which refuses some such requests, but a window lets none through.
 */
export const BUCKET_EVIDENCE_WEIGHT = 4
/** Without a reset or refill to go by, one request goes to find out after this long. */
export const PROBE_MS = 1000

// A fixed window found from 429s alone (refusals.ts), and resets said in whole seconds.

/** One request at a time looks for the reset this often. */
export const PROBE_EVERY_MS = 100
/** How much sooner than it says a reset (or a Retry-After) in whole seconds may come. */
export const RESET_ROUNDING_MS = 1000
/**
 * Nothing is sent before a reset the headers state, nor for this long after it: the API's clock and the time its
 * answer took to arrive. A reset said in whole seconds is rounded up, as a delay the client may trust must be; an API
 * found to round it down (a request sent after it refused) gets RESET_ROUNDING_MS more after each.
 */
export const RESET_MARGIN_MS = 25
/** Without a Retry-After to say when, one request looks for the reset this often. */
export const UNSAID_PROBE_EVERY_MS = 1000
/** Once the window's length is known, probes start this long before the next reset is due: two probes. */
export const PROBE_AHEAD_MS = 2 * PROBE_EVERY_MS
/** Successes before the first 429 needed to test for a window: the test burst (one less) must be more than one request. */
export const MIN_TEST_QUOTA = 3
/** Requests refused within the quota a window took before, before it is no window (after all, or any longer). */
export const WINDOW_REFUSALS = 2
/**
 * A window found from 429s is looked for this share of its first shut after the last one opened, until its length is
 * measured. An API that punishes a request past its limit shuts every request out to the end of that window and a
 * penalty of some windows more, which ends on a window's edge: a first shut of the rest of a window and a penalty of
 * this many windows or more is more than this many windows, and the next window is never looked for too soon. With a
 * penalty of fewer windows, the request that looks for it may be refused (one 429, and a penalty shorter than twice
 * the first), and the spacing doubles; with a penalty of one window, passed in the second half of a window, twice.
 * Not 2: with a penalty of 3 windows, a step without headers then sends at half the windows' pace, over twice its
 * ideal (bench: punishing). Not 4: then a penalty of 3 windows is passed again.
 */
export const PENALTY_WINDOWS = 3
/** Two resets further apart than this many of the longest Retry-After are a pause in the step, not a window's length. */
export const PAUSE_RETRY_AFTERS = 2
/**
 * Windows found from 429s in a row with nothing refused before one is sent a request beyond its quota, to find out
 * whether it takes more (a limit raised or lifted). Such a request is one past the limit if the limit still holds,
 * and an API that punishes that shuts the whole account out for a penalty: a step of a few windows never sends one,
 * a long one finds a lifted limit some seconds late. The step's windows begin up to a second after the API's (a
 * Retry-After is said in whole seconds, and nothing goes before it), so such a request may reach the next window: a
 * quota found too high then meets a refusal within it, and learns what the window took.
 */
export const CALM_WINDOWS = 8
/** The requests a window is sent beyond its quota grow by this factor each time it takes them all. */
export const EXTRA_GROWTH = 2
