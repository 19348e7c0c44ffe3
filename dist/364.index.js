export const id = 364;
export const ids = [364,240];
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
