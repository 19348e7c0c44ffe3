export const id = 229;
export const ids = [229];
export const modules = {

/***/ 3229:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  uP: () => (/* binding */ chooseTargets),
  edgePlan: () => (/* binding */ edgePlan),
  MT: () => (/* binding */ verdictLine),
  gS: () => (/* binding */ verifyUrls)
});

// UNUSED EXPORTS: RECHECK_EVERY_MS

// EXTERNAL MODULE: ./src/concurrency.ts
var concurrency = __webpack_require__(1532);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
// EXTERNAL MODULE: ./src/edge/content.ts
var edge_content = __webpack_require__(8000);
;// CONCATENATED MODULE: ./src/edge/clock.ts
// The origin's clock, read from the Date of answers that came from it. A cache that derives Age from Date
// (Squid does; RFC 9111 \u00a74.2.3 allows it) counts a copy older by as much as the origin's clock is behind:
// a copy cached a second after the purge can read `Age: 122`. This says so instead of leaving it to be
// misread. Pure; no I/O. A Date header is outside text: nothing here throws, whatever it holds.

/** How far the origin's Date may be from the runner's clock before the report says so: more than a recheck, less than any TTL worth checking. */
const CLOCK_SKEW_THRESHOLD_SECONDS = 30;
/** A Date further off than any Age can count (RFC 9111 \u00a71.2.2: 2^31 s) is not a clock that is off, but garbage: ignored. */
const MAX_SKEW_SECONDS = 2 ** 31;
/** The longest Date header read; an HTTP-date is 29 characters. */
const MAX_DATE_CHARS = 64;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = MONTHS.join('|');
const DAY = 'Mon|Tue|Wed|Thu|Fri|Sat|Sun';
const TIME = '(\\d\\d):(\\d\\d):(\\d\\d)';
/** RFC 9110 \u00a75.6.7: `Sun, 06 Nov 1994 08:49:37 GMT`, the one format senders use. */
const IMF_FIXDATE = new RegExp(`^(?:${DAY}), (\\d\\d) (${MONTH}) (\\d{4}) ${TIME} GMT$`);
/** The obsolete RFC 850 form: `Sunday, 06-Nov-94 08:49:37 GMT`. */
const RFC_850 = new RegExp(`^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\\d\\d)-(${MONTH})-(\\d\\d) ${TIME} GMT$`);
/** C's asctime() form: `Sun Nov  6 08:49:37 1994`. */
const ASCTIME = new RegExp(`^(?:${DAY}) (${MONTH}) ( \\d|\\d\\d) ${TIME} (\\d{4})$`);
/** Milliseconds since the epoch of a day and time, or undefined when there is no such day or time (30 Feb, 25:00). */
function utc(year, month, day, hour, minute, second) {
    const index = MONTHS.indexOf(month);
    const date = new Date(0);
    // Day 0 of the next month is the last day of this one. setUTCFullYear, not Date.UTC: it takes years below 100 as they are.
    date.setUTCFullYear(year, index + 1, 0);
    // A leap second (23:59:60) is allowed in an HTTP-date; it counts as the second before.
    if (day < 1 || day > date.getUTCDate() || hour > 23 || minute > 59 || second > 60)
        return undefined;
    date.setUTCFullYear(year, index, day);
    date.setUTCHours(hour, minute, Math.min(second, 59));
    return date.getTime();
}
/**
 * An HTTP-date (RFC 9110 \u00a75.6.7) in milliseconds since the epoch, in any of its three formats, which
 * recipients must accept; undefined for anything else. `now` (ms) places a two-digit RFC 850 year: one
 * that would be more than 50 years ahead is the last such year in the past.
 */
function parseHttpDate(text, now) {
    if (text.length > MAX_DATE_CHARS)
        return undefined;
    const value = text.trim();
    const imf = IMF_FIXDATE.exec(value);
    if (imf !== null) {
        const [, day, month, year, hour, minute, second] = imf;
        return utc(Number(year), month, Number(day), Number(hour), Number(minute), Number(second));
    }
    const rfc850 = RFC_850.exec(value);
    if (rfc850 !== null) {
        const [, day, month, yy, hour, minute, second] = rfc850;
        const thisYear = new Date(now).getUTCFullYear();
        let year = thisYear - (thisYear % 100) + Number(yy);
        if (year > thisYear + 50)
            year -= 100;
        return utc(year, month, Number(day), Number(hour), Number(minute), Number(second));
    }
    const asctime = ASCTIME.exec(value);
    if (asctime !== null) {
        const [, month, day, hour, minute, second, year] = asctime;
        // Number() reads the day's leading space as nothing.
        return utc(Number(year), month, Number(day), Number(hour), Number(minute), Number(second));
    }
    return undefined;
}
/**
 * The answer's Date minus when it arrived (`answeredAt`, ms on the runner's clock), in seconds; undefined
 * when it has no Date that can be read, more than one, or one further off than MAX_SKEW_SECONDS. Only an
 * answer that came from the origin tells the origin's clock: a copy from a cache carries the Date of when
 * it was fetched.
 */
