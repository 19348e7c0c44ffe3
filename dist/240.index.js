export const id = 240;
export const ids = [240];
export const modules = {

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
