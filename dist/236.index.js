export const id = 236;
export const ids = [236];
export const modules = {

/***/ 6236:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   WI: () => (/* binding */ readManifest),
/* harmony export */   buildManifest: () => (/* binding */ buildManifest),
/* harmony export */   kK: () => (/* binding */ compareManifests),
/* harmony export */   writeManifest: () => (/* binding */ writeManifest)
/* harmony export */ });
/* unused harmony exports MANIFEST_FORMAT, MANIFEST_VERSION, parseManifest */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var node_stream_promises__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6466);
/* harmony import */ var node_stream_promises__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(node_stream_promises__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var _concurrency_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(1532);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3916);
/* harmony import */ var _urls_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5769);








const MANIFEST_FORMAT = 'cdn-purge-action/manifest';
const MANIFEST_VERSION = 1;
async function hashFile(path) {
    const hash = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256');
    await (0,node_stream_promises__WEBPACK_IMPORTED_MODULE_4__.pipeline)((0,node_fs__WEBPACK_IMPORTED_MODULE_1__.createReadStream)(path), hash);
    return hash.digest('hex');
}
/** Hashes every file below `dir` (links followed to files; folders, broken links and anything else skipped). Throws InputError when `dir` is not a folder. */
async function buildManifest(dir, input = 'site-dir') {
    const folder = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.stat)(dir).catch(() => undefined);
    if (!folder?.isDirectory()) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_6__/* .InputError */ .dz(`Input "${input}": "${(0,_urls_js__WEBPACK_IMPORTED_MODULE_5__/* .shown */ .SP)(dir)}" is not a folder. With a manifest, site-dir is the build output folder, relative to GITHUB_WORKSPACE.`);
    }
    const entries = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readdir)(dir, { recursive: true, withFileTypes: true });
    const candidates = entries.map((entry) => (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(entry.parentPath, entry.name));
    const hashed = await (0,_concurrency_js__WEBPACK_IMPORTED_MODULE_7__/* .mapConcurrent */ ._)(candidates, 16, async (path) => {
        if (!(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.stat)(path).catch(() => undefined))?.isFile())
            return undefined;
        return [(0,node_path__WEBPACK_IMPORTED_MODULE_3__.relative)(dir, path).split(node_path__WEBPACK_IMPORTED_MODULE_3__.sep).join('/'), await hashFile(path)];
    });
    // Sorted by code unit, the same on every system.
    // Stryker disable next-line EqualityOperator: paths are unique, so no two are ever equal
    const files = Object.fromEntries(hashed.filter((entry) => entry !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)));
    return { format: MANIFEST_FORMAT, version: MANIFEST_VERSION, algorithm: 'sha256', files };
}
/** Reads a manifest; a malformed or foreign one is an InputError that says so. */
function parseManifest(text, path) {
    const foreign = (why) => new _errors_js__WEBPACK_IMPORTED_MODULE_6__/* .InputError */ .dz(`Input "previous-manifest": "${(0,_urls_js__WEBPACK_IMPORTED_MODULE_5__/* .shown */ .SP)(path)}" is not a manifest this action wrote (${why}). Remove it, or point previous-manifest at the file the "manifest" input wrote.`);
    let doc;
    try {
        doc = JSON.parse(text);
    }
    catch {
        throw foreign('it is not JSON');
    }
    const record = (typeof doc === 'object' && doc !== null ? doc : {});
    if (record.format !== MANIFEST_FORMAT)
        throw foreign(`its "format" is not "${MANIFEST_FORMAT}"`);
    if (record.version !== MANIFEST_VERSION) {
        throw foreign(`it is version ${JSON.stringify(record.version)}; this version of the action reads version ${MANIFEST_VERSION}`);
    }
    if (record.algorithm !== 'sha256')
        throw foreign('its "algorithm" is not "sha256"');
    const files = record.files;
    if (typeof files !== 'object' || files === null || Array.isArray(files) || !Object.values(files).every((hash) => typeof hash === 'string')) {
        throw foreign('"files" is not a mapping of paths to hashes');
    }
    return { format: MANIFEST_FORMAT, version: MANIFEST_VERSION, algorithm: 'sha256', files: files };
}
/** The manifest at `path`, or undefined when there is no file there (the first run); any other failure to read it is an InputError. */
async function readManifest(path) {
    let text;
    try {
        // Stryker disable next-line StringLiteral: without an encoding a Buffer comes back, and JSON.parse reads it as UTF-8 all the same
        text = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readFile)(path, 'utf8');
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return undefined;
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_6__/* .InputError */ .dz(`Input "previous-manifest": cannot read "${(0,_urls_js__WEBPACK_IMPORTED_MODULE_5__/* .shown */ .SP)(path)}" (${error.code ?? String(error)}). ` +
            'Give the file the "manifest" input wrote, relative to GITHUB_WORKSPACE; only a file that does not exist yet (the first run) is read as no manifest.');
    }
    return parseManifest(text, path);
}
/** Paths added, changed or removed between two manifests, sorted. */
function compareManifests(previous, current) {
    const paths = new Set([...Object.keys(previous.files), ...Object.keys(current.files)]);
    return [...paths].filter((path) => previous.files[path] !== current.files[path]).sort();
}
/** Writes the manifest atomically: a reader sees the old file or the new one, never half of one. */
async function writeManifest(path, manifest) {
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.mkdir)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.dirname)(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    try {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.writeFile)(temporary, `${JSON.stringify(manifest, null, 1)}\n`);
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.rename)(temporary, path);
    }
    finally {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.rm)(temporary, { force: true });
    }
}


/***/ })

};
