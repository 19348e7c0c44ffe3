export const id = 937;
export const ids = [937];
export const modules = {

/***/ 6185:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   r: () => (/* binding */ whyNotHashed)
/* harmony export */ });
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8992);
// Why a body the edge or the origin sent cannot be compared with the deployed file, in a few words. Pure; no I/O: the
// content check (content.ts) and the origin's readiness (src/origin/readiness.ts) say it the same way.

/** Why a body that was not hashed cannot be compared: too large, sent compressed, cut off, or not read. */
function whyNotHashed(body) {
    if (body.kind === 'too large')
        return `larger than ${(0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sizeText */ .lP)(body.limit)}`;
    if (body.kind === 'encoded')
        return `sent with Content-Encoding ${body.encoding}`;
    if (body.kind === 'failed')
        return `the body was cut off (${body.detail})`;
    return 'the body was not read';
}


/***/ }),

/***/ 8000:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   _: () => (/* binding */ deployedSha256),
/* harmony export */   a: () => (/* binding */ checkContent)
/* harmony export */ });
/* harmony import */ var _files_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9148);
/* harmony import */ var _body_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6185);
/* harmony import */ var _fetch_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(997);
// The content check: is what the edge serves the file that was deployed? Compared by SHA-256, the file
// read from disk in pieces and the body streamed from the edge, so neither is ever held in memory.



/**
 * SHA-256 (hex) of a deployed file: a regular file inside the workspace or RUNNER_TEMP of at most the
 * size of a body that is hashed (a larger one could never compare equal). A link to /dev/zero, a FIFO,
 * a folder or a file outside is refused (UnsafeFileError) without being read.
 */
function deployedSha256(path, roots) {
    return (0,_files_js__WEBPACK_IMPORTED_MODULE_0__/* .fileSha256 */ .sN)(path, { maxBytes: _fetch_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_HASHED_BYTES */ .D6, roots });
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
    if (body.kind !== 'hashed')
        return notCompared((0,_body_js__WEBPACK_IMPORTED_MODULE_1__/* .whyNotHashed */ .r)(body));
    let digest;
    try {
        digest = await fileDigest();
    }
    catch (error) {
        if (error instanceof _files_js__WEBPACK_IMPORTED_MODULE_0__/* .UnsafeFileError */ .h)
            return notCompared(`the deployed file ${error.message}`);
        const code = error.code;
        return notCompared(`the deployed file could not be read (${typeof code === 'string' ? code : String(error)})`);
    }
    return { result: digest === body.sha256 ? 'same' : 'differs' };
}


/***/ }),

/***/ 997:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D6: () => (/* binding */ MAX_HASHED_BYTES),
/* harmony export */   Gi: () => (/* binding */ openEdge)
/* harmony export */ });
/* unused harmony export textSearch */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _http_undici_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1150);
/* harmony import */ var _http_pool_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9788);
/* harmony import */ var _http_tls_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7485);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8992);
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
/** Why no answer came: a certificate the runner does not trust is named as such (Node's code says why). */
function failureDetail(error) {
    const certificate = (0,_http_tls_js__WEBPACK_IMPORTED_MODULE_3__/* .certificateProblem */ .V)(error);
    return certificate === undefined ? `network error (${errorDetail(error)})` : `TLS certificate not trusted (${certificate})`;
}
/**
 * Looks for `text` in a body that comes in chunks, holding only the chunk and the last bytes of the one before
 * (one fewer than the text's length), so that a text split over two chunks is found too.
 */
function textSearch(text) {
    const needle = Buffer.from(text);
    let tail = Buffer.alloc(0);
    let seen = needle.length === 0;
    return {
        update(chunk) {
            if (seen)
                return;
            const joined = Buffer.concat([tail, chunk]);
            seen = joined.includes(needle);
            // Stryker disable next-line ArithmeticOperator: a longer tail finds the same texts; only what is held differs
            tail = joined.subarray(Math.max(0, joined.length - needle.length + 1));
        },
        found: () => seen
    };
}
/**
 * Reads the body as `use` asks: drained and dropped, or hashed (and searched for `find`) up to `limit` bytes. A body
 * cut off once `signal` (the fetch's) is aborted says it timed out.
 */
