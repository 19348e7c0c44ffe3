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
/* unused harmony exports MANIFEST_FORMAT, MANIFEST_VERSION, MAX_SITE_FILE_BYTES, MAX_MANIFEST_BYTES, manifestKey, parseManifest */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _concurrency_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1532);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3916);
/* harmony import */ var _files_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9148);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8992);






const MANIFEST_FORMAT = 'cdn-purge-action/manifest';
const MANIFEST_VERSION = 1;
/** The largest site file hashed for a manifest: far above what a CDN caches as one file, and a bound on the time one file takes. */
const MAX_SITE_FILE_BYTES = 4 * 1024 * 1024 * 1024;
/** The largest previous manifest read, as for files-from: some 500,000 files' paths and hashes, far more than one site holds. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
/**
 * A file's key in the manifest: its path relative to `dir`, with `/` between folders whatever the system
 * (`D:\site\docs\a.html` in `D:\site` is `docs/a.html`), so that a manifest written on Windows is read on Linux and back.
 */
function manifestKey(dir, file, flavour = node_path__WEBPACK_IMPORTED_MODULE_1__) {
    return flavour.relative(dir, file).split(flavour.sep).join('/');
}
/**
 * Hashes every file below `dir`: links are followed to files inside the workspace or RUNNER_TEMP; folders
 * (linked or not) and broken links are skipped. Throws InputError when `dir` is not a folder inside them, or
 * when a file in it is not a regular file inside them within MAX_SITE_FILE_BYTES (a device, a FIFO, a link
 * out of the workspace), naming the file and never reading it.
 */
async function buildManifest(dir, input = 'site-dir', limits = {}) {
    const folder = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(dir).catch(() => undefined);
    if (!folder?.isDirectory()) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .dz(input, `Input "${input}": "${(0,_text_js__WEBPACK_IMPORTED_MODULE_4__/* .shown */ .SP)(dir)}" is not a folder. With a manifest, site-dir is the build output folder, relative to GITHUB_WORKSPACE.`);
    }
    const refused = (path, why) => new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .dz(input, `Input "${input}": "${(0,_text_js__WEBPACK_IMPORTED_MODULE_4__/* .shown */ .SP)(path)}" ${why}, so it is not hashed for the manifest. Remove it from the build output, or exclude it from site-dir.`);
    try {
        // Else a link to /proc or / would have the whole tree below it listed.
        await (0,_files_js__WEBPACK_IMPORTED_MODULE_3__/* .checkInside */ .TC)(dir, limits.roots);
    }
    catch (error) {
        throw error instanceof _files_js__WEBPACK_IMPORTED_MODULE_3__/* .UnsafeFileError */ .h ? refused(dir, error.message) : error;
    }
    const entries = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)(dir, { recursive: true, withFileTypes: true });
    const candidates = entries.map((entry) => node_path__WEBPACK_IMPORTED_MODULE_1__.join(entry.parentPath, entry.name));
    const hashed = await (0,_concurrency_js__WEBPACK_IMPORTED_MODULE_5__/* .mapConcurrent */ ._)(candidates, 16, async (path) => {
        // A folder is skipped (its files are listed on their own), a link to a folder too (its files are not), and a broken link.
        if ((await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(path).catch(() => undefined))?.isDirectory() !== false)
            return undefined;
        const name = manifestKey(dir, path);
        try {
            return [name, await (0,_files_js__WEBPACK_IMPORTED_MODULE_3__/* .fileSha256 */ .sN)(path, { maxBytes: limits.maxBytes ?? MAX_SITE_FILE_BYTES, roots: limits.roots })];
        }
        catch (error) {
            throw error instanceof _files_js__WEBPACK_IMPORTED_MODULE_3__/* .UnsafeFileError */ .h ? refused(path, error.message) : error;
        }
    });
    // Sorted by code unit, the same on every system.
    const hashedFiles = hashed.filter((entry) => entry !== undefined);
    // Stryker disable next-line EqualityOperator: paths are unique, so no two are ever equal
    const files = Object.fromEntries(hashedFiles.sort(([a], [b]) => (a < b ? -1 : 1)));
    return { format: MANIFEST_FORMAT, version: MANIFEST_VERSION, algorithm: 'sha256', files };
}
/** Reads a manifest; a malformed or foreign one is an InputError that says so. */
function parseManifest(text, path) {
    const foreign = (why) => new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .dz('previous-manifest', `Input "previous-manifest": "${(0,_text_js__WEBPACK_IMPORTED_MODULE_4__/* .shown */ .SP)(path)}" is not a manifest this action wrote (${why}). Remove it, or point previous-manifest at the file the "manifest" input wrote.`);
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
    if (typeof files !== 'object' ||
        files === null ||
        Array.isArray(files) ||
        !Object.values(files).every((hash) => typeof hash === 'string')) {
        throw foreign('"files" is not a mapping of paths to hashes');
    }
    return { format: MANIFEST_FORMAT, version: MANIFEST_VERSION, algorithm: 'sha256', files: files };
}
/**
 * The manifest at `path` (UTF-8, or UTF-16 with its byte order mark: see decodeText), or undefined when there is no file there (the first run); any other failure to
 * read it is an InputError, and so is a file that is not a regular file inside the workspace or
 * RUNNER_TEMP of at most MAX_MANIFEST_BYTES (never read, never shown).
 */
