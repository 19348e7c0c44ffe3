export const id = 93;
export const ids = [93,240];
export const modules = {

/***/ 3093:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  awaitNewBuild: () => (/* binding */ awaitNewBuild),
  describeChecks: () => (/* binding */ describeChecks),
  originFailure: () => (/* binding */ originFailure),
  whereChecked: () => (/* binding */ whereChecked)
});

// EXTERNAL MODULE: ./src/edge/content.ts
var content = __webpack_require__(8000);
// EXTERNAL MODULE: ./src/edge/fetch.ts
var fetch = __webpack_require__(997);
// EXTERNAL MODULE: ./src/files.ts
var files = __webpack_require__(9148);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
// EXTERNAL MODULE: ./src/concurrency.ts
var concurrency = __webpack_require__(1532);
// EXTERNAL MODULE: ./src/origin/readiness.ts
var readiness = __webpack_require__(3354);
// EXTERNAL MODULE: ./src/origin/verdicts.ts
var verdicts = __webpack_require__(9810);
;// CONCATENATED MODULE: ./src/origin/poll.ts
// The wait itself: check the URLs, again and again on the schedule of readiness.ts, until every one serves the new
// build or the time is spent. The clock, the sleep and the fetch are injected: no test waits on a timer.




/** The verdict of a URL not fetched yet: never seen, as the first check fetches every URL. */
// Stryker disable StringLiteral: the verdict and reason are overwritten by the first check, which fetches every URL
const NOT_YET = {
    verdict: 'error',
    status: undefined,
    reason: 'not fetched',
    fetches: 0,
    newAfterMs: undefined
};
// Stryker restore StringLiteral
/**
 * Checks every target at once, then again on the schedule (nextCheckAt), each time only those not new yet, at most
 * `concurrency` at a time, until all are new, the time is spent (a last check falls at its end), or a check finds
 * nothing but copies from the edge's cache. A line in the log after the first check and at most every
 * ORIGIN_PROGRESS_EVERY_MS after it, and a last one that says how it ended. Once the run's signal is aborted, it rejects with
 * its reason: a cancelled wait has no verdict.
 */
async function pollOrigin(targets, options) {
    const startedAt = options.now();
    const deadline = startedAt + options.waitMs;
    const urls = targets.map((target) => ({ target, ...NOT_YET }));
    let loggedAt;
    let checks = 0;
    for (;;) {
        const checkStartedAt = options.now();
        const pending = urls.flatMap((url, index) => ((0,verdicts/* isNew */.B)(url.verdict) ? [] : [index]));
        const judged = await (0,concurrency/* mapConcurrent */._)(pending, options.concurrency, (index) => {
            options.signal?.throwIfAborted();
            return options.check(urls[index].target);
        });
        // A check that answered all the same once the run was cancelled (an injected one) gives no verdict either.
        options.signal?.throwIfAborted();
        checks++;
        const answeredAt = options.now();
        pending.forEach((index, n) => {
            const before = urls[index];
            const judgement = judged[n];
            urls[index] = {
                ...before,
                ...judgement,
                fetches: before.fetches + 1,
                newAfterMs: (0,verdicts/* isNew */.B)(judgement.verdict) ? answeredAt - startedAt : undefined
            };
        });
        const waitedMs = answeredAt - startedAt;
        const end = (ready, cacheBlind) => {
            options.log(finalLine(urls, ready, cacheBlind, waitedMs, options.waitMs));
            return { ready, waitedMs, checks, cacheBlind, urls };
        };
        if (urls.every((url) => (0,verdicts/* isNew */.B)(url.verdict)))
            return end(true, false);
        if (judged.every((judgement) => judgement.verdict === 'from-cache') && !urls.some((url) => (0,verdicts/* isNew */.B)(url.verdict)))
            return end(false, true);
        if (answeredAt >= deadline)
            return end(false, false);
        if (loggedAt === undefined || answeredAt - loggedAt >= readiness/* ORIGIN_PROGRESS_EVERY_MS */.oT) {
            loggedAt = answeredAt;
            options.log(`Origin: ${countNew(urls)} of ${(0,src_text/* plural */.LS)(urls.length, 'checked URL')} serve the new build (${Math.floor(waitedMs / 1000)} s of ${options.waitMs / 1000}).`);
        }
        await options.sleep(Math.max(0, Math.min((0,readiness/* nextCheckAt */.T7)(startedAt, checkStartedAt), deadline) - options.now()), options.signal);
    }
}
const countNew = (urls) => urls.filter((url) => (0,verdicts/* isNew */.B)(url.verdict)).length;
/** The last line of the Origin group: what was found, and when. */
function finalLine(urls, ready, cacheBlind, waitedMs, waitMs) {
    const after = (0,src_text/* seconds */.YA)(waitedMs, 'tenth');
    if (ready)
        return `Origin: all ${(0,src_text/* plural */.LS)(urls.length, 'checked URL')} serve the new build, found after ${after}.`;
    if (cacheBlind) {
        return `Origin: every answer came from the edge's cache despite the cache-busting parameter (after ${after}): the edge ignores the query string.`;
    }
    const left = urls.length - countNew(urls);
    return `Origin: ${left} of ${(0,src_text/* plural */.LS)(urls.length, 'checked URL')} still ${left === 1 ? 'serves' : 'serve'} another version after ${(0,src_text/* seconds */.YA)(waitMs, 'up')}; waited ${after}.`;
}
/** The checked URLs not new yet, in the order they were checked. */
function notNew(urls) {
    return urls.filter((url) => !(0,verdicts/* isNew */.B)(url.verdict));
}

