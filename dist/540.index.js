export const id = 540;
export const ids = [540,236];
export const modules = {

/***/ 5540:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  detectChanges: () => (/* binding */ detectChanges)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/urls.ts
var src_urls = __webpack_require__(5769);
;// CONCATENATED MODULE: ./src/changes/github.ts


/** The compare API lists at most this many files, on its first page only. */
const COMPARE_FILE_LIMIT = 300;
/** Paths from the compare API's files: every status counts, a rename both its old and new path. */
function comparedPaths(files) {
    return [...new Set(files.flatMap((file) => (file.status === 'renamed' && file.previous_filename ? [file.previous_filename, file.filename] : [file.filename])))];
}
/**
 * The release published before `current`: drafts are skipped, and so are prereleases when `current` is a
 * full release. Undefined when there is none.
 */
function pickPreviousRelease(releases, current) {
    // Stryker disable next-line StringLiteral: no text other than a date parses
    const publishedAt = Date.parse(current.published_at ?? '') || Number.POSITIVE_INFINITY;
    // A release never published (null) has no date, so it is never earlier.
    return releases
        .filter((release) => !release.draft && release.tag_name !== current.tag_name)
        .filter((release) => current.prerelease || !release.prerelease)
        .filter((release) => Date.parse(release.published_at) < publishedAt)
        .sort((a, b) => Date.parse(b.published_at) - Date.parse(a.published_at))[0];
}
function parseRepository(value) {
    // Stryker disable next-line StringLiteral: any text without a slash is refused the same way
    const [owner, repo, ...rest] = (value ?? '').split('/');
    if (!owner || !repo || rest.length > 0) {
        throw new errors/* InputError */.dz('GITHUB_REPOSITORY is not set as owner/repo, so the GitHub API cannot be asked what changed. Run the action in a workflow, or give a local checkout with the commits.');
    }
    return { owner, repo };
}
async function octokit(token) {
    if (token === '') {
        throw new errors/* InputError */.dz('Input "github-token" is empty, and the GitHub API needs it to find what changed. Leave it at its default (${{ github.token }}) or pass a token.');
    }
    // Loaded only when needed: most runs never call the GitHub API, and octokit is a large part of the bundle.
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
    return getOctokit(token);
}
/** Turns an octokit failure into a message that says which call failed and what to do. */
function apiFailure(what, error) {
    const status = error.status;
    const message = (0,src_urls/* shown */.SP)(error instanceof Error ? error.message.split('\n')[0] : String(error));
    const hint = status === 404 ? ' Check the ref, and that github-token may read this repository (contents: read).' : status === 401 || status === 403 ? ' Check the github-token input and its permissions.' : '';
    return new errors/* GitHubError */.y_(`GitHub API: ${what} failed${typeof status === 'number' ? ` (HTTP ${status})` : ''}: ${message}.${hint}`);
}
/** `GET /repos/{owner}/{repo}/compare/{base}...{head}`: the files changed, and whether the list is whole. */
async function compareWithApi(token, repository, base, head) {
    const client = await octokit(token);
    try {
        const response = await client.rest.repos.compareCommitsWithBasehead({ ...repository, basehead: `${base}...${head}` });
        const files = (response.data.files ?? []);
        return { paths: comparedPaths(files), complete: files.length < COMPARE_FILE_LIMIT };
    }
    catch (error) {
        throw apiFailure(`comparing ${(0,src_urls/* shown */.SP)(base)}...${(0,src_urls/* shown */.SP)(head)}`, error);
    }
}
/** The tag of the release published before `current`; an InputError when there is none. */
async function previousReleaseTag(token, repository, current) {
    const client = await octokit(token);
    let releases;
    try {
        releases = await client.paginate(client.rest.repos.listReleases, { ...repository, per_page: 100 });
    }
    catch (error) {
        throw apiFailure('listing releases', error);
    }
    const previous = pickPreviousRelease(releases, current);
    if (previous === undefined) {
        throw new errors/* InputError */.dz(`Release ${(0,src_urls/* shown */.SP)(current.tag_name)} has no earlier ${current.prerelease ? '' : 'full '}release to compare with. Set "changed-since" to a ref (a tag, branch or SHA), or purge with "files" or "purge-everything" for a first release.`);
    }
    return previous.tag_name;
}

;// CONCATENATED MODULE: ./src/changes/event.ts




const ZERO_SHA = /^0+$/;
/**
 * The base `changed-since: auto` stands for: a push's `before`, or the tag of the previous release.
 * Any other event needs an explicit ref.
 */
async function autoBase(env, token) {
    const event = env.GITHUB_EVENT_NAME ?? '';
    const payload = await readPayload(env.GITHUB_EVENT_PATH);
    if (event === 'push') {
        const before = payload.before;
        if (typeof before !== 'string' || before === '')
            throw new errors/* InputError */.dz('This push event has no "before" commit, so "changed-since: auto" has nothing to compare with. Set "changed-since" to a ref.');
        if (ZERO_SHA.test(before)) {
            throw new errors/* InputError */.dz('This push created the branch (its "before" is 0000000\u2026), so there is no earlier commit to compare with. ' +
                'Set "changed-since" to a ref for this case, e.g. "changed-since: main", or purge with "files" or "purge-everything".');
        }
        return { base: before, why: 'the commit before this push' };
    }
    if (event === 'release') {
        const release = payload.release;
        if (release === undefined || typeof release.tag_name !== 'string')
            throw new errors/* InputError */.dz('This release event has no release in its payload, so "changed-since: auto" cannot find the previous one.');
        const tag = await previousReleaseTag(token, parseRepository(env.GITHUB_REPOSITORY), release);
        return { base: tag, why: `the release published before ${(0,src_urls/* shown */.SP)(release.tag_name)}` };
    }
    throw new errors/* InputError */.dz(`"changed-since: auto" works for push and release events; this run is a "${(0,src_urls/* shown */.SP)(event || 'unknown')}" event. Give a ref instead (a tag, branch or SHA), e.g. "changed-since: \${{ inputs.since }}".`);
}
async function readPayload(path) {
    if (!path)
        return {};
    try {
        return JSON.parse(await (0,promises_.readFile)(path, 'utf8'));
    }
    catch (error) {
        throw new errors/* InputError */.dz(`Cannot read the event payload at GITHUB_EVENT_PATH (${(0,src_urls/* shown */.SP)(error.code ?? String(error))}), which "changed-since: auto" needs.`);
    }
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: ./src/secrets.ts
var secrets = __webpack_require__(7194);
;// CONCATENATED MODULE: ./src/child-env.ts

// The environment a child process (git) is started with: what it needs to run, find its configuration,
// reach the network the runner's way and speak the runner's language, and nothing else. The step's own
// environment holds every input (INPUT_*), the API key and the GitHub token: a child that leaks or logs its
// environment (a hook, a credential helper, a trace) must have none of them to leak.
/** Variables passed on by name, compared in upper case (Windows names are case-insensitive; proxy variables come in both cases). */
const PASSED = new Set([
    'PATH',
    'HOME',
    'TMPDIR',
    'RUNNER_TEMP',
    // Where git finds its global configuration.
    'XDG_CONFIG_HOME',
    // The runner's proxy settings, as git and its HTTP library read them.
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'NO_PROXY',
    'ALL_PROXY',
    // Certificates a self-hosted runner may add for its proxy.
    'SSL_CERT_FILE',
    'SSL_CERT_DIR',
    'LANG',
    'LANGUAGE',
    'TZ',
    'SSH_AUTH_SOCK',
    // What a program needs to start on Windows, and where it keeps its files there.
    'SYSTEMROOT',
    'WINDIR',
    'COMSPEC',
    'PATHEXT',
    'TEMP',
    'TMP',
    'USERPROFILE',
    'HOMEDRIVE',
    'HOMEPATH',
    'APPDATA',
    'LOCALAPPDATA'
]);
/** Families passed on by prefix: git's own variables, and the locale's categories. */
const PASSED_PREFIXES = ['GIT_', 'LC_'];
/** Whether a variable of this name is passed on (before its value is looked at): never an input (INPUT_*), as none is listed. */
function isPassed(name) {
    const upper = name.toUpperCase();
    return PASSED.has(upper) || PASSED_PREFIXES.some((prefix) => upper.startsWith(prefix));
}
/**
 * The environment for a child process: the variables it needs from `env` (see PASSED), none whose value
 * holds a secret in any spelling (a GIT_CONFIG_* header may carry the token in base64), and `extra` on top.
 */
function childEnv(env, extra = {}) {
    const passed = {};
    for (const [name, value] of Object.entries(env)) {
        if (value !== undefined && isPassed(name) && !(0,secrets/* holdsSecretText */.gU)(value))
            passed[name] = value;
    }
    return { ...passed, ...extra };
}

;// CONCATENATED MODULE: ./src/changes/git.ts




/** Reads `git diff --name-status -z` output, where any byte but NUL may be in a file name. */
function parseNameStatus(output) {
    const fields = output.split('\0');
    const entries = [];
    for (let i = 0; i + 1 < fields.length;) {
        const status = fields[i++].charAt(0);
        if (status === 'R' || status === 'C') {
            const from = fields[i++];
            entries.push({ status, from, path: fields[i++] });
        }
        else {
            entries.push({ status, path: fields[i++] });
        }
    }
    return entries;
}
/** Paths whose URLs must be purged: added, modified and deleted files, and both sides of a rename. */
function changedPaths(entries) {
    return [...new Set(entries.flatMap((entry) => (entry.status === 'R' && entry.from !== undefined ? [entry.from, entry.path] : [entry.path])))];
}
/**
 * Runs git and returns its standard output; a failure throws GitError with git's own first error line,
 * as any outside text is shown: credentials a remote URL may carry hidden, on one line, cut.
 */
function git(args, cwd) {
    // Never wait for a password that nobody will type: git fails at once instead.
    // Stryker disable next-line StringLiteral: git takes an empty value for off as well
    const env = childEnv(process.env, { GIT_TERMINAL_PROMPT: '0' });
    return new Promise((resolve, reject) => {
        (0,external_node_child_process_.execFile)('git', [...args], { cwd, maxBuffer: 512 * 1024 * 1024, encoding: 'utf8', env }, (error, stdout, stderr) => {
            if (error) {
                const reason = stderr.split('\n').find((line) => line.trim() !== '') ?? error.message;
                reject(new errors/* GitError */.XS(`git ${args[0] ?? ''}: ${(0,src_urls/* shown */.SP)(reason.trim())}`));
            }
            else {
                resolve(stdout);
            }
        });
    });
}
/** A commit's SHA if the checkout has it, else undefined. */
async function commitOf(ref, cwd) {
    const sha = await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], cwd).catch(() => undefined);
    return sha?.trim();
}
/** Fetches one commit (or ref) alone, depth 1, and returns its SHA. A diff needs only the two trees. */
async function fetchCommit(ref, cwd) {
    await git(['fetch', '--quiet', '--no-tags', '--depth=1', 'origin', ref], cwd);
    const sha = await commitOf('FETCH_HEAD', cwd);
    if (sha === undefined)
        throw new errors/* GitError */.XS(`git fetch: origin gave no commit for ${(0,src_urls/* shown */.SP)(ref)}`);
    return sha;
}
/**
 * The files changed between `base` and `head` in the local checkout. When a commit is missing (a shallow
 * checkout), it is fetched alone first. Throws GitError when there is no repository or a commit cannot be had.
 */
