export const id = 229;
export const ids = [229];
export const modules = {

/***/ 8000:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   _: () => (/* binding */ deployedSha256),
/* harmony export */   a: () => (/* binding */ checkContent)
/* harmony export */ });
/* harmony import */ var _files_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9148);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8992);
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
    if (body.kind === 'too large')
        return notCompared(`larger than ${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sizeText */ .lP)(body.limit)}`);
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

/***/ 3229:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  uP: () => (/* binding */ chooseTargets),
  edgePlan: () => (/* binding */ edgePlan),
  v9: () => (/* binding */ spreadEvenly),
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
