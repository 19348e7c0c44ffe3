export const id = 364;
export const ids = [364,240];
export const modules = {

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
/* harmony import */ var _edge_verify_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3229);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8992);



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
    if (body.kind === 'too large')
        return judged('error', `larger than ${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .sizeText */ .lP)(body.limit)}`);
    if (body.kind === 'encoded')
        return judged('error', `sent with Content-Encoding ${body.encoding}`);
    if (body.kind === 'failed')
        return judged('error', `the body was cut off (${body.detail})`);
    if (body.kind !== 'hashed')
        return judged('error', 'the body was not read');
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
    return (0,_edge_verify_js__WEBPACK_IMPORTED_MODULE_1__/* .spreadEvenly */ .v9)(urls, MAX_CHECKED_URLS);
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
 * purge already refused it) has no file to compare.
 */
function deployedFiles(deployed, zones, workspace) {
    const files = new Map();
    for (const [entry, file] of deployed) {
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