async function localDiff(base, head, cwd) {
    await git(['rev-parse', '--show-toplevel'], cwd);
    const fetched = [];
    const find = async (ref, role) => {
        const sha = await commitOf(ref, cwd);
        if (sha !== undefined)
            return sha;
        fetched.push(role);
        return fetchCommit(ref, cwd);
    };
    const baseSha = await find(base, 'base');
    const headSha = await find(head, 'head');
    const output = await git(['diff', '--name-status', '-z', '-M', '--no-ext-diff', '--no-textconv', baseSha, headSha, '--'], cwd);
    return {
        paths: changedPaths(parseNameStatus(output)),
        baseSha,
        headSha,
        how: fetched.length === 0 ? 'the local checkout' : `the local checkout, after fetching the ${fetched.join(' and ')} commit alone (shallow checkout)`
    };
}

// EXTERNAL MODULE: ./src/changes/manifest.ts
var manifest = __webpack_require__(6236);
// EXTERNAL MODULE: ./node_modules/picomatch/index.js
var picomatch = __webpack_require__(4006);
var picomatch_default = /*#__PURE__*/__webpack_require__.n(picomatch);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
;// CONCATENATED MODULE: ./src/changes/glob.ts
/**
 * How include/exclude patterns match: dot-folders and dot-files too (.well-known/, .htaccess); and the same on
 * every runner: paths are matched with `/` between folders and `\` escapes, also on Windows, where picomatch
 * would otherwise take `\` as a separator and a pattern would mean something else than on Linux.
 */