// EXTERNAL MODULE: ./src/origin/targets.ts
var origin_targets = __webpack_require__(2364);
;// CONCATENATED MODULE: ./src/origin/index.ts
// Before the first purge request: wait until the origin serves the new build, so that the edge, once purged, refills
// with it and not with the old one (`wait-for-origin`). Loaded only by a step that asks for it. The fetches are the
// edge checks' own (src/edge/fetch.ts): no cookie, no credential, redirects not followed, bodies capped, proxies honoured.







/** Most URLs the step's error names; the result output and the summary have every one. */
const NAMED = 5;
/** Where the URLs are fetched, for the log and the summary. */
function whereChecked(plan) {
    const first = plan.urls[0] ?? plan.marker;
    return plan.where === 'edge'
        ? 'through the edge, each at its own address with a cache-busting query parameter and Cache-Control: no-cache'
        : `at origin-url (${(0,src_text/* shown */.SP)(new URL(first.fetchUrl).origin)})`;
}
/** What the wait checks, in one sentence: "20 URLs (of 340 whose deployed file is known, spread over the list) and the marker \u2026". */
function describeChecks(plan) {
    const urls = plan.urls.length === 0
        ? undefined
        : `${(0,src_text/* plural */.LS)(plan.urls.length, 'URL')}${plan.known > plan.urls.length ? ` (of ${plan.known} whose deployed file is known, spread over the list)` : ''}`;
    const marker = plan.marker === undefined ? undefined : `the marker ${(0,src_text/* shown */.SP)(plan.marker.url)} (for "${(0,src_text/* shown */.SP)(plan.marker.text)}")`;
    return [urls, marker].filter((part) => part !== undefined).join(' and ');
}
/**
 * Waits, in the Origin log group, until every checked URL serves the new build or `waitMs` is spent: the deployed
 * files are hashed first (a file the change deleted is expected to answer 404 or 410), then the URLs are checked on
 * the schedule of readiness.ts. Never throws for what the origin, the edge or a file does: a wait that did not end
 * ready has its failure, the step's one error. Once the run's signal (io.signal) is aborted, it rejects with its reason.
 */
