export const id = 267;
export const ids = [267];
export const modules = {

/***/ 1267:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $i: () => (/* binding */ bucketLength),
/* harmony export */   $m: () => (/* binding */ sumBuckets),
/* harmony export */   readAllTraffic: () => (/* binding */ readAllTraffic),
/* harmony export */   sP: () => (/* binding */ ROUND_BUCKETS_MS)
/* harmony export */ });
/* unused harmony exports MAX_POINTS, GRANULARITY_MS, readTrafficAnswer, readZoneTraffic */
/* harmony import */ var _json_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8301);
/* harmony import */ var _concurrency_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1532);
/* harmony import */ var _http_path_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1673);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8992);




const MAX_POINTS = 60;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const GRANULARITY_MS = { minute: MINUTE, hour: HOUR, day: DAY };
/** Bucket lengths that start on round UTC times: points are summed into the shortest one that leaves few enough. */
const ROUND_BUCKETS_MS = [
    ...[1, 2, 5, 10, 15, 30].map((n) => n * MINUTE),
    ...[1, 2, 3, 4, 6, 12].map((n) => n * HOUR),
    ...[1, 2, 3, 7, 14, 28, 91, 364].map((n) => n * DAY)
];
/**
 * The shortest round bucket length, a multiple of `baseMs`, that puts times from `first` to `last` into
 * at most `max` buckets; when none does (times decades apart), a plain multiple of `baseMs` that does.
 */
function bucketLength(first, last, baseMs, max) {
    const buckets = (ms) => Math.floor(last / ms) - Math.floor(first / ms) + 1;
    const round = ROUND_BUCKETS_MS.find((ms) => ms % baseMs === 0 && buckets(ms) <= max);
    return round ?? Math.max(1, Math.ceil((last - first) / (max - 1) / baseMs)) * baseMs;
}
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
    if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u)(entry) || typeof entry.timestamp !== 'string' || !isAmount(entry.requests) || entry.requests > Number.MAX_SAFE_INTEGER)
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
    if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u)(value))
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
 * is read twice rather than copied, so a huge one costs no memory beyond the answer itself.
 */
function readTrafficAnswer(body, granularity, zone) {
    const baseMs = GRANULARITY_MS[granularity];
    const data = (0,_json_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u)(body) ? body.data : undefined;
    if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u)(data))
        return { totals: undefined, points: [], bucketMs: baseMs, error: 'the answer has no "data" object', warnings: [] };
    const totals = readTotals(data.totals);
    const read = typeof totals === 'string' ? { totals: undefined, error: totals } : { totals, error: undefined };
    const series = data.timeseries;
    if (!Array.isArray(series)) {
        return {
            ...read,
            points: [],
            bucketMs: baseMs,
            warnings: [`The traffic answer for ${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .shown */ .SP)(zone)} has no "timeseries" list, so there is no chart.`]
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
            `${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(dropped, 'entry', 'entries')} of the traffic timeseries for ${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .shown */ .SP)(zone)} had no readable timestamp or request count and ${dropped === 1 ? 'was' : 'were'} left out of the chart.`
        ];
    // With no readable point (first Infinity, last -Infinity) any length fits: the shortest round one, the base itself.
    const bucketMs = bucketLength(first, last, baseMs, MAX_POINTS);
    return { ...read, points: sumBuckets(readablePoints(series), bucketMs), bucketMs, warnings };
}
/**
 * `GET /zones/{id}/analytics/traffic` for the window ending `now`. Never throws: a failed read is
 * reported in the result, because a traffic report is never a reason to skip or fail a purge.
 */
async function readZoneTraffic(client, zone, analytics, now) {
    const until = new Date(now).toISOString();
    const since = new Date(now - analytics.windowMs).toISOString();
    const base = { zoneId: zone.id, zoneName: zone.name, window: analytics.window, granularity: analytics.granularity, since, until };
    try {
        const response = await client.request('GET', `/zones/${(0,_http_path_js__WEBPACK_IMPORTED_MODULE_0__/* .pathSegment */ .p)(zone.id)}/analytics/traffic`, {
            query: { since, until, granularity: analytics.granularity }
        });
        return { ...base, ...readTrafficAnswer(response.body, analytics.granularity, zone.name ?? zone.id) };
    }
    catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { ...base, totals: undefined, points: [], bucketMs: GRANULARITY_MS[analytics.granularity], error: message, warnings: [] };
    }
}
/** Every zone's traffic, `concurrency` reads at a time; zones that do not exist yet (dry run) are left out. */
function readAllTraffic(client, zones, analytics, concurrency) {
    const readable = zones.filter((zone) => zone.created?.dryRun !== true);
    return (0,_concurrency_js__WEBPACK_IMPORTED_MODULE_3__/* .mapConcurrent */ ._)(readable, concurrency, (zone) => readZoneTraffic(client, zone, analytics, Date.now()));
}


/***/ })

};