const GLOB_OPTIONS = { dot: true, windows: false };

;// CONCATENATED MODULE: ./src/changes/site.ts





/**
 * Turns changed file paths into what to purge. With `underSiteDir`, paths are relative to the
 * repository and only those below site-dir count; otherwise they are already relative to site-dir.
 */
function siteUrls(paths, options, underSiteDir) {
    const prefix = underSiteDir && options.siteDir !== '' ? `${options.siteDir}/` : '';
    const included = options.include.length === 0 ? () => true : picomatch_default()([...options.include], GLOB_OPTIONS);
    const excluded = picomatch_default()([...options.exclude], GLOB_OPTIONS); // no pattern matches nothing
    const files = [];
    const entries = [];
    const deployed = new Map();
    const add = (relative, file) => {
        const encoded = encodePath(relative);
        const entry = options.urlBase === undefined ? `/${encoded}` : new URL(encoded, options.urlBase).href;
        entries.push(entry);
        deployed.set(entry, file);
    };
    for (const path of new Set(paths)) {
        if (!path.startsWith(prefix))
            continue;
        const relative = path.slice(prefix.length);
        if (relative === '' || !included(relative) || excluded(relative))
            continue;
        files.push(path);
        // The file as it lies in the workspace: a repository path, or a path below site-dir.
        const file = underSiteDir || options.siteDir === '' ? path : `${options.siteDir}/${path}`;
        add(relative, file);
        if (options.indexFile !== '' && (relative === options.indexFile || relative.endsWith(`/${options.indexFile}`))) {
            add(relative.slice(0, relative.length - options.indexFile.length), file);
        }
    }
    return { files, entries, deployed };
}
/** The longest changed path taken, and the longest name in it: what a file system (and so a checkout) can hold. */
const MAX_PATH_CHARS = 4096;
const MAX_NAME_CHARS = 255;
/**
 * Refuses a changed path longer than a checkout can hold, naming the input the change list came from.
 * Checked before any glob meets the paths: include/exclude patterns are compiled to regular expressions
 * whose time grows with a path's length to the power of their `*`s, and the paths come from the repository.
 */
