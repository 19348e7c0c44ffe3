export const id = 85;
export const ids = [85];
export const modules = {

/***/ 997:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D: () => (/* binding */ MAX_HASHED_BYTES),
/* harmony export */   G: () => (/* binding */ openEdge)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var undici__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6752);
// The one HTTP request the edge checks need: a GET of a public URL, as a browser would send it but with
// no cookie and no credential. This module never receives the API key or the GitHub token, so it cannot
// send them. Bounded memory: a body is dropped, drained or hashed as it streams, never kept.


/** The most body bytes hashed for the content check: beyond, the content is not compared. */
const MAX_HASHED_BYTES = 16 * 1024 * 1024;
/** A browser's Accept for a page; images, scripts and styles are served whatever it says. */
const ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
/** What browsers accept, so that the edge answers with (and warms) the copy visitors get. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
/** Closes a body that will not be read; its abort is expected, not an error to report. */
const drop = (body) => {
    body.on('error', () => undefined).destroy();
};
/** The error's code (`ECONNRESET`, `UND_ERR_SOCKET`), else the error itself. */
const errorDetail = (error) => String(error.code ?? error);
/**
 * A fetcher with its own keep-alive pool that honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY like the API
 * requests. Redirects are not followed: a 3xx is judged by its own headers.
 */
function openEdge(settings) {
    const dispatcher = new undici__WEBPACK_IMPORTED_MODULE_1__.EnvHttpProxyAgent({ connections: settings.concurrency, keepAliveTimeout: 10_000 });
    const now = settings.now ?? Date.now;
    const limit = settings.maxHashedBytes ?? MAX_HASHED_BYTES;
    const timeout = `timed out after ${settings.timeoutMs / 1000} s`;
    const get = async (url, use) => {
        const signal = AbortSignal.timeout(settings.timeoutMs);
        const headers = {
            'user-agent': settings.userAgent,
            accept: ACCEPT,
            'accept-encoding': use === 'hash' ? 'identity' : BROWSER_ENCODINGS
        };
        let response;
        try {
            response = await (0,undici__WEBPACK_IMPORTED_MODULE_1__.request)(url, { headers, dispatcher, signal });
        }
        catch (error) {
            return signal.aborted ? { kind: 'timeout', detail: timeout } : { kind: 'network', detail: `network error (${errorDetail(error)})` };
        }
        const answeredAt = now();
        const answer = (body) => ({ kind: 'response', status: response.statusCode, headers: response.headers, answeredAt, body });
        const encoding = String(response.headers['content-encoding'] ?? '').trim();
        const length = Number(response.headers['content-length']);
        // Only a 200 is compared with the deployed file: the body of any other answer is not worth reading.
        if (use === 'skip' || (use === 'hash' && response.statusCode !== 200)) {
            await response.body.dump();
            return answer({ kind: 'skipped' });
        }
        if (use === 'hash' && !['', 'identity'].includes(encoding.toLowerCase())) {
            drop(response.body);
            return answer({ kind: 'encoded', encoding });
        }
        if (use === 'hash' && length > limit) {
            drop(response.body);
            return answer({ kind: 'too large', limit });
        }
        const hash = use === 'hash' ? (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256') : undefined;
        let bytes = 0;
        try {
            for await (const chunk of response.body) {
                bytes += chunk.length;
                // Leaving the loop destroys the body, and with it the connection.
                if (hash !== undefined && bytes > limit)
                    return answer({ kind: 'too large', limit });
                hash?.update(chunk);
            }
        }
        catch (error) {
            return answer({ kind: 'failed', detail: signal.aborted ? timeout : errorDetail(error) });
        }
        return answer(hash === undefined ? { kind: 'drained', bytes } : { kind: 'hashed', bytes, sha256: hash.digest('hex') });
    };
    return { get, close: () => dispatcher.close() };
}


/***/ }),

/***/ 9085:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  uP: () => (/* binding */ chooseTargets),
  qX: () => (/* binding */ countVerdicts),
  edgePlan: () => (/* binding */ edgePlan),
  MT: () => (/* binding */ verdictLine),
  gS: () => (/* binding */ verifyUrls)
});

// UNUSED EXPORTS: RECHECK_EVERY_MS, spreadEvenly