async function readBody(response, use, limit, find, signal, timeout) {
    const hash = use === 'hash' ? (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256') : undefined;
    // Only a hashed body says whether it held the text.
    const search = find === undefined ? undefined : textSearch(find);
    let bytes = 0;
    try {
        for await (const chunk of response.body) {
            bytes += chunk.length;
            // Leaving the loop destroys the body, and with it the connection.
            if (hash !== undefined && bytes > limit)
                return { kind: 'too large', limit };
            hash?.update(chunk);
            search?.update(chunk);
        }
    }
    catch (error) {
        return { kind: 'failed', detail: signal.aborted ? timeout : errorDetail(error) };
    }
    if (hash === undefined)
        return { kind: 'drained', bytes };
    return { kind: 'hashed', bytes, sha256: hash.digest('hex'), ...(search === undefined ? {} : { found: search.found() }) };
}
/**
 * A fetcher with its own keep-alive pool that honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY like the API
 * requests. Redirects are not followed: a 3xx is judged by its own headers. Once the run's signal is aborted, a
 * GET rejects with its reason: one asked for then sends nothing, one in flight is abandoned at once.
 */
function openEdge(settings) {
    const dispatcher = (0,_http_pool_js__WEBPACK_IMPORTED_MODULE_2__/* .edgeDispatcher */ .jl)(settings.concurrency);
    const now = settings.now ?? Date.now;
    const limit = settings.maxHashedBytes ?? MAX_HASHED_BYTES;
    const timeout = `timed out after ${(0,_text_js__WEBPACK_IMPORTED_MODULE_4__/* .seconds */ .YA)(settings.timeoutMs)}`;
    const run = settings.signal;
    // An abort of the run's signal reads here as a timeout: get() turns it into the cancel.
    const fetchOnce = async (url, use, options) => {
        const timer = AbortSignal.timeout(settings.timeoutMs);
        const signal = run === undefined ? timer : AbortSignal.any([timer, run]);
        const headers = {
            'user-agent': settings.userAgent,
            accept: ACCEPT,
            'accept-encoding': use === 'hash' ? 'identity' : BROWSER_ENCODINGS,
            ...(options.noCache === true ? { 'cache-control': 'no-cache' } : {})
        };
        let response;
        try {
            response = await (0,_http_undici_js__WEBPACK_IMPORTED_MODULE_1__.request)(url, { headers, dispatcher, signal });
        }
        catch (error) {
            return signal.aborted ? { kind: 'timeout', detail: timeout } : { kind: 'network', detail: failureDetail(error) };
        }
        const answeredAt = now();
        const answer = (body) => ({
            kind: 'response',
            status: response.statusCode,
            headers: response.headers,
            answeredAt,
            body
        });
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
        return answer(await readBody(response, use, limit, options.find, signal, timeout));
    };
    const get = async (url, use, options = {}) => {
        run?.throwIfAborted();
        const answer = await fetchOnce(url, use, options);
        // Whatever the abort made of the answer (no answer, a body cut off), the caller is told of the cancel instead.
        run?.throwIfAborted();
        return answer;
    };
    return { get, close: () => dispatcher.close() };
}


/***/ }),

/***/ 154:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ZY: () => (/* binding */ fromCache),
/* harmony export */   _n: () => (/* binding */ judgeAnswer),
/* harmony export */   lW: () => (/* binding */ cameFromOrigin)
/* harmony export */ });
/* unused harmony exports AGE_SLACK_SECONDS, parseAge */
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8992);

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
    // A loop, not Math.max(...values): a spread of a huge list of arguments throws a RangeError.
    if (values.length === 0)
        return undefined;
    // Stryker disable next-line EqualityOperator: >= and > keep the same number when two values are equal
    return values.reduce((largest, value) => (value > largest ? value : largest));
}
/**
 * A quoted string (RFC 8941), `\` escaping the next character; one left open runs to the end, and the
 * group holds its closing quote. Once started it always matches, so the work is linear in the header (a
 * pattern that must find the closing quote tries again from every quote of an open one: quadratic).
 */