function checkChangedPaths(paths, input) {
    for (const path of paths) {
        const longestName = path.split('/').reduce((longest, name) => Math.max(longest, name.length), 0);
        if (path.length > MAX_PATH_CHARS || longestName > MAX_NAME_CHARS) {
            throw new errors/* InputError */.dz(`Input "${input}": the change list holds a path of ${(0,src_text/* thousands */.oh)(path.length)} characters ("${(0,src_urls/* shown */.SP)(path)}"); ` +
                `at most ${(0,src_text/* thousands */.oh)(MAX_PATH_CHARS)} are accepted, with names of at most ${MAX_NAME_CHARS}, as a checkout can hold. Nothing was sent.`);
        }
    }
}
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

;// CONCATENATED MODULE: ./src/changes/index.ts








/** Finds what changed, from git history or by comparing manifests. */
async function detectChanges(inputs, context) {
    return inputs.from.kind === 'manifest' ? fromManifest(inputs, inputs.from.previous, context) : fromGit(inputs, inputs.from.since, context);
}
async function fromManifest(inputs, previousPath, context) {
    const site = (0,external_node_path_.resolve)(context.workspace, inputs.siteDir);
    const current = await (0,manifest.buildManifest)(site);
    const previous = await (0,manifest/* readManifest */.WI)(previousPath);
    let paths;
    if (previous === undefined) {
        context.warn(`No previous manifest at ${(0,src_urls/* shown */.SP)(previousPath)}, so every file of ${inputs.siteDir || 'the workspace'} counts as changed (expected on a first run).`);
        paths = Object.keys(current.files);
    }
    else {
        paths = (0,manifest/* compareManifests */.kK)(previous, current);
    }
    checkChangedPaths(paths, 'previous-manifest');
    const urls = siteUrls(paths, inputs, false);
    context.log(`${paths.length} file(s) added, changed or removed since the previous manifest; ${urls.files.length} count after include/exclude.`);
    return {
        source: 'manifest',
        how: previous === undefined ? 'no previous manifest: every file counts' : 'comparing with the previous manifest',
        base: previousPath,
        head: inputs.siteDir || '.',
        ...urls,
        incomplete: undefined,
        manifest: current
    };
}
async function fromGit(inputs, since, context) {
    let base = since;
    let baseWhy = '';
    if (since === 'auto') {
        const auto = await autoBase(context.env, inputs.githubToken);
        base = auto.base;
        baseWhy = ` (${auto.why})`;
    }
    const head = context.env.GITHUB_SHA || 'HEAD';
    context.log(`Comparing ${(0,src_urls/* shown */.SP)(base)}${baseWhy} with ${(0,src_urls/* shown */.SP)(head)}.`);
    const found = await changedBetween(base, head, inputs.githubToken, context);
    checkChangedPaths(found.paths, 'changed-since');
    const urls = siteUrls(found.paths, inputs, true);
    context.log(`${found.paths.length} file(s) changed (found with ${found.how}); ${urls.files.length} count under site-dir and include/exclude.`);
    return { source: 'git', how: found.how, base: found.baseLabel, head, ...urls, incomplete: found.incomplete, manifest: undefined };
}
/** The local checkout when it can answer (fetching a missing commit alone), else the GitHub compare API. */
async function changedBetween(base, head, token, context) {
    try {
        const diff = await localDiff(base, head, context.workspace);
        const baseLabel = diff.baseSha === base ? base : `${base} (${diff.baseSha.slice(0, 12)})`;
        return { paths: diff.paths, how: `git diff in ${diff.how}`, baseLabel, incomplete: undefined };
    }
    catch (error) {
        if (!(error instanceof errors/* GitError */.XS))
            throw error;
        context.log(`The local checkout cannot answer (${error.message}); asking the GitHub compare API.`);
        if (head === 'HEAD') {
            throw new errors/* GitError */.XS(`${error.message}. Without a local checkout and GITHUB_SHA, the head commit is unknown: check out the repository first (actions/checkout).`, { cause: error });
        }
        const comparison = await compareWithApi(token, parseRepository(context.env.GITHUB_REPOSITORY), base, head);
        const incomplete = comparison.complete
            ? undefined
            : `the GitHub compare API lists at most ${COMPARE_FILE_LIMIT} files and this comparison reached that, so the list may be cut off`;
        if (incomplete !== undefined) {
            context.warn(`Purging everything: ${incomplete}. Check out with enough history (or let the action fetch the base commit) for an exact list.`);
        }
        return { paths: comparison.paths, how: `the GitHub compare API (${error.message})`, baseLabel: base, incomplete };
    }
}