async function readManifest(path, limits = {}) {
    const maxBytes = limits.maxBytes ?? MAX_MANIFEST_BYTES;
    let text;
    try {
        text = await (0,_files_js__WEBPACK_IMPORTED_MODULE_3__/* .readTextFile */ .Gu)(path, { maxBytes, roots: limits.roots });
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return undefined;
        if (error instanceof _files_js__WEBPACK_IMPORTED_MODULE_3__/* .UnsafeFileError */ .h && error.kind === 'not text') {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .dz('previous-manifest', `Input "previous-manifest": "${(0,_text_js__WEBPACK_IMPORTED_MODULE_4__/* .shown */ .SP)(path)}" ${error.message}.`);
        }
        if (error instanceof _files_js__WEBPACK_IMPORTED_MODULE_3__/* .UnsafeFileError */ .h) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .dz('previous-manifest', `Input "previous-manifest": "${(0,_text_js__WEBPACK_IMPORTED_MODULE_4__/* .shown */ .SP)(path)}" ${error.message} (at most ${(0,_text_js__WEBPACK_IMPORTED_MODULE_4__/* .sizeText */ .lP)(maxBytes)}, a regular file inside the workspace or RUNNER_TEMP). ` +
                'Give the file the "manifest" input wrote, relative to GITHUB_WORKSPACE.');
        }
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .dz('previous-manifest', `Input "previous-manifest": cannot read "${(0,_text_js__WEBPACK_IMPORTED_MODULE_4__/* .shown */ .SP)(path)}" (${error.code ?? String(error)}). ` +
            'Give the file the "manifest" input wrote, relative to GITHUB_WORKSPACE; only a file that does not exist yet (the first run) is read as no manifest.');
    }
    return parseManifest(text, path);
}
/** Paths added, changed or removed between two manifests, sorted. */
function compareManifests(previous, current) {
    const paths = new Set([...Object.keys(previous.files), ...Object.keys(current.files)]);
    return [...paths].filter((path) => previous.files[path] !== current.files[path]).sort();
}
/**
 * Writes the manifest atomically (a reader sees the old file or the new one, never half of one), never
 * through a link and never outside the workspace or RUNNER_TEMP: see writeFileSafely. Refusals are UnsafeFileError.
 */
async function writeManifest(path, manifest, options = {}) {
    await (0,_files_js__WEBPACK_IMPORTED_MODULE_3__/* .writeFileSafely */ .kv)(path, `${JSON.stringify(manifest, null, 1)}\n`, options);
}


/***/ })

};
