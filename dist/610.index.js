export const id = 610;
export const ids = [610,267];
export const modules = {

/***/ 1267:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $m: () => (/* binding */ sumBuckets),
/* harmony export */   readAllTraffic: () => (/* binding */ readAllTraffic)
/* harmony export */ });
/* unused harmony exports MAX_POINTS, GRANULARITY_MS, readTrafficAnswer, readZoneTraffic */
/* harmony import */ var _json_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8301);
/* harmony import */ var _concurrency_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1532);
/* harmony import */ var _http_path_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1673);
/* harmony import */ var _chart_grid_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3044);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8992);





const MAX_POINTS = 60;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const GRANULARITY_MS = { minute: MINUTE, hour: HOUR, day: DAY };
/** Sums points into buckets of `ms` aligned to the epoch (so to UTC): a point per bucket that has any, in time order. */
function sumBuckets(points, ms) {
    const sums = new Map();
    for (const point of points) {
        const start = Math.floor(point.time / ms) * ms;
        sums.set(start, (sums.get(start) ?? 0) + point.requests);
    }
    return [...sums].sort(([a], [b]) => a - b).map(([time, requests]) => ({ time, requests }));
}
const isAmount = (value) => Number.isFinite(value) && value >= 0;
/** ISO 8601 as the API document gives it: a date, a time to the minute or finer, and Z or an offset (none means UTC). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/i;
/** A bucket of the timeseries, or undefined when its timestamp or request count cannot be read (a time before 1970 included). */
function readPoint(entry) {
    if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u)(entry) || typeof entry.timestamp !== 'string' || !isAmount(entry.requests) || entry.requests > Number.MAX_SAFE_INTEGER)
        return undefined;
    const iso = ISO_TIME.exec(entry.timestamp);
    const time = iso === null ? NaN : Date.parse(iso[1] === undefined ? `${entry.timestamp}Z` : entry.timestamp);
    return time >= 0 ? { time, requests: entry.requests } : undefined;
}
function* readablePoints(entries) {
    for (const entry of entries) {
        const point = readPoint(entry);
        if (point !== undefined)
            yield point;
    }
}
function readTotals(value) {
    if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u)(value))
        return 'the answer has no "totals" object';
    const { requests, bandwidth, cache_hit_rate: rate } = value;
    const unusable = Object.entries({
        requests: isAmount(requests),
        bandwidth: isAmount(bandwidth),
        cache_hit_rate: isAmount(rate) && rate <= 1
    })
        .filter(([, usable]) => !usable)
        .map(([name]) => name);
    if (unusable.length > 0)
        return `the answer's totals have no usable ${unusable.join(', ')} (numbers from 0; the hit rate from 0 to 1)`;
    return { requests: requests, bandwidth: bandwidth, cache_hit_rate: rate };
}
/**
 * The report's content from an answer of any shape: buckets whose timestamp or request count cannot be
 * read are left out with a warning; unusable totals are an error, but the chart is kept. The timeseries
 * is read twice rather than copied, so a huge one costs no memory beyond the answer itself. The points are
 * summed into buckets that divide `chartMs` (when given), so that the chart can sum them into its own.
 */
function readTrafficAnswer(body, granularity, zone, chartMs = 0) {
    const baseMs = GRANULARITY_MS[granularity];
    const data = (0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u)(body) ? body.data : undefined;
    if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u)(data))
        return { totals: undefined, points: [], bucketMs: baseMs, error: 'the answer has no "data" object', warnings: [] };
    const totals = readTotals(data.totals);
    const read = typeof totals === 'string' ? { totals: undefined, error: totals } : { totals, error: undefined };
    const series = data.timeseries;
    if (!Array.isArray(series)) {
        return {
            ...read,
            points: [],
            bucketMs: baseMs,
            warnings: [`The traffic answer for ${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .shown */ .SP)(zone)} has no "timeseries" list, so there is no chart.`]
        };
    }
    let first = Infinity;
    let last = -Infinity;
    let readable = 0;
    for (const point of readablePoints(series)) {
        first = Math.min(first, point.time);
        last = Math.max(last, point.time);
        readable++;
    }
    const dropped = series.length - readable;
    const warnings = dropped === 0
        ? []
        : [
            `${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(dropped, 'entry', 'entries')} of the traffic timeseries for ${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .shown */ .SP)(zone)} had no readable timestamp or request count and ${dropped === 1 ? 'was' : 'were'} left out of the chart.`
        ];
    // With no readable point (first Infinity, last -Infinity) any length fits: the shortest round one, the base itself.
    const bucketMs = (0,_chart_grid_js__WEBPACK_IMPORTED_MODULE_1__/* .bucketLength */ .$i)(first, last, baseMs, MAX_POINTS, chartMs);
    return { ...read, points: sumBuckets(readablePoints(series), bucketMs), bucketMs, warnings };
}
/**
 * `GET /zones/{id}/analytics/traffic` for `window` (see chartWindow). Never throws: a failed
 * read is reported in the result, because a traffic report is never a reason to skip or fail a purge.
 */
async function readZoneTraffic(client, zone, analytics, window) {
    const until = new Date(window.until).toISOString();
    const since = new Date(window.since).toISOString();
    const base = { zoneId: zone.id, zoneName: zone.name, window: analytics.window, granularity: analytics.granularity, since, until };
    const read = { ...base, chartMs: window.chartMs };
    try {
        const response = await client.request('GET', `/zones/${(0,_http_path_js__WEBPACK_IMPORTED_MODULE_0__/* .pathSegment */ .p)(zone.id)}/analytics/traffic`, {
            query: { since, until, granularity: analytics.granularity }
        });
        return { ...read, ...readTrafficAnswer(response.body, analytics.granularity, zone.name ?? zone.id, window.chartMs) };
    }
    catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { ...read, totals: undefined, points: [], bucketMs: GRANULARITY_MS[analytics.granularity], error: message, warnings: [] };
    }
}
/**
 * Every zone's traffic for the window ending `now`, its start moved back to the chart's first bucket (chartWindow),
 * `concurrency` reads at a time; zones that do not exist yet (dry run) are left out.
 */
function readAllTraffic(client, zones, analytics, concurrency, now = Date.now()) {
    const window = (0,_chart_grid_js__WEBPACK_IMPORTED_MODULE_1__/* .chartWindow */ .Jr)(analytics.windowMs, GRANULARITY_MS[analytics.granularity], now);
    const readable = zones.filter((zone) => zone.created?.dryRun !== true);
    return (0,_concurrency_js__WEBPACK_IMPORTED_MODULE_4__/* .mapConcurrent */ ._)(readable, concurrency, (zone) => readZoneTraffic(client, zone, analytics, window));
}


/***/ }),

/***/ 3044:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $i: () => (/* binding */ bucketLength),
/* harmony export */   Jr: () => (/* binding */ chartWindow),
/* harmony export */   Q5: () => (/* binding */ MAX_CHART_POINTS),
/* harmony export */   U7: () => (/* binding */ chartLabels),
/* harmony export */   _s: () => (/* binding */ chartLengths),
/* harmony export */   lA: () => (/* binding */ fits)
/* harmony export */ });
/* unused harmony export ROUND_BUCKETS_MS */
// The traffic chart's grid, pure: the round bucket lengths, labels that stand clear of each other, and the window a
// traffic read asks for, its start aligned to the chart's buckets. The read (src/analytics.ts) asks for that
// window and the chart (src/report/traffic.ts) is drawn in those buckets, so its first bucket is whole.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Bucket lengths that start on round UTC times: points are summed into the shortest one that leaves few enough. */
const ROUND_BUCKETS_MS = [
    ...[1, 2, 5, 10, 15, 30].map((n) => n * MINUTE),
    ...[1, 2, 3, 4, 6, 12].map((n) => n * HOUR),
    ...[1, 2, 3, 7, 14, 28, 91, 364].map((n) => n * DAY)
];
/**
 * The shortest round bucket length, a multiple of `baseMs` (and a divisor of `within`, when given), that puts times
 * from `first` to `last` into at most `max` buckets; when none does (times decades apart), a plain multiple of
 * `baseMs` that does.
 */
function bucketLength(first, last, baseMs, max, within = 0) {
    const buckets = (ms) => Math.floor(last / ms) - Math.floor(first / ms) + 1;
    // `within` 0 is a multiple of every length.
    const round = ROUND_BUCKETS_MS.find((ms) => ms % baseMs === 0 && within % ms === 0 && buckets(ms) <= max);
    return round ?? Math.max(1, Math.ceil((last - first) / (max - 1) / baseMs)) * baseMs;
}
/**
 * Mermaid draws a label under every point of a category axis and never leaves one out, so the chart
 * has few points, and labels short enough to stand side by side: at most LABEL_ROW_CHARS characters fit
 * under a 600-pixel chart at 12-pixel text, with one character between labels.
 */