async function awaitNewBuild(plan, settings, io) {
    return io.group('Origin', async () => {
        io.log(`Waiting up to ${(0,src_text/* seconds */.YA)(settings.waitMs)} for the origin to serve the new build: checking ${describeChecks(plan)}, ${whereChecked(plan)}.`);
        const targets = await expectedOf(plan, io);
        if (targets.length === 0) {
            return {
                plan,
                wait: undefined,
                failure: 'Input "wait-for-origin": none of the deployed files to compare with could be read (see the warnings), so the step cannot tell the new build; nothing was purged. ' +
                    'Build the site into site-dir before this step, or set "origin-marker".'
            };
        }
        const edge = (io.open ?? fetch/* openEdge */.Gi)({
            userAgent: settings.userAgent,
            timeoutMs: Math.min(settings.timeoutMs, settings.waitMs),
            concurrency: settings.concurrency,
            now: io.now,
            signal: io.signal
        });
        let fetches = 0;
        const marker = plan.marker?.text;
        try {
            const wait = await pollOrigin(targets, {
                check: async (target) => {
                    // Stryker disable next-line UpdateOperator: any counter gives each fetch a value of its own
                    const address = target.viaEdge ? (0,origin_targets.bustedUrl)(target.fetchUrl, `${io.now().toString(36)}.${++fetches}`) : target.fetchUrl;
                    const find = target.expected.kind === 'marker' ? marker : undefined;
                    return (0,readiness/* judgeOrigin */.eX)(await edge.get(address, 'hash', { noCache: true, ...(find === undefined ? {} : { find }) }), target);
                },
                concurrency: settings.concurrency,
                waitMs: settings.waitMs,
                now: io.now,
                sleep: io.sleep,
                log: io.log,
                signal: io.signal
            });
            return { plan, wait, failure: originFailure(plan, wait, settings.waitMs) };
        }
        finally {
            await edge.close();
        }
    });
}
/**
 * Each planned URL with what its new build is: the deployed file's SHA-256, or `gone` when the file is not there
 * while others are (the change deleted it; when none is there, the workspace holds no build, and nothing is taken
 * as deleted). A file that cannot be read is left out, with a warning.
 */
async function expectedOf(plan, io) {
    const viaEdge = plan.where === 'edge';
    const read = await Promise.all(plan.urls.map(async (url) => {
        try {
            return { url, sha256: await (0,content/* deployedSha256 */._)(url.file) };
        }
        catch (error) {
            return { url, error };
        }
    }));
    const missing = (entry) => 'error' in entry && entry.error.code === 'ENOENT';
    const anyThere = read.some((entry) => 'sha256' in entry);
    const targets = [];
    const unreadable = [];
    for (const entry of read) {
        let expected;
        if ('sha256' in entry)
            expected = { kind: 'file', sha256: entry.sha256 };
        else if (missing(entry) && anyThere)
            expected = { kind: 'gone' };
        else
            unreadable.push(`${entry.url.url} (${missing(entry) ? 'not in the workspace' : (0,files/* fileProblem */.Wj)(entry.error)})`);
        if (expected !== undefined)
            targets.push({ url: entry.url.url, fetchUrl: entry.url.fetchUrl, viaEdge, expected });
    }
    if (unreadable.length > 0) {
        io.warn(`wait-for-origin: the deployed file of ${(0,src_text/* plural */.LS)(unreadable.length, 'URL')} could not be read, so ${unreadable.length === 1 ? 'it is' : 'they are'} not checked: ${unreadable.slice(0, NAMED).join(', ')}${unreadable.length > NAMED ? ', \u2026' : ''}.`);
    }
    if (plan.marker !== undefined) {
        targets.push({ url: plan.marker.url, fetchUrl: plan.marker.fetchUrl, viaEdge, expected: { kind: 'marker', text: plan.marker.text } });
    }
    return targets;
}
/** The step's error when the wait did not end ready; undefined when it did. */
function originFailure(plan, wait, waitMs) {
    if (wait.ready)
        return undefined;
    const left = notNew(wait.urls);
    if (wait.cacheBlind) {
        const example = left[0];
        return (`Input "wait-for-origin": every answer through the edge came from its cache (${(0,src_text/* shown */.SP)(example.target.url)}: ${example.reason}), ` +
            'even with a cache-busting query parameter and Cache-Control: no-cache: the edge ignores the query string, so it cannot show whether the origin serves the new build. ' +
            'Set "origin-url" to the origin\'s own address (the bucket or server the CDN fetches from) to check it there. Nothing was purged.');
    }
    const named = left.slice(0, NAMED).map((url) => `${(0,src_text/* shown */.SP)(url.target.url)} (${url.reason})`);
    const rewritten = plan.where === 'edge' && left.some((url) => url.target.expected.kind === 'file' && url.verdict === 'old' && url.status === 200)
        ? ' If the CDN rewrites pages (minifies them, injects scripts), compare at the origin with "origin-url", or check a page that names the build with "origin-marker".'
        : '';
    return (`Input "wait-for-origin": the origin did not serve the new build within ${(0,src_text/* seconds */.YA)(waitMs)}, so nothing was purged: ` +
        `${left.length} of ${(0,src_text/* plural */.LS)(wait.urls.length, 'checked URL')} still ${left.length === 1 ? 'serves' : 'serve'} another version: ${named.join(', ')}${left.length > NAMED ? ', \u2026' : ''}.` +
        `${rewritten} Every requested URL and tag is in failed-files / failed-tags, to purge once the deploy is live; or raise "wait-for-origin".`);
}


