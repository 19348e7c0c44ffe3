export const id = 267;
export const ids = [267];
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


/***/ })

};