// EXTERNAL MODULE: ./src/concurrency.ts
var concurrency = __webpack_require__(1532);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
// EXTERNAL MODULE: ./src/files.ts + 1 modules
var files = __webpack_require__(9674);
// EXTERNAL MODULE: ./src/edge/fetch.ts
var fetch = __webpack_require__(997);
;// CONCATENATED MODULE: ./src/edge/content.ts
// The content check: is what the edge serves the file that was deployed? Compared by SHA-256, the file
// read from disk in pieces and the body streamed from the edge, so neither is ever held in memory.



/**
 * SHA-256 (hex) of a deployed file: a regular file inside the workspace or RUNNER_TEMP of at most the
 * size of a body that is hashed (a larger one could never compare equal). A link to /dev/zero, a FIFO,
 * a folder or a file outside is refused (UnsafeFileError) without being read.
 */
function deployedSha256(path, roots) {
    return (0,files/* fileSha256 */.sN)(path, { maxBytes: fetch/* MAX_HASHED_BYTES */.D, roots });
}
/**
 * Compares the body of a 200 answer (fetched with BodyUse `hash`) with the deployed file, whose digest
 * `fileDigest` gives (so that it is read only when there is a body to compare it with).
 */
async function checkContent(answer, fileDigest) {
    const notCompared = (why) => ({ result: 'not compared', why });
    if (answer.kind !== 'response')
        return notCompared('no answer');
    if (answer.status !== 200)
        return notCompared(`HTTP ${answer.status}`);
    const body = answer.body;
    if (body.kind === 'too large')
        return notCompared(`larger than ${(0,src_text/* sizeText */.lP)(body.limit)}`);
    if (body.kind === 'encoded')
        return notCompared(`sent with Content-Encoding ${body.encoding}`);
    if (body.kind === 'failed')
        return notCompared(`the body was cut off (${body.detail})`);
    if (body.kind !== 'hashed')
        return notCompared('the body was not read');
    let digest;
    try {
        digest = await fileDigest();
    }
    catch (error) {
        if (error instanceof files/* UnsafeFileError */.h)
            return notCompared(`the deployed file ${error.message}`);
        const code = error.code;
        return notCompared(`the deployed file could not be read (${typeof code === 'string' ? code : String(error)})`);
    }
    return { result: digest === body.sha256 ? 'same' : 'differs' };
}

;// CONCATENATED MODULE: ./src/edge/verdict.ts
// How to read one answer from the edge: was it served from a copy cached before the purge? Plain HTTP
// semantics that every CDN speaks (RFC 9111 `Age`, RFC 9211 `Cache-Status`) and the common vendor
// headers. Pure; no I/O. The headers are outside text: nothing here throws, whatever they hold.

/** Seconds allowed over the time since the purge: the edge's clock, and Age counted in whole seconds. */
const AGE_SLACK_SECONDS = 2;
/** RFC 9111 \u00a71.2.2: a delta-seconds beyond what a cache can represent counts as 2^31. */
const MAX_DELTA_SECONDS = 2 ** 31;
/** Values of CF-Cache-Status, X-Cache and X-Cache-Status that say the edge did not serve its cached copy. */
const NOT_FROM_CACHE = new Set(['MISS', 'EXPIRED', 'BYPASS', 'DYNAMIC', 'REVALIDATED']);
/** The vendor headers, as they are shown in the report. */
const VENDOR_HEADERS = { 'cf-cache-status': 'CF-Cache-Status', 'x-cache': 'X-Cache', 'x-cache-status': 'X-Cache-Status' };
/** The longest cache-status text kept for the report. */
const MAX_CACHE_STATUS_CHARS = 200;
/** The values of a header, in the order they came, a header sent twice as its lines joined by commas (RFC 9110 \u00a75.3). */
function headerText(headers, name) {
    const value = headers[name];
    const text = typeof value === 'string' ? value : value?.join(', ');
    return text === undefined || text.trim() === '' ? undefined : text;
}
/**
 * The answer's Age in seconds, or undefined when it has none that can be read. Age sent more than once
 * (two caches that each added one) counts with its largest value: the copy is at least that old.
 */