/***/ }),

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
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3916);
/* harmony import */ var _files_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9674);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8992);
/* harmony import */ var _urls_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5769);







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
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(`Input "${input}": "${(0,_urls_js__WEBPACK_IMPORTED_MODULE_3__/* .shown */ .SP)(dir)}" is not a folder. With a manifest, site-dir is the build output folder, relative to GITHUB_WORKSPACE.`);
    }
    const refused = (path, why) => new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(`Input "${input}": "${(0,_urls_js__WEBPACK_IMPORTED_MODULE_3__/* .shown */ .SP)(path)}" ${why}, so it is not hashed for the manifest. Remove it from the build output, or exclude it from site-dir.`);
    try {
        // Else a link to /proc or / would have the whole tree below it listed.
        await (0,_files_js__WEBPACK_IMPORTED_MODULE_2__/* .checkInside */ .TC)(dir, limits.roots);
    }
    catch (error) {
        throw error instanceof _files_js__WEBPACK_IMPORTED_MODULE_2__/* .UnsafeFileError */ .h ? refused(dir, error.message) : error;
    }
    const entries = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)(dir, { recursive: true, withFileTypes: true });
    const candidates = entries.map((entry) => node_path__WEBPACK_IMPORTED_MODULE_1__.join(entry.parentPath, entry.name));
    const hashed = await (0,_concurrency_js__WEBPACK_IMPORTED_MODULE_5__/* .mapConcurrent */ ._)(candidates, 16, async (path) => {
        // A folder is skipped (its files are listed on their own), a link to a folder too (its files are not), and a broken link.
        if ((await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(path).catch(() => undefined))?.isDirectory() !== false)
            return undefined;
        const name = manifestKey(dir, path);
        try {
            return [name, await (0,_files_js__WEBPACK_IMPORTED_MODULE_2__/* .fileSha256 */ .sN)(path, { maxBytes: limits.maxBytes ?? MAX_SITE_FILE_BYTES, roots: limits.roots })];
        }
        catch (error) {
            throw error instanceof _files_js__WEBPACK_IMPORTED_MODULE_2__/* .UnsafeFileError */ .h ? refused(path, error.message) : error;
        }
    });
    // Sorted by code unit, the same on every system.
    // Stryker disable next-line EqualityOperator: paths are unique, so no two are ever equal
    const files = Object.fromEntries(hashed.filter((entry) => entry !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)));
    return { format: MANIFEST_FORMAT, version: MANIFEST_VERSION, algorithm: 'sha256', files };
}
/** Reads a manifest; a malformed or foreign one is an InputError that says so. */
function parseManifest(text, path) {
    const foreign = (why) => new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(`Input "previous-manifest": "${(0,_urls_js__WEBPACK_IMPORTED_MODULE_3__/* .shown */ .SP)(path)}" is not a manifest this action wrote (${why}). Remove it, or point previous-manifest at the file the "manifest" input wrote.`);
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
/**
 * The manifest at `path`, or undefined when there is no file there (the first run); any other failure to
 * read it is an InputError, and so is a file that is not a regular file inside the workspace or
 * RUNNER_TEMP of at most MAX_MANIFEST_BYTES (never read, never shown).
 */
async function readManifest(path, limits = {}) {
    const maxBytes = limits.maxBytes ?? MAX_MANIFEST_BYTES;
    let text;
    try {
        text = (await (0,_files_js__WEBPACK_IMPORTED_MODULE_2__/* .readFileBounded */ .Y1)(path, { maxBytes, roots: limits.roots })).toString('utf8');
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return undefined;
        if (error instanceof _files_js__WEBPACK_IMPORTED_MODULE_2__/* .UnsafeFileError */ .h) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(`Input "previous-manifest": "${(0,_urls_js__WEBPACK_IMPORTED_MODULE_3__/* .shown */ .SP)(path)}" ${error.message} (at most ${(0,_text_js__WEBPACK_IMPORTED_MODULE_6__/* .sizeText */ .lP)(maxBytes)}, a regular file inside the workspace or RUNNER_TEMP). ` +
                'Give the file the "manifest" input wrote, relative to GITHUB_WORKSPACE.');
        }
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(`Input "previous-manifest": cannot read "${(0,_urls_js__WEBPACK_IMPORTED_MODULE_3__/* .shown */ .SP)(path)}" (${error.code ?? String(error)}). ` +
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
    await (0,_files_js__WEBPACK_IMPORTED_MODULE_2__/* .writeFileSafely */ .kv)(path, `${JSON.stringify(manifest, null, 1)}\n`, options);
}


/***/ })

};