const QUOTED = /"(?:[^"\\]|\\.)*("?)/g;
/** A cache's name in Cache-Status: a token, or a quoted string (emptied by then). Lenient on its first character: Squid sends its host name as it is, and a container's name may start with a digit. */
const CACHE_NAME = /^(?:""|[!#$%&'*+\-.^_`|~0-9a-z:/]+)$/i;
/** A parameter (RFC 8941 key, any case, with an optional value): `hit`, `fwd=miss`, `detail=""`. */
const PARAM = /^([a-z*][a-z0-9_\-.*]*)(?:=(.+))?$/i;
/**
 * RFC 9211 Cache-Status: its last entry is the cache nearest the user. `hit` (or `hit=?1`) says it served
 * the answer from its cache; an entry without it says it did not (a miss, with or without `fwd=`: Squid 6
 * sends `host;detail=mismatch`). An entry that cannot be read (no cache name, a parameter without a
 * name or with `=` and no value, a `hit` that is not a boolean, a quoted string left open) says
 * neither. Quoted strings (a cache's name, a `detail`) are emptied first, so that no comma or semicolon
 * in them counts.
 */
function readCacheStatus(text) {
    // A closed string is emptied to `""`; one left open to a lone `"`, which the next line finds.
    const emptied = text.replace(QUOTED, (_quoted, close) => (close === '' ? '"' : '""'));
    if (emptied.split('""').some((part) => part.includes('"')))
        return undefined;
    const entries = emptied
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
    if (entries.length === 0)
        return undefined;
    const [name, ...params] = entries.at(-1).split(';').map((part) => part.trim());
    if (!CACHE_NAME.test(name))
        return undefined;
    let hit = false;
    for (const param of params) {
        const match = PARAM.exec(param);
        if (match === null)
            return undefined;
        const [, key, value] = match;
        if (key.toLowerCase() !== 'hit')
            continue;
        if (value !== undefined && value !== '?1' && value !== '?0')
            return undefined;
        hit = value !== '?0';
    }
    return hit ? 'from cache' : 'not from cache';
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
/** What the cache-status headers of an answer say, in a fixed order, each as it is shown in the report. */
function cacheHeaders(headers) {
    const seen = [];
    const cacheStatus = headerText(headers, 'cache-status');
    if (cacheStatus !== undefined)
        seen.push({ shown: `Cache-Status: ${cacheStatus}`, says: readCacheStatus(cacheStatus) });
    for (const [name, shown] of Object.entries(VENDOR_HEADERS)) {
        const text = headerText(headers, name);
        if (text !== undefined)
            seen.push({ shown: `${shown}: ${text}`, says: readVendorStatus(text) });
    }
    return seen;
}
/**
 * Judges one answer from the edge. `secondsSincePurge` is the time from the confirmation of the purge
 * that covers the URL to the answer. `Age` decides whenever it can be read, whatever a cache-status
 * header says (a "miss" at the edge that carries an old Age came from a shield that still had the old
 * copy). Without it, the answer is fresh when a cache-status header says the edge did not serve it from
 * its cache and none says it did. `originBehindSeconds` (clock.ts) is how far the origin's clock is
 * behind: a stale Age that it could explain stays stale, and its reason says so.
 */
function judgeAnswer(status, headers, secondsSincePurge, originBehindSeconds = 0) {
    const age = parseAge(headers);
    const seen = cacheHeaders(headers);
    const shown = seen.length === 0 ? undefined : (0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .cut */ .Jj)(seen.map((header) => header.shown).join('; '), MAX_CACHE_STATUS_CHARS);
    const judged = (verdict, reason) => ({ verdict, age, cacheStatus: shown, reason });
    if (status >= 500)
        return judged('error', `HTTP ${status}`);
    const since = `${Math.floor(secondsSincePurge)} s since the purge`;
    if (age !== undefined) {
        if (age <= secondsSincePurge + AGE_SLACK_SECONDS)
            return judged('fresh', `Age ${age} s, within the ${since}`);
        // Never for a clock that is right or ahead (0 or less): the Age is over the time since the purge and the slack.
        const skewed = age <= secondsSincePurge + AGE_SLACK_SECONDS + originBehindSeconds;
        return judged('stale', `Age ${age} s, but only ${since}${skewed ? `; the origin's clock is off by about ${(0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .thousands */ .oh)(originBehindSeconds)} s (behind): maybe not stale` : ''}`);
    }
    const miss = seen.find((header) => header.says === 'not from cache');
    const hit = seen.find((header) => header.says === 'from cache');
    if (hit !== undefined)
        return judged('unknown', `${hit.shown} says it came from a cache, and no Age tells since when`);
    if (miss !== undefined)
        return judged('fresh', `${miss.shown} says the edge did not serve it from its cache`);
    return judged('unknown', seen.length === 0 ? 'no Age and no cache-status header to judge by' : 'no Age, and the cache-status header says neither hit nor miss');
}
/**
 * Whether the answer came from the origin, so that its Date tells the origin's clock: not a 5xx (the edge
 * may have made it), no cache-status header says it came from a cache, and either `Age: 0` or, without
 * Age, a cache-status header says the edge did not serve it from its cache. An answer with neither Age
 * nor a cache-status header may still be a cached copy (RFC 9111 \u00a75.1): it does not count.
 */
function cameFromOrigin(status, headers) {
    if (status >= 500)
        return false;
    const age = parseAge(headers);
    const seen = cacheHeaders(headers);
    if (seen.some((header) => header.says === 'from cache'))
        return false;
    return age === undefined ? seen.some((header) => header.says === 'not from cache') : age === 0;
}
/**
 * Why an answer came from a cache, or undefined when nothing says it did: an `Age` above 0 (`Age 120`), or a
 * cache-status header that says hit (shown as it came). The origin check (src/origin/) never counts such an
 * answer as the origin's, whatever its bytes.
 */
function fromCache(headers) {
    const age = parseAge(headers);
    if ((age ?? 0) > 0)
        return `Age ${age}`;
    const hit = cacheHeaders(headers).find((header) => header.says === 'from cache');
    return hit === undefined ? undefined : (0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .cut */ .Jj)(hit.shown, MAX_CACHE_STATUS_CHARS);
}


/***/ }),

/***/ 6329:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   c: () => (/* binding */ edgeRefusal)
/* harmony export */ });
/* unused harmony export isLocalHost */
/* harmony import */ var _urls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5769);
// Which URLs the edge checks (verify, warm, probe-urls) may fetch: only public names on a zone whose name is
// known. Whoever writes the URL list must not turn the step into a scanner of the runner's own network (an
// admin page on 127.0.0.1, a metadata service, a host on the office LAN): the status, Age and error kind
// of each fetch reach the log, the summary and the result.