function parseAge(headers) {
    const text = headerText(headers, 'age');
    if (text === undefined)
        return undefined;
    const values = text
        .split(',')
        .map((value) => value.trim())
        .filter((value) => /^\d+$/.test(value))
        .map((value) => Math.min(Number(value), MAX_DELTA_SECONDS));
    return values.length === 0 ? undefined : Math.max(...values);
}
/** A quoted string (RFC 8941), `\` escaping the next character; one left open runs to the end. */
const QUOTED = /"(?:[^"\\]|\\.)*"?/g;
/**
 * RFC 9211 Cache-Status: its last entry is the cache nearest the user. `hit` (or `hit=?1`) says it served
 * the answer from its cache; `fwd=<reason>` without `hit` says it forwarded the request. Quoted strings
 * (a cache's name, a `detail`) are emptied first, so that no comma or semicolon in them counts.
 */
function readCacheStatus(text) {
    const entries = text
        .replace(QUOTED, '""')
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
    if (entries.length === 0)
        return undefined;
    const params = entries.at(-1)
        .split(';')
        .slice(1)
        .map((param) => param.trim().toLowerCase());
    if (params.some((param) => param === 'hit' || param === 'hit=?1'))
        return 'from cache';
    if (params.some((param) => /^fwd=./.test(param)))
        return 'not from cache';
    return undefined;
}
/**
 * CF-Cache-Status, X-Cache, X-Cache-Status: the first word of the value (`Miss from cloudfront`), any
 * case. When the header lists several caches (`MISS, HIT from proxy`), the last one counts: it is
 * the nearest the user, as in Cache-Status.
 */
function readVendorStatus(text) {
    const last = text.split(',').at(-1);
    const word = last.trim().split(/\s+/)[0];
    return NOT_FROM_CACHE.has(word.toUpperCase()) ? 'not from cache' : 'from cache';
}
/**
 * Judges one answer from the edge. `secondsSincePurge` is the time from the confirmation of the purge
 * that covers the URL to the answer. `Age` decides whenever it can be read, whatever a cache-status
 * header says (a "miss" at the edge that carries an old Age came from a shield that still had the old
 * copy). Without it, the answer is fresh when a cache-status header says the edge did not serve it from
 * its cache and none says it did.
 */
function judgeAnswer(status, headers, secondsSincePurge) {
    const age = parseAge(headers);
    const seen = [];
    const cacheStatus = headerText(headers, 'cache-status');
    if (cacheStatus !== undefined)
        seen.push({ shown: `Cache-Status: ${cacheStatus}`, says: readCacheStatus(cacheStatus) });
    for (const [name, shown] of Object.entries(VENDOR_HEADERS)) {
        const text = headerText(headers, name);
        if (text !== undefined)
            seen.push({ shown: `${shown}: ${text}`, says: readVendorStatus(text) });
    }
    const shown = seen.length === 0 ? undefined : (0,src_text/* cut */.Jj)(seen.map((header) => header.shown).join('; '), MAX_CACHE_STATUS_CHARS);
    const judged = (verdict, reason) => ({ verdict, age, cacheStatus: shown, reason });
    if (status >= 500)
        return judged('error', `HTTP ${status}`);
    const since = `${Math.floor(secondsSincePurge)} s since the purge`;
    if (age !== undefined) {
        return age > secondsSincePurge + AGE_SLACK_SECONDS
            ? judged('stale', `Age ${age} s, but only ${since}`)
            : judged('fresh', `Age ${age} s, within the ${since}`);
    }
    const miss = seen.find((header) => header.says === 'not from cache');
    const hit = seen.find((header) => header.says === 'from cache');
    if (hit !== undefined)
        return judged('unknown', `${hit.shown} says it came from a cache, and no Age tells since when`);
    if (miss !== undefined)
        return judged('fresh', `${miss.shown} says the edge did not serve it from its cache`);
    return judged('unknown', seen.length === 0 ? 'no Age and no cache-status header to judge by' : 'no Age, and the cache-status header says neither hit nor miss');
}

;// CONCATENATED MODULE: ./src/edge/verify.ts
// The verification run: fetch the chosen URLs from the public site, judge each answer, and fetch the
// stale ones again every few seconds until they turn fresh or the time allowed runs out.