/***/ }),

/***/ 3354:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T7: () => (/* binding */ nextCheckAt),
/* harmony export */   XV: () => (/* binding */ sampleUrls),
/* harmony export */   eX: () => (/* binding */ judgeOrigin),
/* harmony export */   oT: () => (/* binding */ ORIGIN_PROGRESS_EVERY_MS)
/* harmony export */ });
/* unused harmony exports MAX_CHECKED_URLS, FAST_CHECKS_MS, FAST_EVERY_MS, SLOW_EVERY_MS */
/* harmony import */ var _edge_freshness_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(154);
/* harmony import */ var _edge_body_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6185);
/* harmony import */ var _sample_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(377);



/** Hex digits of a SHA-256 shown in a reason: enough to tell two builds apart at a glance. */
const SHOWN_DIGITS = 6;
/** The statuses that say a deleted file is gone. */
const GONE_STATUSES = new Set([404, 410]);
/** Judges one answer against what the new build is at that URL. */
function judgeOrigin(answer, target) {
    if (answer.kind !== 'response')
        return { verdict: 'error', status: undefined, reason: answer.detail };
    const { status, body } = answer;
    const judged = (verdict, reason) => ({ verdict, status, reason });
    const cached = target.viaEdge ? (0,_edge_freshness_js__WEBPACK_IMPORTED_MODULE_0__/* .fromCache */ .ZY)(answer.headers) : undefined;
    if (cached !== undefined)
        return judged('from-cache', `from the cache: ${cached}`);
    if (status >= 500)
        return judged('error', `HTTP ${status}`);
    const expected = target.expected;
    if (expected.kind === 'gone') {
        return GONE_STATUSES.has(status) ? judged('gone', `HTTP ${status}`) : judged('old', `HTTP ${status}, but the change deleted the file`);
    }
    if (status !== 200)
        return judged('old', `HTTP ${status}`);
    if (body.kind !== 'hashed')
        return judged('error', (0,_edge_body_js__WEBPACK_IMPORTED_MODULE_1__/* .whyNotHashed */ .r)(body));
    if (expected.kind === 'marker') {
        return body.found === true ? judged('new', 'holds the marker text') : judged('old', 'old: the marker text is not in the body');
    }
    return body.sha256 === expected.sha256
        ? judged('new', 'the deployed file (sha256)')
        : judged('old', `old: sha256 ${shortDigest(body.sha256)} \u2260 deployed ${shortDigest(expected.sha256)}`);
}
const shortDigest = (sha256) => `${sha256.slice(0, SHOWN_DIGITS)}\u2026`;
/** Most URLs whose deployed file is known that one wait checks, besides the marker. */
const MAX_CHECKED_URLS = 20;
/** Up to MAX_CHECKED_URLS of `urls`, spread evenly over the list (verify picks its URLs the same way). */
function sampleUrls(urls) {
    return (0,_sample_js__WEBPACK_IMPORTED_MODULE_2__/* .spreadEvenly */ .v)(urls, MAX_CHECKED_URLS);
}
/** How long the first, quick checks go on: a deploy usually lands within it, and each second of it is a second an edge waits. */
const FAST_CHECKS_MS = 30_000;
/** How often a check starts during FAST_CHECKS_MS. */
const FAST_EVERY_MS = 1_000;
/** How often a check starts after it: a slow deploy does not need the origin asked every second. */
const SLOW_EVERY_MS = 5_000;
/**
 * When the next check starts (ms on the wait's clock), from when the wait and the last check started: a second after
 * the last one while that is within the first FAST_CHECKS_MS, five seconds after it from then on. A check that took
 * longer than that is followed by the next at once (the caller sleeps for no less than 0).
 */
function nextCheckAt(waitStartedAt, lastCheckStartedAt) {
    const every = lastCheckStartedAt - waitStartedAt < FAST_CHECKS_MS ? FAST_EVERY_MS : SLOW_EVERY_MS;
    return lastCheckStartedAt + every;
}
/** How often the Origin log group says how far the wait is. */
const ORIGIN_PROGRESS_EVERY_MS = 10_000;


/***/ }),