/**
 * Names that never reach the public edge: loopback (RFC 6761), multicast DNS (RFC 6762), home networks
 * (RFC 8375), and `.internal`, reserved for private networks (ICANN, 2024).
 */
const LOCAL_NAMES = ['localhost', 'local', 'internal', 'home.arpa'];
/**
 * Whether a host, as the URL parser writes it, is on the runner's side rather than the public edge: an IP
 * address (the parser writes every IPv4 form, 127.1, 0x7f.1 or 2130706433, as dotted decimal, and IPv6 in
 * brackets), a local name, or a single label (the runner's DNS search list may make it any internal host).
 */
function isLocalHost(hostname) {
    const host = (0,_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .normalizeName */ .Pc)(hostname);
    if (host.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(host) || !host.includes('.'))
        return true;
    return LOCAL_NAMES.some((name) => host === name || host.endsWith(`.${name}`));
}
/**
 * Why `url` is not fetched from the edge, or undefined when it may be: its host must be one of the zone
 * names (or a subdomain of one) and not local. `zoneNames` are the names of the zones worked on.
 */
function edgeRefusal(url, zoneNames) {
    const hostname = URL.parse(url)?.hostname;
    // A URL the parser refuses is never purged, so never here; it is on no zone all the same.
    if (hostname === undefined)
        return 'off-zone';
    if (isLocalHost(hostname))
        return 'local';
    return zoneNames.some((name) => (0,_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .isInZone */ .eI)(hostname, (0,_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .zoneHost */ .jF)(name))) ? undefined : 'off-zone';
}


/***/ }),

/***/ 377:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   v: () => (/* binding */ spreadEvenly)
/* harmony export */ });
// Which few of many to look at: the edge checks (verify) and the wait for the origin pick their URLs the same way.
// Pure; no I/O.
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


/***/ })

};