const MAX_CHART_POINTS = 12;
const LABEL_ROW_CHARS = 72;
/**
 * A label per point, each distinct: the clock time, or the date at midnight and for day buckets; the
 * date is added to a time that is already taken, the year to a date that is; the full ISO time last.
 */
function chartLabels(points, ms) {
    const taken = new Set();
    return points.map((point) => {
        const iso = new Date(point.time).toISOString();
        const date = iso.slice(5, 10);
        const time = iso.slice(11, 16);
        const forms = ms % DAY === 0 ? [date, iso.slice(0, 10)] : [time === '00:00' ? date : time, `${date} ${time}`, `${iso.slice(0, 10)} ${time}`];
        const label = forms.find((form) => !taken.has(form)) ?? iso;
        taken.add(label);
        return label;
    });
}
/** Whether labels spread evenly under the chart stand clear of each other: one character apart or more. */
function fits(row) {
    const spacing = (LABEL_ROW_CHARS - Math.max(...row.map((label) => label.length))) / (row.length - 1);
    return row.slice(1).every((label, i) => spacing >= (row[i].length + label.length) / 2 + 1);
}
/** The bucket lengths a chart of buckets of `baseMs` may be summed into, shortest first: the base, then round multiples of it. */
const chartLengths = (baseMs) => [baseMs, ...ROUND_BUCKETS_MS.filter((ms) => ms % baseMs === 0)];
/**
 * The window to read for `windowMs` ending `now`, in buckets of `baseMs` (the granularity), its start moved back to
 * the start of the chart's bucket it falls in, so that the first bucket is whole and no assumption is needed about
 * how the API counts a bucket `since` cuts (its whole length, or only the part inside the window). The bucket is the
 * one the chart of that window uses: the shortest length that gives at most MAX_CHART_POINTS buckets whose labels
 * (the last marked `*` when now cuts it) stand clear; for a window no round length fits, a plain multiple of the
 * granularity. The window is then up to one bucket longer than asked, and the summary says so.
 */
function chartWindow(windowMs, baseMs, now) {
    const lengths = [...chartLengths(baseMs), bucketLength(now - windowMs, now, baseMs, MAX_CHART_POINTS)];
    const windows = lengths.map((chartMs) => ({ since: Math.floor((now - windowMs) / chartMs) * chartMs, until: now, chartMs }));
    return windows.find(drawable) ?? windows.at(-1);
}
/** Whether the chart of a window, a point in every bucket, has at most MAX_CHART_POINTS whose labels stand clear. */
function drawable({ since, until, chartMs }) {
    const count = Math.ceil((until - since) / chartMs);
    if (count > MAX_CHART_POINTS)
        return false;
    const labels = chartLabels(Array.from({ length: count }, (_, i) => ({ time: since + i * chartMs })), chartMs);
    // The last bucket ends now: marked when that cuts it.
    if ((until - since) % chartMs !== 0)
        labels[count - 1] += '*';
    return fits(labels);
}


/***/ }),

/***/ 9810:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ isNew)
/* harmony export */ });
// The verdicts of the wait for the origin, cheap to import: the report reads them without loading the checks.
/** A verdict that says the URL serves the new build. */
const isNew = (verdict) => verdict === 'new' || verdict === 'gone';


/***/ }),

/***/ 2610:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  writeReport: () => (/* binding */ writeReport)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 19 modules
var core = __webpack_require__(4952);
// EXTERNAL MODULE: ./src/files.ts
var files = __webpack_require__(9148);
// EXTERNAL MODULE: ./src/log.ts
var log = __webpack_require__(5625);
// EXTERNAL MODULE: ./src/secrets/index.ts + 3 modules
var secrets = __webpack_require__(8637);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
;// CONCATENATED MODULE: ./src/report/cancelled.ts

// What the report says of a cancelled run, in the log, the annotation and the summary alike: where it stopped, and
// how many URLs and tags were confirmed, not confirmed (in flight) and not sent; then what to do next.
/** What to do after a cancel. */
const AFTER_CANCEL = 'Run the workflow again, or purge what is left in an `if: cancelled()` step: failed-files-path lists every URL not confirmed, for files-from (the README: "When the run is cancelled").';
/** "300 URLs: 60 confirmed, 30 not confirmed (in flight), 210 not sent"; undefined when none was asked for. */
function tallyText(tally, noun) {
    const total = tally.confirmed + tally.notConfirmed + tally.notSent;
    if (total === 0)
        return undefined;
    const parts = [
        `${(0,src_text/* thousands */.oh)(tally.confirmed)} confirmed`,
        tally.notConfirmed > 0 ? `${(0,src_text/* thousands */.oh)(tally.notConfirmed)} not confirmed (in flight)` : undefined,
        tally.notSent > 0 ? `${(0,src_text/* thousands */.oh)(tally.notSent)} not sent` : undefined
    ].filter((part) => part !== undefined);
    return `${(0,src_text/* thousands */.oh)(total)} ${(0,src_text/* forCount */.VL)(total, noun)}: ${parts.join(', ')}`;
}
/** The title of the step's one error annotation for a cancelled run: "Cancelled (SIGINT) at: sending the purge requests". */
function cancelTitle(result) {
    const cancelled = result.cancelled;
    return cancelled === null ? undefined : `Cancelled (${cancelled.signal}) at: ${cancelled.phase}`;
}
/**
 * The line that says the run was cancelled and what became of everything asked for; undefined when it was not.
 * "Cancelled (SIGINT) 4.2 s in, at: sending the purge requests. 300 URLs: 60 confirmed, 30 not confirmed (in flight), 210 not sent."
 */
function cancelSentence(result) {
    const cancelled = result.cancelled;
    if (cancelled === null)
        return undefined;
    const lead = `Cancelled (${cancelled.signal}) ${(0,src_text/* seconds */.YA)(cancelled.afterMs, 'tenth')} in, at: ${cancelled.phase}.`;
    if (result.dryRun)
        return `${lead} Dry run: nothing was sent.`;
    const confirmed = cancelled.files.confirmed + cancelled.tags.confirmed > 0 || result.purgedEverything || result.settingsApplied;
    const counts = [tallyText(cancelled.files, 'URL'), tallyText(cancelled.tags, 'tag')].filter((part) => part !== undefined);
    const everything = result.purgeEverythingRequested
        ? `Purge of everything: ${result.purgedEverything ? 'confirmed' : 'not confirmed'}.`
        : '';
    const nothing = confirmed || result.sent.length > 0 ? '' : 'Nothing was purged.';
    return [lead, nothing, counts.length > 0 ? `${counts.join('; ')}.` : '', everything].filter((part) => part !== '').join(' ');
}

;// CONCATENATED MODULE: ./src/report/markdown.ts

// Escaping for each place text lands in the job summary (GitHub-flavoured Markdown with HTML), and the
// size budget that keeps the summary under the runner's 1 MiB limit. Every text from outside the action
// goes through one of escapeText (Markdown: paragraphs, headings, table cells), code (an id, a path, a
// value) or escapeHtml (inside an HTML block: <pre>, <li>, <summary>).
/** The runner refuses a step summary over 1 MiB; this leaves room for what core adds. */
const SUMMARY_LIMIT_BYTES = 1_000_000;
/** Longest single text (a URL, an error) shown; the rest is cut with a note. */
const MAX_TEXT_CHARS = 2_000;
/** Most entries a list shows before "\u2026 and N more". */
const MAX_LISTED = 1000;
const HTML_ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** For text inside an HTML block, where Markdown is not parsed: one line, HTML-escaped, cut. */
function escapeHtml(text) {
    return (0,src_text/* oneLine */.TN)((0,src_text/* cut */.Jj)(text, MAX_TEXT_CHARS)).replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]);
}
/**
 * For text in Markdown (a paragraph, a heading, a table cell): HTML-escaped, and every character that
 * Markdown or GitHub gives a meaning (emphasis, links, code, tables, strike-through, math, mentions) as a
 * numeric entity, which renders as the character itself. Backslash escapes are not used: they do not
 * work inside code. One line, so a table row cannot break.
 */
