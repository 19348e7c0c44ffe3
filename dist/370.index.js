export const id = 370;
export const ids = [370,229];
export const modules = {

/***/ 9370:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  probeTargets: () => (/* binding */ probeTargets),
  purgedTargets: () => (/* binding */ purgedTargets),
  staleFailure: () => (/* binding */ staleFailure),
  verifyAndWarm: () => (/* binding */ verifyAndWarm)
});

// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
// EXTERNAL MODULE: ./src/edge/fetch.ts
var fetch = __webpack_require__(997);
// EXTERNAL MODULE: ./src/edge/scope.ts
var scope = __webpack_require__(6329);
// EXTERNAL MODULE: ./src/edge/tally.ts
var tally = __webpack_require__(8431);
// EXTERNAL MODULE: ./src/edge/verify.ts + 1 modules
var verify = __webpack_require__(3229);
// EXTERNAL MODULE: ./src/concurrency.ts
var concurrency = __webpack_require__(1532);
;// CONCATENATED MODULE: ./src/edge/warm.ts
// Warming: fetch every purged URL once, so that the edge caches the new content before visitors ask
// for it. One pass only; what goes wrong is reported, never a failure.

const statusClass = (status) => (status < 300 ? '2xx' : status < 400 ? '3xx' : status < 500 ? '4xx' : '5xx');
/**
 * GETs each URL once and reads its body to the end (a CDN may stop filling its cache when the client
 * goes away); the status decides, a body cut off after it does not. Never throws for what the edge answers;
 * rejects with the reason of the run's signal once it is aborted.
 */
async function warmUrls(urls, options) {
    const answers = await (0,concurrency/* mapConcurrent */._)(urls, options.concurrency, async (url) => {
        // openEdge's fetcher refuses too, but one a test or the bench gives may not: no fetch starts once the run is
        // cancelled, and an answer that comes all the same is not counted.
        options.signal?.throwIfAborted();
        const answer = await options.edge.get(url, 'drain');
        options.signal?.throwIfAborted();
        return answer;
    });
    const counts = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, error: 0 };
    const problems = [];
    answers.forEach((answer, index) => {
        const url = urls[index];
        if (answer.kind !== 'response') {
            counts.error++;
            problems.push({ url, status: undefined, detail: answer.detail });
            return;
        }
        const kind = statusClass(answer.status);
        counts[kind]++;
        if (kind === '4xx' || kind === '5xx')
            problems.push({ url, status: answer.status, detail: `HTTP ${answer.status}` });
    });
    return { counts, warmed: counts['2xx'] + counts['3xx'], problems };
}

;// CONCATENATED MODULE: ./src/edge/index.ts






/** Most verdict lines in the log; the summary and the result output have every one. */
const LOGGED_VERDICTS = 50;
/** Most URLs a warning lists. */
const LISTED = 10;
/**
 * Every purged URL, with when its purge was confirmed (the last pass's batch) and, where the change list
 * knows it, the deployed file to compare with.
 */
function purgedTargets(outcomes, fileOf) {
    const targets = new Map();
    for (const outcome of outcomes) {
        // confirmedAt is set exactly when the API confirmed the request.
        if (outcome.confirmedAt === undefined || outcome.request.kind !== 'files')
            continue;
        for (const url of outcome.request.items) {
            const file = fileOf(url);
            targets.set(url, { url, purgedAt: outcome.confirmedAt, ...(file === undefined ? {} : { file }) });
        }
    }
    return [...targets.values()];
}
/**
 * The probe URLs, each timed by the last purge confirmed in its zone (a purge of tags or of everything,
 * or its files). Probes in a zone where nothing was confirmed are left out: there is nothing to prove.
 */
function probeTargets(probes, outcomes) {
    const lastConfirmed = new Map();
    for (const outcome of outcomes) {
        if (outcome.confirmedAt === undefined || outcome.request.kind === 'settings')
            continue;
        lastConfirmed.set(outcome.request.zoneId, Math.max(lastConfirmed.get(outcome.request.zoneId) ?? 0, outcome.confirmedAt));
    }
    return [...probes].flatMap(([zoneId, urls]) => {
        const purgedAt = lastConfirmed.get(zoneId);
        return purgedAt === undefined ? [] : urls.map((url) => ({ url, purgedAt }));
    });
}
/**
 * Verifies, then warms, each in its log group, and says in the log what the edge showed. Only URLs on the zones' own
 * public names are fetched (scope.ts). Once the run's signal (EdgeIo.signal) is aborted, nothing more is fetched and
 * it rejects with the signal's reason.
 */