function dateSkewSeconds(headers, answeredAt) {
    const date = headers.date;
    if (typeof date !== 'string')
        return undefined;
    const parsed = parseHttpDate(date, answeredAt);
    if (parsed === undefined)
        return undefined;
    const skew = (parsed - answeredAt) / 1000;
    return Math.abs(skew) > MAX_SKEW_SECONDS ? undefined : skew;
}
/** The median: the middle one, or the mean of the two middle ones. */
function median(values) {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
/**
 * The origin's clock, by the median of `samples` (dateSkewSeconds of each answer that came from the
 * origin): one odd answer (another origin behind the same edge, a slow one) does not decide. Undefined
 * when there is none, or when the median is within CLOCK_SKEW_THRESHOLD_SECONDS of the runner's clock.
 */
function measureClockSkew(samples) {
    if (samples.length === 0)
        return undefined;
    const skew = median(samples);
    if (Math.abs(skew) <= CLOCK_SKEW_THRESHOLD_SECONDS)
        return undefined;
    const seconds = Math.sign(skew) * Math.round(Math.abs(skew));
    // Stryker disable next-line EqualityOperator: the skew is more than 30 s away from 0 here
    const behind = skew < 0;
    const measured = `by the Date of ${samples.length === 1 ? 'the one answer' : `${samples.length} answers (the median)`} not served from a cache`;
    const meaning = behind
        ? 'caches that derive Age from Date (Squid, RFC 9111 \u00a74.2.3) report copies that much older'
        : 'caches that derive Age from Date count a Date in the future as no age, so it does not make copies look older';
    return {
        seconds,
        answers: samples.length,
        note: `The origin's clock is off by about ${(0,src_text/* thousands */.oh)(Math.abs(seconds))} s (${behind ? 'behind' : 'ahead'}), ${measured}: ${meaning}.`
    };
}

// EXTERNAL MODULE: ./src/edge/freshness.ts
var freshness = __webpack_require__(154);
// EXTERNAL MODULE: ./src/edge/scope.ts
var scope = __webpack_require__(6329);
// EXTERNAL MODULE: ./src/sample.ts
var sample = __webpack_require__(377);
;// CONCATENATED MODULE: ./src/edge/verify.ts
// The verification run: fetch the chosen URLs from the public site, judge each answer, and fetch the
// stale ones again every few seconds until they turn fresh or the time allowed runs out.







/** How often URLs found stale are fetched again. */
const RECHECK_EVERY_MS = 5_000;
/**
 * What to check: `count` of the purged URLs spread evenly over the list (`verify`), then every probe URL
 * (`probe-urls`) that is not already among them.
 */
function chooseTargets(purged, count, probes) {
    const chosen = (0,sample/* spreadEvenly */.v)(purged, count);
    const urls = new Set(chosen.map((target) => target.url));
    for (const probe of probes) {
        if (urls.has(probe.url))
            continue;
        urls.add(probe.url);
        chosen.push(probe);
    }
    return chosen;
}
/**
 * What verify and warm would fetch, for a dry run: as many URLs as chooseTargets would pick, and every URL
 * once, of those on the zones' own public names (scope.ts; none when no zone's name is known).
 */
function edgePlan(purged, verify, probes, warm, zoneNames) {
    const names = zoneNames.filter((name) => name !== undefined);
    const onEdge = (urls) => urls.filter((url) => (0,scope/* edgeRefusal */.c)(url, names) === undefined);
    const targets = (urls) => onEdge(urls).map((url) => ({ url, purgedAt: 0 }));
    return {
        verify: verify > 0 ? chooseTargets(targets(purged), verify, targets(probes)).length : 0,
        warm: warm ? new Set(onEdge([...purged, ...probes])).size : 0
    };
}
/** `url: verdict (why)`, and the content check when it was not the same, for the log. */
function verdictLine(verdict) {
    const content = verdict.content;
    const note = content === undefined || content.result === 'same'
        ? ''
        : content.result === 'differs'
            ? '; differs from the deployed file'
            : `; content not compared: ${content.why}`;
    return `${verdict.url}: ${verdict.verdict} (${verdict.reason}${note})`;
}
/**
 * Fetches every target once, then those found stale again every RECHECK_EVERY_MS until each answers
 * something other than stale or `recheckForMs` has passed; the last check falls at the deadline. A URL's
 * verdict is its last answer's. The origin's clock is measured over the last answers that came from the
 * origin; when it is behind, the stale verdicts it could explain say so. Never throws for what the edge
 * answers; rejects with the reason of the run's signal once it is aborted.
 */
async function verifyUrls(targets, options) {
    const digests = new Map();
    const fileDigest = (file) => () => {
        const known = digests.get(file) ?? (0,edge_content/* deployedSha256 */._)(file);
        digests.set(file, known);
        return known;
    };
    // The last answer of each target, for the origin's clock.
    // Stryker disable next-line ArrayDeclaration: every target's answer is set before any is read
    const answers = [];
    const check = async (target, index, attempts) => {
        // openEdge's fetcher refuses too, but one a test or the bench gives may not: no fetch starts once the run is
        // cancelled, and an answer that comes all the same gives no verdict.
        options.signal?.throwIfAborted();
        const answer = await options.edge.get(target.url, target.file === undefined ? 'skip' : 'hash');
        options.signal?.throwIfAborted();
        answers[index] = answer;
        const content = target.file === undefined ? undefined : await (0,edge_content/* checkContent */.a)(answer, fileDigest(target.file));
        return { url: target.url, ...judge(answer, target.purgedAt), content, attempts };
    };
    const verdicts = await (0,concurrency/* mapConcurrent */._)(targets, options.concurrency, (target, index) => check(target, index, 1));
    const deadline = options.now() + options.recheckForMs;
    let stale = targets.flatMap((_, index) => (verdicts[index].verdict === 'stale' ? [index] : []));
    while (stale.length > 0) {
        const left = deadline - options.now();
        if (left <= 0)
            break;
        const wait = Math.min(RECHECK_EVERY_MS, left);
        options.log(`${(0,src_text/* plural */.LS)(stale.length, 'URL')} still stale; checking again in ${(0,src_text/* seconds */.YA)(wait, 'up')} (${(0,src_text/* seconds */.YA)(left, 'up')} left).`);
        await options.sleep(wait, options.signal);
        await (0,concurrency/* mapConcurrent */._)(stale, options.concurrency, async (index) => {
            verdicts[index] = await check(targets[index], index, verdicts[index].attempts + 1);
        });
        stale = stale.filter((index) => verdicts[index].verdict === 'stale');
    }
    if (stale.length > 0)
        options.log(`${(0,src_text/* plural */.LS)(stale.length, 'URL')} still stale after ${(0,src_text/* seconds */.YA)(options.recheckForMs, 'up')} of checking again.`);
    const clockSkew = measureClockSkew(answers.flatMap((answer) => {
        const skew = answer.kind === 'response' && (0,freshness/* cameFromOrigin */.lW)(answer.status, answer.headers)
            ? dateSkewSeconds(answer.headers, answer.answeredAt)
            : undefined;
        return skew === undefined ? [] : [skew];
    }));
    // Negative when the origin is ahead: judgeAnswer says nothing then, as when the clock is right.
    const originBehind = -(clockSkew?.seconds ?? 0);
    for (const index of stale) {
        verdicts[index] = {
            ...verdicts[index],
            ...judge(answers[index], targets[index].purgedAt, originBehind)
        };
    }
    return { verdicts, clockSkew };
}
function judge(answer, purgedAt, originBehindSeconds = 0) {
    if (answer.kind !== 'response') {
        return { verdict: 'error', age: undefined, cacheStatus: undefined, reason: answer.detail, status: undefined };
    }
    return {
        ...(0,freshness/* judgeAnswer */._n)(answer.status, answer.headers, (answer.answeredAt - purgedAt) / 1000, originBehindSeconds),
        status: answer.status
    };
}


/***/ })

};