function escapeText(text) {
    return ((0,src_text/* oneLine */.TN)((0,src_text/* cut */.Jj)(text, MAX_TEXT_CHARS))
        .replace(/[&<>"'\\`*_{}[\]()#+!|~$@]/g, (char) => HTML_ENTITIES[char] ?? `&#${char.charCodeAt(0)};`)
        // No autolink either: a renderer that finds `http://` or `www.` in the source would take the entities
        // after it into the link as they are written.
        .replace(/:\/\//g, '&#58;//')
        .replace(/\b(www)\./gi, '$1&#46;'));
}
/** An id, path or value, shown as code. `<code>` rather than backticks: inside backticks no escape works. */
function code(text) {
    return `<code>${escapeText(text)}</code>`;
}
const bytes = (text) => Buffer.byteLength(text);
/**
 * A collapsed list (unfolded when the block says so) within `maxBytes`: at most MAX_LISTED entries, each cut to MAX_TEXT_CHARS, and as many as
 * fit; what is left out is counted with where to find it.
 */
function collapsedList(block, maxBytes = Number.POSITIVE_INFINITY) {
    const [open, close, before, after] = block.style === 'pre' ? ['<pre>', '</pre>', '', ''] : ['<ul>', '</ul>', '<li>', '</li>'];
    const head = `<details${block.open === true ? ' open' : ''}><summary>${escapeHtml(block.title)}</summary>\n\n${open}\n`;
    const note = (left) => (left > 0 ? `${before}${escapeHtml(`\u2026 and ${left} more (${block.more})`)}${after}\n` : '');
    const tail = `${close}\n\n</details>\n`;
    // Room for the longest possible note, so that the note itself never breaks the budget.
    let room = maxBytes - bytes(head) - bytes(tail) - bytes(note(block.items.length));
    const shown = [];
    for (const item of block.items.slice(0, MAX_LISTED)) {
        const line = `${before}${escapeHtml(item)}${after}\n`;
        room -= bytes(line);
        if (room < 0)
            break;
        shown.push(line);
    }
    return `${head}${shown.join('')}${note(block.items.length - shown.length)}${tail}`;
}
/**
 * Renders lists under one byte budget: each gets an equal share of what is left, and what a short list does
 * not use goes to the longer ones. Returns them in the order given.
 */
function listsWithin(blocks, budget) {
    const needs = blocks.map((block) => bytes(collapsedList(block)));
    const order = blocks.map((_, index) => index).sort((a, b) => needs[a] - needs[b]);
    const rendered = [];
    let left = Math.max(0, budget);
    order.forEach((index, position) => {
        const share = Math.floor(left / (order.length - position));
        const text = needs[index] <= share ? collapsedList(blocks[index]) : collapsedList(blocks[index], share);
        rendered[index] = text;
        left -= bytes(text);
    });
    return rendered;
}

/** The former name of escapeText, kept for the traffic section. */
const escapeMarkdown = escapeText;

;// CONCATENATED MODULE: ./src/report/changes.ts


/** What changed, how it was found, and the switch to purging everything when it was made. */
function changesSection(result) {
    const lines = [];
    if (result.everythingInstead !== null) {
        lines.push('> [!WARNING]', `> **Purged everything instead** of the list: ${escapeText(result.everythingInstead)}.`, '');
    }
    if (result.manifestWritten !== null)
        lines.push(`Manifest for the next run written to ${code(result.manifestWritten)}.`, '');
    const changes = result.changes;
    if (changes === null)
        return lines;
    const found = changes.source === 'git' && changes.base === ''
        ? escapeText(changes.how)
        : changes.source === 'git'
            ? `Found with ${escapeText(changes.how)}, from ${code(changes.base)} to ${code(changes.head)}`
            : `Found ${escapeText(changes.how)} (${code(changes.base)}), in ${code(changes.head)}`;
    lines.push('### What changed', '', `${found}: ${(0,src_text/* plural */.LS)(changes.files.length, 'changed file')} \u2192 ${(0,src_text/* plural */.LS)(changes.urls.length, 'URL')}.`, '');
    if (changes.why !== '')
        lines.push(`${escapeText(changes.why)}.${changes.link === null ? '' : ` [Compare on GitHub](${changes.link})`}`, '');
    return lines;
}

;// CONCATENATED MODULE: ./src/report/commit-status.ts

/** The commit status: the context, the commit and why, and each status sent with what it said. */
function commitStatusSection(result) {
    const status = result.commitStatus;
    if (status === null)
        return [];
    const lines = ['### Commit status', ''];
    if (status.sha === null)
        return [...lines, `${code(status.context)}: not posted, as no commit is known (see the warnings).`, ''];
    const would = result.dryRun ? ' (dry run: nothing was posted)' : '';
    lines.push(`${code(status.context)} on ${code(status.sha)}, ${escapeText(status.why ?? '')}${would}:`, '');
    for (const sent of [status.pending, status.final])
        if (sent !== null)
            lines.push(`- ${statusLine(sent, result.dryRun)}`);
    return [...lines, ''];
}
function statusLine(sent, dryRun) {
    const fate = dryRun ? 'would be' : sent.posted ? 'posted' : 'not posted (see the warnings)';
    return `**${sent.state}**, ${fate}: ${escapeText(sent.description)}`;
}

// EXTERNAL MODULE: ./src/edge/tally.ts
var edge_tally = __webpack_require__(8431);
;// CONCATENATED MODULE: ./src/report/edge.ts
// The summary's part about the edge: the verdicts of the check after the purge, and what warming got.



/** Most rows of the verification table; the result output has every verdict. */
const MAX_VERDICT_ROWS = 50;
/** What the edge showed after the purge: counts, then the URLs checked (stale first), and warming. */
function edgeSection(result) {
    if (result.edgePlan !== null) {
        const parts = [
            result.edgePlan.verify > 0 ? `would check ${(0,src_text/* plural */.LS)(result.edgePlan.verify, 'URL')} at the edge` : undefined,
            result.edgePlan.warm > 0 ? `would warm ${(0,src_text/* plural */.LS)(result.edgePlan.warm, 'URL')}` : undefined
        ].filter((part) => part !== undefined);
        return parts.length === 0 ? [] : ['### Verification', '', `Dry run: ${parts.join(' and ')}.`, ''];
    }
    const lines = [];
    const verification = result.verification;
    if (verification !== null) {
        const { counts } = verification;
        const tally = [
            `${counts.fresh} fresh`,
            counts.stale > 0 ? `**${counts.stale} stale**` : undefined,
            counts.unknown > 0 ? `${counts.unknown} unknown` : undefined,
            counts.error > 0 ? `${counts.error} could not be checked` : undefined,
            counts.differs > 0 ? `${counts.differs} differ from the deployed file` : undefined
        ].filter((part) => part !== undefined);
        lines.push('### Verification', '', `${(0,src_text/* plural */.LS)(verification.verdicts.length, 'URL')} checked at the edge: ${tally.join(', ')}.`, '');
        if (verification.clockSkew !== null)
            lines.push(escapeText(verification.clockSkew.note), '');
        const rows = (0,edge_tally/* byAttention */._p)(verification.verdicts).slice(0, MAX_VERDICT_ROWS);
        const content = verification.verdicts.some((verdict) => verdict.content !== null);
        lines.push(`| URL | Verdict | Age | Cache status |${content ? ' Content |' : ''}`, `|---|---|---|---|${content ? '---|' : ''}`, ...rows.map((verdict) => `| ${escapeText(verdict.url)} | ${verdict.verdict === 'stale' ? '**stale**' : verdict.verdict} | ${verdict.age === null ? '' : `${verdict.age} s`} | ${escapeText(verdict.cacheStatus ?? '')} |${content
            ? ` ${verdict.content === null ? '' : escapeText(verdict.content === 'differs' ? 'differs from the deployed file' : verdict.content)} |`
            : ''}`), ...(verification.verdicts.length > rows.length
            ? ['', `\u2026 and ${verification.verdicts.length - rows.length} more: see the result output.`]
            : []), '');
    }
    const warm = result.warm;
    if (warm !== null) {
        const counts = Object.entries(warm.counts)
            .filter(([, count]) => count > 0)
            .map(([kind, count]) => `${count} ${kind === 'error' ? 'without an answer' : kind}`);
        lines.push('| Warm | Result |', '|---|---|', `| Warmed | ${warm.warmed} of ${(0,src_text/* plural */.LS)(warm.urls, 'URL')} (${counts.join(', ')}) |`, '');
    }
    return lines;
}

;// CONCATENATED MODULE: ./src/report/lists.ts
/** On a failed run, a list of what was not purged is shown unfolded up to this many entries; a longer one would bury the rest. */
const MAX_OPEN_ENTRIES = 20;
/** A list titled with its count (`URLs purged (3)`), one entry a line unless `extra` says otherwise; none when empty. */
function list(title, items, more, extra = {}) {
    return items.length === 0 ? [] : [{ title: `${title} (${items.length})`, items, more, style: 'pre', ...extra }];
}
/**
 * The collapsed lists, most important first: what failed, why, then what was done. On a failed run the errors
 * are unfolded, and so are the URLs and tags not purged when there are few of them.
 */
function listBlocks(result) {
    return [...failureBlocks(result), ...messageBlocks(result), ...doneBlocks(result)];
}
/** What was not done: the URLs and tags not purged, the URLs still stale, those not warmed. */
function failureBlocks(result) {
    const few = (items) => !result.ok && items.length <= MAX_OPEN_ENTRIES;
    const notWarmed = (result.warm?.problems ?? []).map((problem) => `${problem.url} (${problem.detail})`);
    return [
        ...list('URLs not purged', result.failedFiles, 'see the failed-files output and the file failed-files-path names', {
            open: few(result.failedFiles)
        }),
        ...list('Cache tags not purged', result.failedTags, 'see the failed-tags output', { open: few(result.failedTags) }),
        ...list('URLs still stale at the edge', result.staleFiles, 'see the stale-files output'),
        ...list('Not warmed', notWarmed, 'see the result output')
    ];
}
/** Why: the errors (unfolded on a failed run) and the warnings. */
function messageBlocks(result) {
    return [
        // Stryker disable next-line StringLiteral: collapsedList tells 'pre' apart and draws any other style as a bulleted list
        ...list('Errors', [...new Set(result.errors)], 'see the log', { open: !result.ok, style: 'ul' }),
        // Stryker disable next-line StringLiteral: collapsedList tells 'pre' apart and draws any other style as a bulleted list
        ...list('Warnings', result.warnings, 'see the log', { style: 'ul' })
    ];
}
/** What was done: the URLs and tags purged, and what changed. */
function doneBlocks(result) {
    return [
        ...list('URLs purged', result.purgedFiles, 'the purged-files output counts them'),
        ...list('Cache tags purged', [...new Set(result.purgedTags)], 'the purged-tags output counts them'),
        ...list('Changed URLs', result.changes?.urls ?? [], 'see the changed-urls output'),
        ...list('Changed files', result.changes?.files ?? [], 'see the changed-files output')
    ];
}

// EXTERNAL MODULE: ./src/origin/verdicts.ts
var verdicts = __webpack_require__(9810);
;// CONCATENATED MODULE: ./src/report/origin.ts
// The summary's part about the wait for the origin before the purge: the Origin row of the counts, and the URLs checked.



/** Where the URLs are fetched, in a few words. */
const where = (origin) => (origin.where === 'edge' ? 'through the edge' : 'at origin-url');
/** The Origin row of the counts table; undefined when wait-for-origin was off. */
function originRow(result) {
    const origin = result.origin;
    if (origin === null)
        return undefined;
    const checked = origin.urls.length;
    if (result.dryRun) {
        return ['Origin', `would wait up to ${origin.waitFor} s for ${(0,src_text/* plural */.LS)(checked, 'URL')} to serve the new build, ${where(origin)}`];
    }
    if (origin.ready === null)
        return ['Origin', 'not waited for: the step stopped before the purge'];
    if (origin.cutShort)
        return ['Origin', '**not ready**: the run was cancelled before the new build was found; nothing was purged'];
    const fresh = origin.urls.filter((url) => (0,verdicts/* isNew */.B)(url.verdict)).length;
    if (origin.ready) {
        const what = origin.marker === null ? 'the deployed files' : 'the new build';
        return [
            'Origin',
            `ready after ${origin.seconds} s (${fresh} of ${(0,src_text/* plural */.LS)(checked, 'checked URL')} ${(0,src_text/* forCount */.VL)(fresh, 'serves', 'serve')} ${what})`
        ];
    }
    if (checked === 0)
        return ['Origin', '**not ready**: no deployed file could be read to compare with; nothing was purged'];
    if (origin.cacheBlind) {
        return [
            'Origin',
            "**not ready**: every answer came from the edge's cache, which ignores the query string (set origin-url); nothing was purged"
        ];
    }
    const left = checked - fresh;
    return [
        'Origin',
        `**not ready** after ${origin.waitFor} s: ${left} of ${(0,src_text/* plural */.LS)(checked, 'checked URL')} still ${(0,src_text/* forCount */.VL)(left, 'serves', 'serve')} another version; nothing was purged`
    ];
}
/** The URLs checked (those not new first), or in a dry run those that would be, and where. */
function originSection(result) {
    const origin = result.origin;
    if (origin === null || origin.urls.length === 0)
        return [];
    const marker = origin.marker === null ? '' : ` The marker: ${escapeText(origin.marker.url)} holds "${escapeText(origin.marker.text)}".`;
    if (origin.ready === null || origin.cutShort) {
        return [
            '### Origin',
            '',
            `${origin.cutShort ? 'Was checking, when the run was cancelled,' : 'Would check,'} ${where(origin)}:${marker}`,
            '',
            '| URL | Fetched from |',
            '|---|---|',
            ...origin.urls.map((url) => `| ${escapeText(url.url)} | ${escapeText(url.fetchedFrom)} |`),
            ''
        ];
    }
    const ordered = [...origin.urls.filter((url) => !(0,verdicts/* isNew */.B)(url.verdict)), ...origin.urls.filter((url) => (0,verdicts/* isNew */.B)(url.verdict))];
    const fetchedFrom = origin.where === 'origin-url';
    return [
        '### Origin',
        '',
        `Checked ${where(origin)}.${marker}`,
        '',
        `| URL | Verdict | HTTP | Why |${fetchedFrom ? ' Fetched from |' : ''}`,
        `|---|---|---|---|${fetchedFrom ? '---|' : ''}`,
        ...ordered.map((url) => `| ${escapeText(url.url)} | ${(0,verdicts/* isNew */.B)(url.verdict) ? url.verdict : `**${url.verdict}**`} | ${url.status ?? ''} | ${escapeText(url.reason ?? '')} |${fetchedFrom ? ` ${escapeText(url.fetchedFrom)} |` : ''}`),
        ''
    ];
}

// EXTERNAL MODULE: ./src/analytics.ts
var analytics = __webpack_require__(1267);
// EXTERNAL MODULE: ./src/chart-grid.ts
var chart_grid = __webpack_require__(3044);
;// CONCATENATED MODULE: ./src/report/traffic.ts




/** A number as Mermaid reads it: whole, no separators, never in exponent form. */
const plain = (value) => Math.round(value).toFixed(0);
const DAY = 86_400_000;
/** The last time with a four-digit year: labels are cut from the ISO form. */
const LAST_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const UNITS = [
    [DAY, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
    [1, 'millisecond']
];
/** The longest unit `ms` is a whole number of, and its name. */
const unitOf = (ms) => UNITS.find(([length]) => ms % length === 0);
/** "hour", "4 hours", "3 days". */
function describeLength(ms) {
    const [unit, name] = unitOf(ms);
    return ms === unit ? name : (0,src_text/* plural */.LS)(ms / unit, name);
}
/**
 * The time the points cover: the totals are "over the requested period", and the buckets add up to them,
 * so the API counts from `since` (or from the first point, when it left out the bucket `since` falls in) to
 * `until`, now, or to the end of the last point's bucket when it left out the one under way. A report that
 * does not say its window (or says it in a form Date.parse does not read) has NaN for its ends: every
 * bucket then covers NaN of its length, which is not less than the length, so none is scaled.
 */
function covered(report, first, last, baseMs) {
    return {
        start: Math.max(Date.parse(String(report.since)), first),
        end: Math.min(Date.parse(String(report.until)), last + baseMs)
    };
}
/**
 * A bucket the points cover only in part (the first, when the window does not start on a bucket
 * boundary, and the last, which ends now) would be drawn as a drop though the traffic was flat: its count
 * is scaled to the whole bucket, at the rate of the part covered, and the point marked. A point outside
 * the window (the API sent one after `until`) covers none of it and is drawn as it came.
 */
function scaleToWhole(points, ms, window) {
    const partial = points.map((point) => {
        const covered = Math.max(0, Math.min(point.time + ms, window.end) - Math.max(point.time, window.start));
        return covered < ms ? covered : 0;
    });
    return {
        points: points.map((point, i) => {
            const covered = partial[i];
            return covered === 0 ? point : { time: point.time, requests: (point.requests * ms) / covered };
        }),
        partial: partial.map((covered) => covered !== 0)
    };
}
/**
 * The report's points summed into the shortest round bucket (a multiple of the report's) that leaves at
 * most MAX_CHART_POINTS with labels that fit; a bucket the window covers only in part is scaled to a
 * whole one and marked (see scaleToWhole). Points a chart cannot show (a time or count that is not a
 * finite number in range) are left out, so that any report gives a chart.
 */
function chartSeries(report) {
    const usable = report.points.filter((point) => point.time >= 0 && point.time <= LAST_TIME && point.requests >= 0 && point.requests <= Number.MAX_SAFE_INTEGER);
    if (usable.length === 0)
        return undefined;
    const baseMs = Number.isSafeInteger(report.bucketMs) && report.bucketMs > 0 ? report.bucketMs : 1;
    const first = usable.reduce((min, point) => Math.min(min, point.time), Infinity);
    const last = usable.reduce((max, point) => Math.max(max, point.time), -Infinity);
    // The bucket the read's window was aligned to comes first (see chartWindow): in it, the first bucket is whole.
    const chartMs = report.chartMs ?? 0;
    const aligned = chartMs > 0 && Number.isSafeInteger(chartMs) && chartMs % baseMs === 0 ? [chartMs] : [];
    const lengths = [...aligned, ...(0,chart_grid/* chartLengths */._s)(baseMs), (0,chart_grid/* bucketLength */.$i)(first, last, baseMs, chart_grid/* MAX_CHART_POINTS */.Q5)];
    const window = covered(report, first, last, baseMs);
    let longest;
    for (const bucketMs of lengths) {
        const summed = (0,analytics/* sumBuckets */.$m)(usable, bucketMs);
        // Stryker disable next-line ConditionalExpression: only saves work: 13 or more labels never fit (each has 5 characters or more), and the last length gives at most 12 points
        if (summed.length > chart_grid/* MAX_CHART_POINTS */.Q5)
            continue;
        const { points, partial } = scaleToWhole(summed, bucketMs, window);
        const labels = (0,chart_grid/* chartLabels */.U7)(points, bucketMs).map((label, i) => (partial[i] === true ? `${label}*` : label));
        longest = { points, labels, bucketMs, partial: partial.includes(true) };
        if ((0,chart_grid/* fits */.lA)(longest.labels))
            break;
    }
    return longest;
}
/** The y-axis top: the highest value rounded up to two significant digits (6,953 \u2192 7,000), at least 1. */
function axisTop(highest) {
    // Whole numbers below 100 (a scaled count may be 9.2), and 1 for a chart of zeros (log10(0) is -Infinity).
    const unit = Math.max(1, 10 ** (Math.floor(Math.log10(highest)) - 1));
    return Math.max(1, Math.ceil(highest / unit) * unit);
}
/**
 * The requests per bucket as a Mermaid xychart-beta block, which GitHub renders in job summaries; an
 * empty string when no point can be drawn. The y-axis starts at 0; the x-axis is labelled with UTC
 * clock times or dates, the year in its title. Everything in it is a number or a time formatted here,
 * never text from the API. The plot colour is set because Mermaid's default first colour is too faint
 * to read on white.
 */
function trafficChart(report) {
    const series = chartSeries(report);
    if (series === undefined)
        return '';
    const dates = series.points.map((point) => new Date(point.time).toISOString().slice(0, 10));
    const span = dates[0] === dates.at(-1) ? dates[0] : `${dates[0]} to ${dates.at(-1)}`;
    const values = series.points.map((point) => point.requests);
    return [
        '```mermaid',
        '---',
        'config:',
        '  xyChart:',
        '    width: 600',
        '    height: 300',
        '    xAxis:',
        '      labelFontSize: 12',
        '  themeVariables:',
        '    xyChart:',
        '      plotColorPalette: "#0969da"',
        '---',
        'xychart-beta',
        `  title "Requests per ${describeLength(series.bucketMs)}"`,
        `  x-axis "UTC, ${span}" [${series.labels.map((label) => `"${label}"`).join(', ')}]`,
        `  y-axis "Requests" 0 --> ${plain(axisTop(Math.max(...values)))}`,
        `  line [${values.map(plain).join(', ')}]`,
        '```',
        ...(series.partial ? ['', partialNote(series.bucketMs, report)] : [])
    ].join('\n');
}
/** UTC to the minute, as the chart labels it: "2026-11-21 13:37". */
const minuteOf = (iso) => new Date(Date.parse(String(iso))).toISOString().slice(0, 16).replace('T', ' ');
/** Under a chart with a point marked `*`: what the mark means, and why the count is scaled. */
function partialNote(bucketMs, report) {
    const length = describeLength(bucketMs);
    return (`\\* Covers only part of its ${length}: the window runs from ${minuteOf(report.since)} to ${minuteOf(report.until)} UTC. ` +
        `Its count is scaled to the whole ${length}, so that a part is not drawn as a drop.`);
}
/**
 * The window the section shows, as read: "Window: 2026-11-21 12:00 to 2026-11-22 13:37 UTC: the last 24h, from the start
 * of the chart's first bucket (4 hours)." Nothing when its ends cannot be read.
 */
function windowLine(report) {
    if (!Number.isFinite(Date.parse(report.since)) || !Number.isFinite(Date.parse(report.until)))
        return [];
    const chartMs = report.chartMs;
    const [unit, name] = Number.isSafeInteger(chartMs) && chartMs > 0 ? unitOf(chartMs) : [0, ''];
    const aligned = unit > 0 ? `, from the start of the chart's first bucket (${(0,src_text/* plural */.LS)(chartMs / unit, name)})` : '';
    return [`Window: ${minuteOf(report.since)} to ${minuteOf(report.until)} UTC: the last ${escapeMarkdown(report.window)}${aligned}.`, ''];
}
/** One zone's traffic section of the job summary. */
function trafficSection(report) {
    const zone = escapeMarkdown(report.zoneName ?? report.zoneId);
    const heading = `### Traffic: ${zone}, last ${escapeMarkdown(report.window)} (by ${report.granularity})`;
    const chart = trafficChart(report);
    const drawn = chart === '' ? [] : [chart, ''];
    if (report.totals === undefined) {
        return [
            heading,
            '',
            ...windowLine(report),
            `> [!WARNING]`,
            `> The traffic could not be read: ${escapeMarkdown(report.error ?? 'unknown error')}. The purge went ahead regardless.`,
            '',
            ...drawn
        ];
    }
    return [
        heading,
        '',
        ...windowLine(report),
        '| Traffic | Total |',
        '|---|---|',
        `| Requests | ${(0,src_text/* thousands */.oh)(report.totals.requests)} |`,
        `| Bandwidth (as reported) | ${(0,src_text/* thousands */.oh)(report.totals.bandwidth)} |`,
        `| Cache hit rate | ${(report.totals.cache_hit_rate * 100).toFixed(1)} % |`,
        '',
        ...drawn
    ];
}

;// CONCATENATED MODULE: ./src/report/zones.ts


/** Most zone rows shown; the zones output has every zone. */
const MAX_ZONE_ROWS = 100;
/** Most created-zone notes; the zones output has all. */
const MAX_CREATED_NOTES = 20;
/** A row per zone when there are several, with a column for each thing the step was asked to do. */
function zonesTable(result) {
    if (result.zones.length < 2)
        return [];
    const mark = (done, asked) => (!asked ? '' : result.dryRun ? 'planned' : done ? 'yes' : '**no**');
    const columns = [
        ['Zone', (zone) => escapeText(zone.name || zone.id)],
        ['Status', (zone) => escapeText(zone.status || 'unknown')]
    ];
    if (result.zones.some((zone) => zone.purgedFiles.length + zone.failedFiles.length > 0))
        columns.push(['URLs purged', (zone) => String(zone.purgedFiles.length)]);
    if (result.zones.some((zone) => zone.purgedTags.length + zone.failedTags.length > 0))
        columns.push(['Tags purged', (zone) => String(zone.purgedTags.length)]);
    if (result.zones.some((zone) => zone.purgeEverythingRequested))
        columns.push(['Everything', (zone) => mark(zone.purgedEverything, zone.purgeEverythingRequested)]);
    if (result.zones.some((zone) => zone.settingsRequested))
        columns.push(['Settings', (zone) => mark(zone.settingsApplied, zone.settingsRequested)]);
    if (result.zones.some((zone) => zone.failedFiles.length + zone.failedTags.length > 0))
        columns.push(['Not purged', (zone) => String(zone.failedFiles.length + zone.failedTags.length)]);
    const shown = result.zones.slice(0, MAX_ZONE_ROWS);
    return [
        `| ${columns.map(([name]) => name).join(' | ')} |`,
        `|${columns.map(() => '---|').join('')}`,
        ...shown.map((zone) => `| ${columns.map(([, cell]) => cell(zone)).join(' | ')} |`),
        ...(result.zones.length > shown.length
            ? ['', `\u2026 and ${(0,src_text/* plural */.LS)(result.zones.length - shown.length, 'more zone')}: see the zones output.`]
            : []),
        ''
    ];
}
/** For a zone the step created: the DNS record the user must add next. */
function createdSection(result) {
    const created = result.zones.flatMap((zone) => (zone.created === null ? [] : [{ ...zone, created: zone.created }]));
    const notes = created.slice(0, MAX_CREATED_NOTES).flatMap((zone) => {
        const name = escapeText(zone.name);
        if (zone.created.dryRun)
            return ['> [!NOTE]', `> Zone **${name}** does not exist and would be created (dry run).`, ''];
        const target = zone.created.cnameTarget === null
            ? 'to the target the service gives for it. The create answer did not name the target, so it is not known here: find it in the dashboard.'
            : `to ${code(zone.created.cnameTarget)}.`;
        return [
            '> [!IMPORTANT]',
            `> Zone **${name}** was created (${code(zone.id)}, status ${escapeText(zone.status || 'unknown')}).`,
            `> Next step: point the domain at the service with a DNS **CNAME** record for ${code(zone.name)} ${target}`,
            ''
        ];
    });
    const more = created.length - MAX_CREATED_NOTES;
    return more > 0 ? [...notes, `\u2026 and ${(0,src_text/* plural */.LS)(more, 'more zone')} created or to be created: see the zones output.`, ''] : notes;
}

;// CONCATENATED MODULE: ./src/report/summary.ts










/** Most traffic sections shown; the zones output has every zone. */
const MAX_TRAFFIC_SECTIONS = 20;
/** Most zones named in the counts table's Zones row; the zones output has all. */
const MAX_ZONES_NAMED = 10;
/**
 * The job summary, in Markdown, from the result alone. The banner and the counts always come first and
 * whole; the lists below share what is left of the size limit and are cut with a note when they do not fit.
 */
function renderSummary(result) {
    const fixed = [
        `## CDN purge: ${escapeText(zoneLabel(result))}`,
        '',
        ...banner(result),
        ...countsTable(result),
        ...zonesTable(result),
        ...createdSection(result),
        ...changesSection(result),
        ...originSection(result),
        ...edgeSection(result),
        ...commitStatusSection(result),
        ...result.traffic.slice(0, MAX_TRAFFIC_SECTIONS).flatMap(trafficSection),
        ...(result.traffic.length > MAX_TRAFFIC_SECTIONS
            ? [`Traffic of ${result.traffic.length - MAX_TRAFFIC_SECTIONS} more zones: see the analytics output.`, '']
            : [])
    ].join('\n');
    const lists = listBlocks(result);
    // Each list is joined on with a newline: the lists get what is left of the limit after the fixed part and those.
    return [fixed, ...listsWithin(lists, SUMMARY_LIMIT_BYTES - bytes(fixed) - lists.length)].join('\n');
}
/** The zones worked on, or as the user gave them when they could not be found. */
function zoneLabel(result) {
    if (result.zones.length > 1)
        return `${result.zones.length} zones`;
    const [only] = result.zones;
    if (only !== undefined)
        return only.name || only.id;
    return result.zoneInput.join(', ') || 'no zone';
}
function banner(result) {
    const cancelled = cancelSentence(result);
    if (cancelled !== undefined)
        return ['> [!WARNING]', `> **${escapeText(cancelled)}** ${escapeText(AFTER_CANCEL)}`, ''];
    if (result.nothingToSend !== null)
        return ['> [!NOTE]', `> ${escapeText(result.nothingToSend)}. No zone was looked up and no request was sent.`, ''];
    if (result.dryRun)
        return ['> [!NOTE]', '> **Dry run**: nothing was purged and no settings were sent. Below is what would be sent.', ''];
    if (result.ok)
        return [];
    const stopped = result.sent.length === 0 && result.stoppedAt !== null ? `Nothing was sent: ${escapeText(result.stoppedAt)}. ` : '';
    const stale = result.staleFiles.length > 0
        ? `${result.staleFiles.length} of ${(0,src_text/* plural */.LS)(result.verification?.verdicts.length ?? 0, 'URL')} checked at the edge still served a stale copy. `
        : '';
    return ['> [!CAUTION]', `> **The step failed.** ${notPurgedSentence(result)}${stale}${stopped}See the errors below.`, ''];
}
/** "2 of 5 URLs and 1 of 3 tags were not purged. ", or that the purge of everything was not confirmed; '' when nothing is missing. */
function notPurgedSentence(result) {
    if (result.purgeEverythingRequested && !result.purgedEverything && !result.dryRun)
        return 'The purge of everything was not confirmed. ';
    const parts = [
        result.failedFiles.length > 0
            ? `${result.failedFiles.length} of ${(0,src_text/* plural */.LS)(result.purgedFiles.length + result.failedFiles.length, 'URL')}`
            : undefined,
        result.tagPurges.failed > 0 ? `${result.tagPurges.failed} of ${(0,src_text/* plural */.LS)(result.tagPurges.requested, 'tag')}` : undefined
    ].filter((part) => part !== undefined);
    if (parts.length === 0)
        return '';
    const failed = result.failedFiles.length + result.tagPurges.failed;
    return `${parts.join(' and ')} ${(0,src_text/* forCount */.VL)(failed, 'was', 'were')} not purged. `;
}
function countsTable(result) {
    const count = (kind) => result.planned.filter((request) => request.kind === kind).length;
    const rows = [];
    const [only] = result.zones;
    if (result.zones.length > 1) {
        const named = result.zones.slice(0, MAX_ZONES_NAMED).map((zone) => escapeText(zone.name || zone.id));
        const more = result.zones.length - named.length;
        rows.push(['Zones', `${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`]);
    }
    else if (only !== undefined) {
        rows.push(['Zone', [escapeText(only.name), code(only.id), escapeText(only.status)].filter((part) => part !== '').join(' \u00b7 ')]);
    }
    else if (result.zoneInput.length > 0) {
        rows.push([
            'Zone',
            `${result.zoneInput.map(escapeText).join(', ')} (${result.nothingToSend === null ? 'not resolved' : 'not looked up'})`
        ]);
    }
    const listRow = (kind, purged, failed) => {
        if (result.dryRun)
            return `would purge ${plannedItems(result, kind)} in ${(0,src_text/* plural */.LS)(count(kind), 'request')}`;
        // The requests sent, not those planned: a wait for the origin that ran out, a cancel or a failure sends none.
        const sent = result.sent.filter((request) => request.kind === kind).length;
        return sent === 0
            ? `none of ${purged + failed} purged: ${noneSent(result)}`
            : `purged ${purged} of ${purged + failed} in ${(0,src_text/* plural */.LS)(sent, 'request')}`;
    };
    if (result.purgeEverythingRequested) {
        rows.push([
            'Purge everything',
            result.dryRun ? 'would purge every cached file' : result.purgedEverything ? 'yes, confirmed' : '**not confirmed**'
        ]);
    }
    if (count('files') > 0 || result.failedFiles.length > 0)
        rows.push(['URLs', listRow('files', result.purgedFiles.length, result.failedFiles.length)]);
    if (count('tags') > 0 || result.failedTags.length > 0)
        rows.push(['Cache tags', listRow('tags', result.purgedTags.length, result.tagPurges.failed)]);
    if (result.settings !== null) {
        const described = Object.entries(result.settings)
            .map(([key, value]) => `${escapeText(key)}: ${value.enabled ? 'enabled' : 'disabled'} (${escapeText(value.mode)})`)
            .join(', ');
        rows.push(['Settings', `${described}: ${result.dryRun ? 'would be applied' : result.settingsApplied ? 'applied' : '**not applied**'}`]);
    }
    const origin = originRow(result);
    if (origin !== undefined)
        rows.push(origin);
    if (result.requests > 0)
        rows.push(['HTTP requests', `${result.requests}${result.retries > 0 ? ` (${(0,src_text/* plural */.LS)(result.retries, 'retry', 'retries')})` : ''}`]);
    const limits = result.rateLimits;
    if (limits.answers429 > 0) {
        const pace = limits.pace === null ? '' : `, final pace about ${limits.pace} requests/s`;
        rows.push(['Rate limits', `${(0,src_text/* plural */.LS)(limits.answers429, 'answer')} 429, ${(0,src_text/* duration */.p0)(limits.waitedMs)} waiting${pace}`]);
    }
    if (result.durations.totalMs !== undefined) {
        rows.push([
            'Duration',
            `${(0,src_text/* duration */.p0)(result.durations.totalMs)}${result.durations.purgeMs === undefined ? '' : ` (purge ${(0,src_text/* duration */.p0)(result.durations.purgeMs)})`}`
        ]);
    }
    return ['| What | Result |', '|---|---|', ...rows.map(([name, value]) => `| ${name} | ${value} |`), ''];
}
/** Why no request of a kind was sent: the origin was not ready, the run was cancelled, or it stopped before sending. */
function noneSent(result) {
    const origin = result.origin;
    if (origin?.ready === false && !origin.cutShort)
        return 'no request was sent, as the origin was not ready (wait-for-origin)';
    if (result.cancelled !== null)
        return 'no request was sent, as the run was cancelled';
    return result.stoppedAt === null ? 'nothing was sent' : `no request was sent, as ${escapeText(result.stoppedAt)}`;
}
function plannedItems(result, kind) {
    return result.planned.filter((request) => request.kind === kind).reduce((sum, request) => sum + request.items, 0);
}

;// CONCATENATED MODULE: ./src/report/messages.ts



// What the report says about the run in the log, the annotation and the fallback summary, from the result alone.
const zoneNames = (result) => (result.zones.length > 0 ? result.zones.map((entry) => entry.name || entry.id) : result.zoneInput).map(src_text/* shown */.SP).join(', ') || 'the zone';
/** One line for the log that says what happened. */
function headline(result) {
    const zone = zoneNames(result);
    const cancelled = cancelSentence(result);
    if (cancelled !== undefined)
        return cancelled;
    if (result.nothingToSend !== null)
        return `${result.nothingToSend} (no zone looked up, no request sent).`;
    if (result.dryRun) {
        return `Dry run for ${zone}: ${(0,src_text/* plural */.LS)(result.planned.length, 'request')} planned, none sent.`;
    }
    if (result.sent.length === 0 && result.stoppedAt !== null)
        return `Nothing purged: ${result.stoppedAt}.`;
    const parts = [
        result.purgedEverything ? 'purged everything' : undefined,
        result.purgedFiles.length + result.failedFiles.length > 0
            ? `purged ${result.purgedFiles.length} of ${(0,src_text/* plural */.LS)(result.purgedFiles.length + result.failedFiles.length, 'URL')}`
            : undefined,
        result.tagPurges.requested > 0 ? `purged ${result.purgedTags.length} of ${(0,src_text/* plural */.LS)(result.tagPurges.requested, 'tag')}` : undefined,
        result.settings !== null ? (result.settingsApplied ? 'applied settings' : 'settings not applied') : undefined
    ].filter((part) => part !== undefined);
    return `${zone}: ${parts.length > 0 ? parts.join(', ') : 'nothing done'} (${(0,src_text/* plural */.LS)(result.requests, 'HTTP request')}).`;
}
/**
 * Why the step failed. The first line is short, for the annotation list: what was not purged, or where the
 * step stopped. Then the first error, and how many more there are.
 */
function failureMessage(result) {
    const [first, ...rest] = [...new Set(result.errors)];
    if (first === undefined)
        return 'The purge was not confirmed by the API: see the failed-files / failed-tags outputs and the job summary for what is still cached.';
    const notPurged = notPurgedSentence(result).trim();
    const asked = result.failedFiles.length + result.failedTags.length > 0 || result.purgeEverythingRequested;
    const stopped = asked && result.sent.length === 0 && result.stoppedAt !== null ? `Nothing purged: ${result.stoppedAt}.` : '';
    const lead = stopped || (notPurged === '' ? '' : `${notPurged} See the failed-files / failed-tags outputs.`);
    const others = rest.length > 0 ? ` (+${(0,src_text/* plural */.LS)(rest.length, 'more error')}: see the log and the job summary)` : '';
    return lead === '' ? `${first}${others}` : `${lead}\n${first}${others}`;
}
/** A fallback summary when the full one cannot be drawn: the verdict and the counts, nothing from outside. */
function plainSummary(result) {
    const verdict = result.dryRun ? 'Dry run: nothing was sent.' : result.ok ? 'Done.' : '**The step failed.**';
    // Only the kinds that were asked for: no "0 tags" on a purge of URLs.
    const urls = result.purgedFiles.length + result.failedFiles.length > 0;
    const tags = result.tagPurges.requested > 0;
    const counts = (purgedUrls, purgedTags) => [urls ? (0,src_text/* plural */.LS)(purgedUrls, 'URL') : undefined, tags ? (0,src_text/* plural */.LS)(purgedTags, 'tag') : undefined]
        .filter((part) => part !== undefined)
        .join(' and ');
    const tally = urls || tags
        ? ` ${counts(result.purgedFiles.length, result.purgedTags.length)} purged, ${counts(result.failedFiles.length, result.tagPurges.failed)} not purged.`
        : '';
    return `## CDN purge\n\n${verdict}${tally} The full summary could not be drawn: see the log.\n`;
}
/** Every error, numbered, when there is more than one (the annotation shows only the first); undefined otherwise. */
function allErrors(result) {
    const errors = [...new Set(result.errors)];
    return errors.length > 1
        ? `All ${errors.length} errors:\n${errors.map((error, index) => `${index + 1}. ${error}`).join('\n')}`
        : undefined;
}
/**
 * The step's one error annotation, when the result is not ok or reporting itself broke (`broken` says while doing what);
 * undefined when the step succeeds.
 */
function stepFailure(result, broken) {
    if (result.ok && broken.length === 0)
        return undefined;
    const bug = broken.length === 0
        ? ''
        : `\nReporting broke while ${broken.join('; ')}: please report this as a bug. Outputs and summary were written as far as possible.`;
    const cancelled = cancelSentence(result);
    if (cancelled !== undefined) {
        // The cancel is the one error that matters; others (requests it cut short) are in the log and the summary.
        const errors = new Set(result.errors).size;
        const others = errors > 1 ? ` (+${(0,src_text/* plural */.LS)(errors - 1, 'more error')}: see the log and the job summary)` : '';
        return { message: `${cancelled}${others}\n${AFTER_CANCEL}${bug}`, title: cancelTitle(result) };
    }
    const title = result.invalidInput !== null
        ? `Invalid input "${result.invalidInput}"`
        : result.origin?.ready === false
            ? 'Origin not ready (wait-for-origin)'
            : 'CDN purge failed';
    return { message: `${result.ok ? 'The purge went as asked, but the report is incomplete.' : failureMessage(result)}${bug}`, title };
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
;// CONCATENATED MODULE: ./src/report/output-file.ts
// The step's outputs, written to GITHUB_OUTPUT in one append, in the runner's own format: what @actions/core's
// setOutput writes for one output (`name<<delimiter`, the value, the delimiter), for all of them at once. A
// step sets some 27 outputs; one write instead of 27 (each an open, a write and a close) is about a millisecond
// of a cold start. Without GITHUB_OUTPUT (a run outside a runner), each goes through core.setOutput as before.




/** Writes every output. Never throws: each output not written is given back with its error. */
function writeOutputs(outputs, options = {}) {
    const path = (options.env ?? process.env).GITHUB_OUTPUT;
    const error = problem(() => {
        if (!path)
            return outputs.forEach(([name, text]) => core/* setOutput */.uH(name, text));
        // The same check, and the same message, as @actions/core's file commands.
        if (!(0,external_node_fs_.existsSync)(path))
            throw new Error(`Missing file at path: ${path}`);
        (0,external_node_fs_.appendFileSync)(path, fileCommands(outputs, options.unique ?? external_node_crypto_.randomUUID));
    });
    return error === undefined ? [] : outputs.map(([name]) => ({ name, error }));
}
/** The outputs as the runner reads them, under one delimiter that none of them holds. */
function fileCommands(outputs, unique) {
    let delimiter;
    // A value holding the delimiter would end its output early: a new one is drawn (a random UUID never repeats in practice).
    do
        delimiter = `ghadelimiter_${unique()}`;
    while (outputs.some(([name, text]) => name.includes(delimiter) || text.includes(delimiter)));
    return outputs.map(([name, text]) => `${name}<<${delimiter}${external_node_os_.EOL}${text}${external_node_os_.EOL}${delimiter}${external_node_os_.EOL}`).join('');
}
/** What `write` threw, as an Error, or undefined. */
function problem(write) {
    try {
        write();
        return undefined;
    }
    catch (error) {
        return error instanceof Error ? error : new Error(String(error));
    }
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./src/report/outputs.ts



// What the step's outputs are: each one's value from the result, its text within the runner's limit, and the file
// that failed-files-path names.
/** The most one output may carry here: the runner limits what an output can hold, and a job's outputs in all. */
const MAX_OUTPUT_BYTES = 512 * 1024;
/** Each output, computed on its own so that one that fails cannot take the others with it. */
function outputThunks(result) {
    return [
        ['zone-id', () => result.zone.id],
        ['zone-name', () => result.zone.name],
        ['zone-status', () => result.zone.status],
        ['purged-everything', () => String(result.purgedEverything)],
        ['purged-files', () => String(result.purgedFiles.length)],
        ['purged-tags', () => String(result.purgedTags.length)],
        ['failed-files', () => result.failedFiles],
        ['failed-tags', () => result.failedTags],
        ['settings-applied', () => String(result.settingsApplied)],
        ['requests', () => String(result.requests)],
        [
            'zones',
            () => result.zones.map((zone) => ({
                id: zone.id,
                name: zone.name,
                status: zone.status,
                created: zone.created !== null,
                'purged-files': zone.purgedFiles.length,
                'purged-tags': zone.purgedTags.length,
                'purged-everything': zone.purgedEverything,
                'failed-files': zone.failedFiles,
                'failed-tags': zone.failedTags,
                'settings-applied': zone.settingsApplied
            }))
        ],
        [
            'analytics',
            () => result.traffic.map((report) => ({
                zone: report.zoneId,
                name: report.zoneName ?? '',
                window: report.window,
                since: report.since,
                until: report.until,
                granularity: report.granularity,
                totals: report.totals ?? null,
                // Left out of the JSON when there was none.
                error: report.error
            }))
        ],
        ['verified-files', () => String(result.verification?.counts.fresh ?? 0)],
        ['stale-files', () => result.staleFiles],
        ['origin-ready', () => String(result.origin?.ready ?? '')],
        ['origin-wait', () => result.origin?.seconds?.toFixed(1) ?? ''],
        ['warmed-files', () => String(result.warm?.warmed ?? 0)],
        ['changed-files', () => result.changes?.files ?? []],
        ['changed-urls', () => result.changes?.urls ?? []],
        ['commit-status-sha', () => result.commitStatus?.postedOn ?? ''],
        ['result', () => resultDocument(result)]
    ];
}
/** One output's text: a string as it is, anything else as JSON within the runner's limit (`cut` when it had to be shortened). */
function outputText(value) {
    if (typeof value === 'string')
        return { text: value, cut: false };
    const fitted = fitJson(value, MAX_OUTPUT_BYTES);
    return { text: fitted.json, cut: fitted.cut };
}
/** The step's outputs, from the result alone (failed-files-path aside, which report() adds). */
function outputsOf(result) {
    return Object.fromEntries(outputThunks(result).map(([name, value]) => [name, outputText(value()).text]));
}
/**
 * The `result` output: the other outputs in one document (purged as counts, so that a purge of
 * thousands of URLs stays small), plus the planned and sent requests, durations, errors and warnings.
 */
function resultDocument(result) {
    const { purgedFiles, purgedTags, zones, traffic, ...rest } = result;
    return {
        ...rest,
        purgedFiles: purgedFiles.length,
        purgedTags: purgedTags.length,
        zones: zones.map((zone) => ({ ...zone, purgedFiles: zone.purgedFiles.length, purgedTags: zone.purgedTags.length })),
        traffic: traffic.map(({ points, ...report }) => ({ ...report, points: points.length }))
    };
}
/**
 * Writes every URL not purged to a file, one a line (the files-from format), so a later step can retry exactly those.
 * The file is the first in a folder mkdtemp has just made (a new name, mode 0700, under the runner's temporary folder):
 * nothing can have been planted there, and the exclusive create ('wx') would refuse it, a link included. So it needs
 * none of writeFileSafely's checks, which cost a cold start some six round trips to the file system.
 */
async function writeFailedFiles(result, env) {
    const dir = await (0,promises_.mkdtemp)((0,external_node_path_.join)(env.RUNNER_TEMP || (0,external_node_os_.tmpdir)(), 'cdn-purge-'));
    const path = (0,external_node_path_.join)(dir, 'failed-files.txt');
    const text = result.failedFiles.map((url) => `${url}\n`).join('');
    // Stryker disable next-line ObjectLiteral,StringLiteral: the folder is new (mkdtemp), so no file is there for 'wx' to refuse; it guards a race no test can stage
    await (0,promises_.writeFile)(path, text, { flag: 'wx' });
    return path;
}
const outputs_bytes = (text) => Buffer.byteLength(text);
/**
 * `value` as JSON in at most `maxBytes`: while it is too large, the longest list in it is halved (its first
 * half kept, so a cut list is still a prefix of the whole), and once no list is left to shorten, the longest
 * text is cut. `cut` says whether anything was left out.
 */
function fitJson(value, maxBytes) {
    let json = JSON.stringify(value) ?? 'null';
    if (outputs_bytes(json) <= maxBytes)
        return { json, cut: false };
    if (Array.isArray(value))
        return { json: longestPrefix(value, maxBytes), cut: true };
    let copy = JSON.parse(json);
    while (outputs_bytes(json) > maxBytes) {
        const list = longest(copy, (node) => Array.isArray(node) && node.length > 0);
        if (list !== undefined) {
            list.node.length = Math.floor(list.node.length / 2);
        }
        else {
            const text = longest(copy, (node) => typeof node === 'string');
            if (text === undefined || text.node === '')
                break;
            copy = text.replace(text.node.slice(0, Math.floor(text.node.length / 2)));
        }
        json = JSON.stringify(copy);
    }
    return { json, cut: true };
}
/** The longest node (by length) that `accept` takes, anywhere in a JSON value; of equally long ones, the first in the JSON. */
function longest(root, accept) {
    let best;
    const visit = (node, replace) => {
        if (accept(node) && (best === undefined || node.length > best.node.length))
            best = { node, replace };
        // An array's keys are its indexes, in order.
        if (typeof node === 'object' && node !== null) {
            const record = node;
            for (const key of Object.keys(record))
                visit(record[key], (value) => ((record[key] = value), root));
        }
    };
    visit(root, (value) => value);
    return best;
}
/** The JSON of as many of the first items as fit in `maxBytes`. */
function longestPrefix(items, maxBytes) {
    let used = 2;
    const kept = [];
    for (const item of items) {
        const text = JSON.stringify(item) ?? 'null';
        used += outputs_bytes(text) + (kept.length > 0 ? 1 : 0);
        if (used > maxBytes)
            break;
        kept.push(text);
    }
    return `[${kept.join(',')}]`;
}

;// CONCATENATED MODULE: ./src/report/index.ts








// What each output is lives in outputs.ts, what the log and the annotation say about the run in messages.ts, the
// summary in summary.ts; this module writes them all, each on its own, and words what got in the way of writing one.
/** A task of the report whose failure must not stop the rest: its error, or undefined. */
async function guarded(task) {
    try {
        await task();
        return undefined;
    }
    catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        if (failure.stack !== undefined)
            log/* debug */.Yz(failure.stack);
        return failure;
    }
}
/**
 * Writes outputs, the log's closing lines and the job summary, and fails the step with one error
 * annotation when the result is not ok or reporting itself broke. Secrets are taken out of the whole
 * result first, before anything is cut. Each output and the summary are written on their own: a file
 * that cannot be written is a warning; an unexpected error fails the step, after everything else is written.
 */
async function writeReport(given, writeSummary, env = process.env) {
    const broken = [];
    let result = given;
    const redacted = await guarded(() => (result = (0,secrets/* redactDeep */.KL)(given)));
    if (redacted !== undefined)
        broken.push(`reading the result (${redacted.message})`);
    const warnings = await writeAllOutputs(result, env, broken);
    warnings.forEach((warning) => log/* warning */.$e(warning));
    result = { ...result, warnings: [...result.warnings, ...warnings] };
    log/* info */.pq(headline(result));
    const errors = allErrors(result);
    if (errors !== undefined)
        log/* info */.pq(errors);
    if (writeSummary && env.GITHUB_STEP_SUMMARY)
        await writeJobSummary(result, broken);
    const failure = stepFailure(result, broken);
    if (failure !== undefined)
        log/* fail */.fJ(failure.message, failure.title);
}
/**
 * Every output, in one write, and the file of URLs not purged; what broke is added to `broken`, and the warnings (an
 * output cut or not written, the list not written) are returned.
 */
async function writeAllOutputs(result, env, broken) {
    // The file of URLs not purged is written while the outputs are worked out: its few round trips to the file
    // system overlap that work instead of following it.
    let failedFilesPath = '';
    const listing = guarded(async () => (failedFilesPath = await writeFailedFiles(result, env)));
    const outputs = [];
    const cut = new Set();
    for (const [name, value] of outputThunks(result)) {
        let text = '';
        const failed = await guarded(() => {
            const output = outputText(value());
            text = output.text;
            if (output.cut)
                cut.add(name);
        });
        if (failed !== undefined)
            broken.push(`computing output "${name}" (${failed.message})`);
        outputs.push([name, text]);
    }
    const listed = await listing;
    // All outputs in one write (output-file.ts); failed-files-path last, as before, and not warned about on its own:
    // the list's own warning says when it is empty.
    const unwritten = new Map(writeOutputs([...outputs, ['failed-files-path', failedFilesPath]], { env }).map(({ name, error }) => [name, error]));
    const warnings = [];
    for (const [name] of outputs) {
        if (cut.has(name)) {
            warnings.push(`Output "${name}" was cut to stay under ${MAX_OUTPUT_BYTES / 1024} KiB, the most an output can carry${name === 'failed-files' ? ': the file that failed-files-path names lists every URL not purged' : ''}.`);
        }
        const error = unwritten.get(name);
        if (error !== undefined)
            warnings.push(`Output "${name}" could not be written: ${error.message}.`);
    }
    if (listed !== undefined)
        warnings.push(`The list of URLs not purged could not be written (${(0,files/* fileProblem */.Wj)(listed)}); failed-files-path is empty.`);
    return warnings;
}
/** The job summary; drawn plain when drawing it broke (added to `broken`), and a warning when it cannot be written. */
async function writeJobSummary(result, broken) {
    // Stryker disable next-line StringLiteral: never read: the summary is drawn, or the plain one takes its place
    let markdown = '';
    const drawn = await guarded(() => (markdown = renderSummary(result)));
    if (drawn !== undefined) {
        broken.push(`drawing the job summary (${drawn.message})`);
        markdown = plainSummary(result);
    }
    const written = await guarded(() => core/* summary */.z.addRaw(markdown, true).write());
    if (written !== undefined)
        log/* warning */.$e(`The job summary could not be written: ${written.message}.`);
}


/***/ })

};