async function verifyAndWarm(purged, probes, request, io) {
    // Every URL once: a probe URL may be among the purged ones.
    const everyUrl = [...new Set([...purged, ...probes].map((target) => target.url))];
    const names = request.zoneNames.filter((name) => name !== undefined);
    if (everyUrl.length > 0 && names.length === 0) {
        io.warn(nameUnknownWarning(request));
        return { verification: undefined, warm: undefined };
    }
    const refused = refusedUrls(everyUrl, names, io);
    const onEdge = (target) => !refused.has(target.url);
    const urls = everyUrl.filter((url) => !refused.has(url));
    let verification;
    let warm;
    if (request.verify > 0) {
        const targets = (0,verify/* chooseTargets */.uP)(purged.filter(onEdge), request.verify, probes.filter(onEdge));
        if (everyUrl.length === 0) {
            io.warn('Input "verify" has nothing to check: this purge has no URL list (only tags or everything). Give "probe-urls" to check pages of the site.');
        }
        else if (targets.length > 0) {
            verification = await verifyGroup(targets, urls.length, request, io);
        }
    }
    if (request.warm) {
        if (everyUrl.length === 0) {
            io.warn('Input "warm" has nothing to fetch: this purge has no URL list (only tags or everything). Give "probe-urls" to warm pages of the site.');
        }
        else if (urls.length > 0) {
            warm = await warmGroup(urls, request, io);
        }
    }
    return { verification, warm };
}
/** The fetcher's settings for verify and warm, the run's signal with them. */
function edgeSettings(request, io) {
    return {
        userAgent: request.userAgent,
        timeoutMs: request.timeoutMs,
        concurrency: request.concurrency,
        now: io.now,
        signal: io.signal
    };
}
/** The Verify group: checks `targets` (of `urls` on the edge) and says what they showed. */
function verifyGroup(targets, urls, request, io) {
    return io.group('Verify', async () => {
        const edge = (0,fetch/* openEdge */.Gi)(edgeSettings(request, io));
        try {
            io.log(`Checking ${(0,src_text/* plural */.LS)(targets.length, 'URL')} at the edge${targets.length < urls ? ` (of ${urls}, spread over the list)` : ''}.`);
            const { verdicts, clockSkew } = await (0,verify/* verifyUrls */.gS)(targets, {
                edge,
                concurrency: request.concurrency,
                recheckForMs: request.recheckForMs,
                now: io.now,
                sleep: io.sleep,
                log: io.log,
                signal: io.signal
            });
            report(verdicts, io);
            if (clockSkew !== undefined)
                io.log(clockSkew.note);
            return { verdicts, recheckForMs: request.recheckForMs, clockSkew };
        }
        finally {
            await edge.close();
        }
    });
}
/** The Warm group: fetches every URL once and says what they answered. */
function warmGroup(urls, request, io) {
    return io.group('Warm', async () => {
        const edge = (0,fetch/* openEdge */.Gi)(edgeSettings(request, io));
        try {
            const result = await warmUrls(urls, { edge, concurrency: request.concurrency, signal: io.signal });
            const { counts } = result;
            io.log(`Warmed ${result.warmed} of ${(0,src_text/* plural */.LS)(urls.length, 'URL')}: ${counts['2xx']} 2xx, ${counts['3xx']} 3xx, ${counts['4xx']} 4xx, ${counts['5xx']} 5xx, ${counts.error} without an answer.`);
            if (result.problems.length > 0) {
                io.warn(`Warming: ${(0,src_text/* plural */.LS)(result.problems.length, 'URL')} answered neither 2xx nor 3xx (${listed(result.problems.map((problem) => `${problem.url} (${problem.detail})`))}). Warming never fails the step; check that the URLs are served.`);
            }
            return { ...result, urls: urls.length };
        }
        finally {
            await edge.close();
        }
    });
}
/** Why verify and warm fetch nothing when no zone's name is known. */
function nameUnknownWarning(request) {
    const asked = request.verify > 0 && request.warm ? 'Inputs "verify" and "warm" are' : request.verify > 0 ? 'Input "verify" is' : 'Input "warm" is';
    return (`${asked} skipped: the zone was given by id and its name could not be read (the API key may not list zones), so no URL can be told to be on the zone's own site, ` +
        'and the edge checks fetch nothing else. Give the zone by name (zone: example.com), or use an API key that may list zones.');
}
/** What the warning says of each kind of URL not fetched. */
const REFUSED = {
    local: 'whose host is an IP address, localhost, a local name (.localhost, .local, .internal, .home.arpa) or a name without a dot',
    'off-zone': 'not on a zone whose name is known'
};
/** The URLs the edge checks may not fetch (scope.ts), with a warning for each kind. */
function refusedUrls(urls, names, io) {
    const refused = new Map();
    for (const url of urls) {
        const why = (0,scope/* edgeRefusal */.c)(url, names);
        if (why !== undefined)
            refused.set(why, [...(refused.get(why) ?? []), url]);
    }
    for (const [why, list] of refused) {
        io.warn(`Not fetched from the edge: ${(0,src_text/* plural */.LS)(list.length, 'URL')} ${REFUSED[why]} (${listed(list)}). Verify and warm fetch only public names on the zone; the purge is not affected.`);
    }
    return new Set([...refused.values()].flat());
}
/** Most stale URLs the step's error names; the stale-files output has every one. */
const NAMED_STALE = 5;
/** The step's error when URLs still served an old copy at the end of verify-timeout; undefined when none did. */
function staleFailure(check) {
    if (check.verification === undefined)
        return undefined;
    const { verdicts, recheckForMs, clockSkew } = check.verification;
    const stale = (0,tally/* staleUrls */.sN)(verdicts);
    if (stale.length === 0)
        return undefined;
    // Only a clock behind makes copies look older than they are.
    const skewSeconds = clockSkew?.seconds ?? 0;
    // Stryker disable next-line EqualityOperator: a skew is said only when it is more than 30 s from 0
    const behind = skewSeconds < 0;
    const skew = behind ? ` ${clockSkew.note}` : '';
    return (`${stale.length} of ${verdicts.length} URLs checked at the edge still served a copy cached before the purge after ${(0,src_text/* seconds */.YA)(recheckForMs)} of checking again ` +
        `(stale-files output): ${stale.slice(0, NAMED_STALE).join(', ')}${stale.length > NAMED_STALE ? ', \u2026' : ''}. A shield or tiered cache may have refilled the edge: try purge-again-after, or a longer verify-timeout.${skew}`);
}
function listed(items) {
    return items.length > LISTED ? `${items.slice(0, LISTED).join(', ')} and ${items.length - LISTED} more` : items.join(', ');
}
/** The verdicts in the log, and a warning for each kind of doubt: unknown, errors, content that differs. */
function report(verdicts, io) {
    const counts = (0,tally/* countVerdicts */.qX)(verdicts);
    io.log(`Fresh ${counts.fresh}, stale ${counts.stale}, unknown ${counts.unknown}, error ${counts.error}${counts.differs > 0 ? `; ${counts.differs} differ from the deployed file` : ''}.`);
    const ordered = (0,tally/* byAttention */._p)(verdicts);
    for (const verdict of ordered.slice(0, LOGGED_VERDICTS))
        io.log((0,verify/* verdictLine */.MT)(verdict));
    if (ordered.length > LOGGED_VERDICTS)
        io.log(`\u2026 and ${ordered.length - LOGGED_VERDICTS} more: see the job summary and the result output.`);
    const urlsOf = (pick) => verdicts.filter(pick).map((verdict) => verdict.url);
    const unknown = urlsOf((verdict) => verdict.verdict === 'unknown');
    if (unknown.length > 0) {
        io.warn(`Verify: ${(0,src_text/* plural */.LS)(unknown.length, 'URL')} answered without Age or a cache-status header that tells whether the copy is new (${listed(unknown)}); not judged. If the CDN never sends them for these URLs, give probe-urls it does, or set verify: false.`);
    }
    const failed = urlsOf((verdict) => verdict.verdict === 'error');
    if (failed.length > 0)
        io.warn(`Verify: ${(0,src_text/* plural */.LS)(failed.length, 'URL')} could not be checked (a 5xx, a network error or no answer in time: ${listed(failed)}). Check that they are served; raise "timeout" if the site answers slowly.`);
    const differs = urlsOf((verdict) => verdict.content?.result === 'differs');
    if (differs.length > 0) {
        io.warn(`Verify: ${(0,src_text/* plural */.LS)(differs.length, 'URL')} ${(0,src_text/* forCount */.VL)(differs.length, 'differs', 'differ')} from the deployed file (${listed(differs)}); a CDN may rewrite HTML, so this is not a failure.`);
    }
}


/***/ }),

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