/** How often URLs found stale are fetched again. */
const RECHECK_EVERY_MS = 5_000;
/**
 * `count` items spread evenly over `items` (the middle of each of `count` equal slices), in their order;
 * all of them when there are no more than `count`.
 */
function spreadEvenly(items, count) {
    // Stryker disable next-line EqualityOperator: with exactly `count` items, the slices take each of them once
    if (items.length <= count)
        return [...items];
    return Array.from({ length: count }, (_, i) => items[Math.floor(((2 * i + 1) * items.length) / (2 * count))]);
}
/**
 * What to check: `count` of the purged URLs spread evenly over the list (`verify`), then every probe URL
 * (`probe-urls`) that is not already among them.
 */
function chooseTargets(purged, count, probes) {
    const chosen = spreadEvenly(purged, count);
    const urls = new Set(chosen.map((target) => target.url));
    for (const probe of probes) {
        if (urls.has(probe.url))
            continue;
        urls.add(probe.url);
        chosen.push(probe);
    }
    return chosen;
}
/** What verify and warm would fetch, for a dry run: as many URLs as chooseTargets would pick, and every URL once. */
function edgePlan(purged, verify, probes, warm) {
    const targets = (urls) => urls.map((url) => ({ url, purgedAt: 0 }));
    return { verify: verify > 0 ? chooseTargets(targets(purged), verify, targets(probes)).length : 0, warm: warm ? new Set([...purged, ...probes]).size : 0 };
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
/** How many URLs got each verdict, and how many differ from the deployed file. */
function countVerdicts(verdicts) {
    const count = (verdict) => verdicts.filter((v) => v.verdict === verdict).length;
    return {
        fresh: count('fresh'),
        stale: count('stale'),
        unknown: count('unknown'),
        error: count('error'),
        differs: verdicts.filter((v) => v.content?.result === 'differs').length
    };
}
/**
 * Fetches every target once, then those found stale again every RECHECK_EVERY_MS until each answers
 * something other than stale or `recheckForMs` has passed; the last check falls at the deadline. A URL's
 * verdict is its last answer's. Never throws for what the edge answers. Results keep the targets' order.
 */
async function verifyUrls(targets, options) {
    const digests = new Map();
    const fileDigest = (file) => () => {
        const known = digests.get(file) ?? deployedSha256(file);
        digests.set(file, known);
        return known;
    };
    const check = async (target, attempts) => {
        const answer = await options.edge.get(target.url, target.file === undefined ? 'skip' : 'hash');
        const content = target.file === undefined ? undefined : await checkContent(answer, fileDigest(target.file));
        return { url: target.url, ...judge(answer, target.purgedAt), content, attempts };
    };
    const verdicts = await (0,concurrency/* mapConcurrent */._)(targets, options.concurrency, (target) => check(target, 1));
    const deadline = options.now() + options.recheckForMs;
    let stale = targets.flatMap((_, index) => (verdicts[index].verdict === 'stale' ? [index] : []));
    while (stale.length > 0) {
        const left = deadline - options.now();
        if (left <= 0)
            break;
        const wait = Math.min(RECHECK_EVERY_MS, left);
        options.log(`${(0,src_text/* plural */.LS)(stale.length, 'URL')} still stale; checking again in ${Math.ceil(wait / 1000)} s (${Math.ceil(left / 1000)} s left).`);
        await options.sleep(wait);
        await (0,concurrency/* mapConcurrent */._)(stale, options.concurrency, async (index) => {
            verdicts[index] = await check(targets[index], verdicts[index].attempts + 1);
        });
        stale = stale.filter((index) => verdicts[index].verdict === 'stale');
    }
    if (stale.length > 0)
        options.log(`${(0,src_text/* plural */.LS)(stale.length, 'URL')} still stale after ${Math.ceil(options.recheckForMs / 1000)} s of checking again.`);
    return verdicts;
}
function judge(answer, purgedAt) {
    if (answer.kind !== 'response') {
        return { verdict: 'error', age: undefined, cacheStatus: undefined, reason: answer.detail, status: undefined };
    }
    return { ...judgeAnswer(answer.status, answer.headers, (answer.answeredAt - purgedAt) / 1000), status: answer.status };
}


/***/ })

};