/***/ 2364:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CACHE_BUSTER: () => (/* binding */ CACHE_BUSTER),
/* harmony export */   bustedUrl: () => (/* binding */ bustedUrl),
/* harmony export */   originAddress: () => (/* binding */ originAddress),
/* harmony export */   planOriginCheck: () => (/* binding */ planOriginCheck)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3916);
/* harmony import */ var _edge_scope_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6329);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8992);
/* harmony import */ var _site_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3240);
/* harmony import */ var _readiness_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3354);
// What the wait for the origin checks, and where: up to 20 purged URLs whose deployed file is known (from the change
// list, or mapped into site-dir), plus the marker; each fetched through the edge at its own address, or under
// origin-url. Pure: the files are hashed later, by whoever waits.





/** Where `url` is fetched under origin-url: its path and query appended to origin-url's path. */
function originAddress(url, originUrl) {
    const checked = new URL(url);
    const origin = new URL(originUrl);
    return `${origin.origin}${origin.pathname.replace(/\/+$/, '')}${checked.pathname}${checked.search}`;
}
/** The name of the cache-busting query parameter: says whose it is to anyone reading the origin's logs. */
const CACHE_BUSTER = 'cdn-purge-origin-check';
/** `url` with the cache-busting parameter `token` added to its query (any fragment dropped): a copy no cache holds. */
function bustedUrl(url, token) {
    const [withoutFragment] = url.split('#');
    return `${withoutFragment}${withoutFragment.includes('?') ? '&' : '?'}${CACHE_BUSTER}=${token}`;
}
/**
 * What to check: up to 20 of the URLs whose deployed file is known, spread evenly over the list, and the marker;
 * through the edge, only URLs on a zone's public names (scope.ts). With nothing to check, an InputError that names
 * wait-for-origin and says what to set; a marker the edge may not fetch names origin-marker.
 */
function planOriginCheck(request) {
    const viaEdge = request.originUrl === undefined;
    const where = (url) => (request.originUrl === undefined ? url : originAddress(url, request.originUrl));
    const fetchable = (url) => !viaEdge || (0,_edge_scope_js__WEBPACK_IMPORTED_MODULE_1__/* .edgeRefusal */ .c)(url, request.zoneNames) === undefined;
    const known = [];
    for (const url of new Set(request.urls)) {
        const file = request.deployed.get(url) ?? (request.site === undefined ? undefined : (0,_site_js__WEBPACK_IMPORTED_MODULE_3__.siteFileOf)(url, request.site, request.zoneNames));
        if (file !== undefined && fetchable(url))
            known.push({ url, fetchUrl: where(url), file });
    }
    const marker = request.marker;
    if (marker !== undefined && !fetchable(marker.url)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('origin-marker', `Input "origin-marker": ${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .shown */ .SP)(marker.url)} is not on a zone whose name is known, or names the runner's own network, so it is not fetched through the edge. ` +
            'Give a path or a URL on the zone, or set "origin-url" to check the origin directly.');
    }
    if (known.length === 0 && marker === undefined) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('wait-for-origin', `Input "wait-for-origin" has nothing to check: ${request.urls.length === 0
            ? 'this purge has no URL list (only tags or everything), and "probe-urls" names no page'
            : `of ${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(new Set(request.urls).size, 'URL')}, none maps to a deployed file that the step knows${viaEdge ? ' on a zone whose name is known' : ''}`}. Set "site-dir" (with "url-base" where the site is not at the zone's root) so that URLs map to the built files (for tags or everything, with "probe-urls"), or "origin-marker" to a page that names the new build.`);
    }
    return {
        where: viaEdge ? 'edge' : 'origin-url',
        urls: (0,_readiness_js__WEBPACK_IMPORTED_MODULE_4__/* .sampleUrls */ .XV)(known),
        marker: marker === undefined ? undefined : { url: marker.url, fetchUrl: where(marker.url), file: undefined, text: marker.text },
        known: known.length
    };
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

/***/ 3240:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   deployedFiles: () => (/* binding */ deployedFiles),
/* harmony export */   encodePath: () => (/* binding */ encodePath),
/* harmony export */   routeEntry: () => (/* binding */ routeEntry),
/* harmony export */   siteEntries: () => (/* binding */ siteEntries),
/* harmony export */   siteFileOf: () => (/* binding */ siteFileOf)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3916);
/* harmony import */ var _urls_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5769);
// The site map: where site-dir's files are served, both ways. A changed file's path becomes the entries to purge
// (siteEntries), a purged URL maps back to the file it serves (siteFileOf), and the change list's entries to the URLs
// they were purged as, with their files (deployedFiles). Pure: the files are read later, by whoever compares them.



/** Characters a path segment may hold as they are (RFC 3986 pchar), that encodeURIComponent encodes anyway. */
const PCHAR_ESCAPES = /%(24|26|2B|2C|3B|3D|3A|40)/g;
/**
 * Percent-encodes a file path once, segment by segment, as a browser would request it:
 * `a b.html` \u2192 `a%20b.html`, `c++.html` stays `c++.html`, and a literal `%` is encoded, never taken as an escape.
 */
function encodePath(path) {
    return path
        .split('/')
        .map((segment) => encodeURIComponent(segment).replace(PCHAR_ESCAPES, (escape) => decodeURIComponent(escape)))
        .join('/');
}
/**
 * What to purge for a file at `relative` below site-dir: a path on the zone's host (`/a%20b.html`), or an absolute URL
 * under url-base; for the index-file of a folder, the folder's own address too (`/docs/index.html`, `/docs/`).
 */
function siteEntries(relative, site) {
    const entry = (path) => {
        const encoded = encodePath(path);
        return site.urlBase === undefined ? `/${encoded}` : new URL(encoded, site.urlBase).href;
    };
    const index = site.indexFile !== '' && (relative === site.indexFile || relative.endsWith(`/${site.indexFile}`));
    return index ? [entry(relative), entry(relative.slice(0, relative.length - site.indexFile.length))] : [entry(relative)];
}
/**
 * The file that `url` serves under site-dir, or undefined: its path below url-base (or, without it, below the root of a
 * zone's own host), decoded segment by segment into site-dir; a URL ending in `/` maps to its index-file. A segment
 * that would leave the folder or name none (a slash or backslash once decoded, a NUL, an empty one) maps to nothing.
 */
function siteFileOf(url, site, zoneNames) {
    const parsed = URL.parse(url);
    if (parsed === null)
        return undefined;
    let below;
    if (site.urlBase !== undefined) {
        const base = new URL(site.urlBase);
        if (parsed.origin === base.origin && parsed.pathname.startsWith(base.pathname))
            below = parsed.pathname.slice(base.pathname.length);
    }
    else if (zoneNames.some((name) => (0,_urls_js__WEBPACK_IMPORTED_MODULE_2__/* .normalizeName */ .Pc)(parsed.hostname) === (0,_urls_js__WEBPACK_IMPORTED_MODULE_2__/* .zoneHost */ .jF)(name))) {
        below = parsed.pathname.slice(1);
    }
    if (below === undefined)
        return undefined;
    const segments = below.split('/');
    // Without an index-file, the last segment stays empty and maps to nothing.
    if (segments.at(-1) === '')
        segments[segments.length - 1] = site.indexFile;
    const decoded = [];
    for (const segment of segments) {
        let name;
        try {
            name = decodeURIComponent(segment);
        }
        catch {
            return undefined;
        }
        // `.` and `..` never get here: the URL parser resolves dot segments, encoded ones too.
        if (name === '' || /[/\\\0]/.test(name))
            return undefined;
        decoded.push(name);
    }
    return node_path__WEBPACK_IMPORTED_MODULE_0__.join(site.dir, ...decoded);
}
/**
 * One entry (a path on the zone's host, or a URL) as the URLs it is purged as, on the zones worked on; the InputError
 * routing gives when it cannot be (a path with several zones, a URL on none), for the caller to name or pass over.
 */
function routeEntry(entry, zones, source) {
    try {
        return [...(0,_urls_js__WEBPACK_IMPORTED_MODULE_2__/* .routeEntries */ .go)([entry], zones, source).values()].flat();
    }
    catch (error) {
        if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz)
            return error;
        throw error;
    }
}
/**
 * The deployed file of each changed URL, absolute: the change list names files by entry (a path on the zone's host,
 * or a URL under url-base); here each entry is read as the URL it was purged as. An entry that cannot be routed (the
 * purge already refused it) has no file to compare; without a change list (undefined), none is known.
 */
function deployedFiles(deployed, zones, workspace) {
    const files = new Map();
    for (const [entry, file] of deployed ?? []) {
        const urls = routeEntry(entry, zones);
        if (urls instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz)
            continue;
        for (const url of urls)
            files.set(url, node_path__WEBPACK_IMPORTED_MODULE_0__.resolve(workspace, file));
    }
    return files;
}


/***/ })

};
