export const id = 540;
export const ids = [540,240,236];
export const modules = {

/***/ 5793:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K1: () => (/* binding */ pickPreviousRelease),
/* harmony export */   Rl: () => (/* binding */ readRelease),
/* harmony export */   S3: () => (/* binding */ isSafeInteger),
/* harmony export */   Sf: () => (/* binding */ claimed),
/* harmony export */   Wf: () => (/* binding */ isFullSha),
/* harmony export */   Wn: () => (/* binding */ readParents),
/* harmony export */   eO: () => (/* binding */ comparedPaths),
/* harmony export */   hO: () => (/* binding */ readWorkflowRun),
/* harmony export */   iJ: () => (/* binding */ readDeployment),
/* harmony export */   oC: () => (/* binding */ pickPreviousRun),
/* harmony export */   r_: () => (/* binding */ readStatuses),
/* harmony export */   v0: () => (/* binding */ readComparedFiles),
/* harmony export */   xJ: () => (/* binding */ deploymentSucceeded),
/* harmony export */   xx: () => (/* binding */ readRuns)
/* harmony export */ });
/* harmony import */ var _json_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8301);
// What this action reads of the GitHub API's answers and of the event payloads, and the choices made over them
// alone (which release, deployment or run came before): pure, no requests. github.ts asks the API.
//
// The fields are named as GitHub documents them: the REST answers by @octokit/openapi-types, the payloads by
// @octokit/webhooks-types (types only: nothing of either is bundled). Those say what GitHub sends, not what arrived:
// every value is read as `unknown` (see Claimed) and checked before it is used.

/** `value` as a Claimed<T> when it is an object (not null, not an array); undefined otherwise. */
const claimed = (value) => ((0,_json_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(value) ? value : undefined);
const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const isFullSha = (value) => typeof value === 'string' && FULL_SHA.test(value);
/** Paths from the compare API's files: every status counts, a rename both its old and new path. */
function comparedPaths(files) {
    return [
        ...new Set(files.flatMap((file) => file.status === 'renamed' && file.previous_filename ? [file.previous_filename, file.filename] : [file.filename]))
    ];
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
/**
 * Whether a deployment's statuses (newest first) say it went live and is still taken as good: one status is
 * `success`, and the latest is `success` or `inactive` (GitHub marks a non-production deployment inactive when
 * a newer one succeeds). A latest `failure` or `error` means it did not hold.
 */
function deploymentSucceeded(states) {
    const latest = states[0];
    return (latest === 'success' || latest === 'inactive') && states.includes('success');
}
/** The most recent run before `current` (by id, newest first) that succeeded on the same branch of the same workflow. */
function pickPreviousRun(runs, current) {
    return runs
        .filter((run) => run.id < current.id &&
        run.workflowId === current.workflowId &&
        run.headBranch === current.headBranch &&
        run.conclusion === 'success')
        .sort((a, b) => b.id - a.id)[0];
}
/** A whole number that JSON and JavaScript hold exactly: what an id or a count must be. */
const isSafeInteger = (value) => Number.isSafeInteger(value);
/** A date as GitHub writes it (ISO 8601), in milliseconds; NaN when it is not a text. */
const dateOf = (value) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);
/** The changed files of a compare answer (no `files` when nothing changed); undefined when its shape is not one. */
function readComparedFiles(data) {
    const comparison = claimed(data);
    const listed = comparison === undefined ? undefined : (comparison.files ?? []);
    if (!Array.isArray(listed))
        return undefined;
    const files = listed.map(readComparedFile);
    return files.every((file) => file !== undefined) ? files : undefined;
}
function readComparedFile(value) {
    const file = claimed(value);
    if (file === undefined || typeof file.filename !== 'string' || typeof file.status !== 'string')
        return undefined;
    const { filename, status, previous_filename: previous } = file;
    if (previous === undefined)
        return { filename, status };
    return typeof previous === 'string' ? { filename, status, previous_filename: previous } : undefined;
}
/** A release of the event payload or the releases API, or undefined when it has no tag. No date: never published. */
function readRelease(value) {
    const release = claimed(value);
    if (release === undefined || typeof release.tag_name !== 'string')
        return undefined;
    return {
        tag_name: release.tag_name,
        draft: release.draft === true,
        prerelease: release.prerelease === true,
        published_at: typeof release.published_at === 'string' ? release.published_at : null
    };
}
/** A deployment's statuses (newest first): each one's state, and when it was reported; undefined when the answer is no list. */
function readStatuses(data) {
    if (!Array.isArray(data))
        return undefined;
    return data.flatMap((value) => {
        const status = claimed(value);
        return status === undefined ? [] : [{ state: typeof status.state === 'string' ? status.state : '', at: dateOf(status.created_at) }];
    });
}
/** The runs of a workflow runs answer, the first `most` of them, unreadable ones left out; undefined when it lists none. */
function readRuns(data, most) {
    const listed = claimed(data)?.workflow_runs;
    if (!Array.isArray(listed))
        return undefined;
    return listed
        .slice(0, most)
        .map(readWorkflowRun)
        .filter((run) => run !== undefined);
}
/** The parents' SHAs of a commit answer, first parent first; undefined when any is not a full SHA. */
function readParents(data) {
    const parents = claimed(data)?.parents;
    if (!Array.isArray(parents))
        return undefined;
    const shas = parents.map((parent) => claimed(parent)?.sha);
    return shas.every(isFullSha) ? shas : undefined;
}
/** A deployment of the API or the event payload, or undefined when its shape is not one. */
function readDeployment(value) {
    const deployment = claimed(value);
    if (deployment === undefined || !isSafeInteger(deployment.id) || !isFullSha(deployment.sha) || typeof deployment.environment !== 'string')
        return undefined;
    return { id: deployment.id, sha: deployment.sha, environment: deployment.environment };
}
/** A workflow run of the API or the event payload, or undefined when its shape is not one. */
function readWorkflowRun(value) {
    const run = claimed(value);
    if (run === undefined ||
        !isSafeInteger(run.id) ||
        !isSafeInteger(run.workflow_id) ||
        !isFullSha(run.head_sha) ||
        typeof run.head_branch !== 'string')
        return undefined;
    return {
        id: run.id,
        workflowId: run.workflow_id,
        headSha: run.head_sha,
        headBranch: run.head_branch,
        conclusion: typeof run.conclusion === 'string' ? run.conclusion : '',
        createdAt: dateOf(run.created_at)
    };
}


/***/ }),

/***/ 5540:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  G: () => (/* binding */ GITHUB_SHA_WHY),
  detectChanges: () => (/* binding */ detectChanges)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/json.ts
var json = __webpack_require__(8301);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
// EXTERNAL MODULE: ./src/github.ts
var github = __webpack_require__(9248);
// EXTERNAL MODULE: ./src/changes/github-records.ts
var github_records = __webpack_require__(5793);
;// CONCATENATED MODULE: ./src/changes/github.ts




/** The compare API lists at most this many files, on its first page only. */
const COMPARE_FILE_LIMIT = 300;
/** How many deployments to an environment are looked at, newest first, for the previous successful one. */
const DEPLOYMENT_LOOKBACK = 30;
/** How many runs of a workflow on a branch are looked at, newest first, for the previous successful one. */
const RUN_LOOKBACK = 30;
/** How many first parents a rebase merge may be walked back through, one commits call each. */
const MAX_PARENT_WALK = 100;
/** What changed is the one thing `changed-since` asks the API: the errors about the environment say so. */
const WHAT_CHANGED = {
    what: 'asked what changed',
    otherwise: 'Run the action in a workflow, or give a local checkout with the commits.'
};
/**
 * A link on the GitHub web site of this run (GITHUB_SERVER_URL, so GitHub Enterprise Server too) to the
 * comparison of two full SHAs; undefined when either is not one, or the server URL is not http(s).
 */
function compareLink(env, base, head) {
    const repository = (0,github/* repositoryPage */.WR)(env);
    if (repository === undefined || !(0,github_records/* isFullSha */.Wf)(base) || !(0,github_records/* isFullSha */.Wf)(head))
        return undefined;
    return `${repository}/compare/${base}...${head}`;
}
async function octokit(api) {
    if (api.token === '') {
        throw new errors/* InputError */.dz('github-token', 'Input "github-token" is empty, and the GitHub API needs it to find what changed. Leave it at its default (${{ github.token }}) or pass a token.');
    }
    return (0,github/* githubClient */.$f)(api);
}
/** Turns an octokit failure into a message that says which call failed and what to do. */
function apiFailure(what, permission, error) {
    const status = error.status;
    const message = (0,src_text/* shown */.SP)(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
    const hint = status === 404
        ? ` Check the ref, and that github-token may read this repository (${permission}).`
        : status === 403
            ? ` The token needs the "${permission}" permission: add it to the workflow's or the job's permissions.`
            : status === 401
                ? ' Check the github-token input and its permissions.'
                : '';
    return new errors/* GitHubError */.y_(`GitHub API: ${what} failed${typeof status === 'number' ? ` (HTTP ${status})` : ''}: ${message}.${hint}`);
}
/** An answer of the wrong shape: the API (or something posing as it) gave what this action cannot use. */
const badAnswer = (what) => new errors/* GitHubError */.y_(`GitHub API: ${what} gave an answer this action cannot read. Check GITHUB_API_URL.`);
/**
 * One call: its data read by `read`, or a GitHubError that names the call. Once the run's signal is aborted, it
 * rejects with the signal's reason (a request is not sent then, and one in flight is abandoned): a call cut short by
 * a cancel did not fail.
 */
async function call(api, what, permission, request, read) {
    let data;
    try {
        data = (await request()).data;
    }
    catch (error) {
        api.signal?.throwIfAborted();
        throw apiFailure(what, permission, error);
    }
    const value = read(data);
    if (value === undefined)
        throw badAnswer(what);
    return value;
}
/** `GET /repos/{owner}/{repo}/compare/{base}...{head}`: the files changed, and whether the list is whole. */
async function compareWithApi(api, base, head) {
    const client = await octokit(api);
    const files = await call(api, `comparing ${(0,src_text/* shown */.SP)(base)}...${(0,src_text/* shown */.SP)(head)}`, 'contents: read', () => client.rest.repos.compareCommitsWithBasehead({ ...api.repository, basehead: `${base}...${head}` }), github_records/* readComparedFiles */.v0);
    return { paths: (0,github_records/* comparedPaths */.eO)(files), complete: files.length < COMPARE_FILE_LIMIT };
}
/** The tag of the release published before `current`; undefined when there is none (a first release). */
async function previousReleaseTag(api, current) {
    const client = await octokit(api);
    const listed = await call(api, 'listing releases', 'contents: read', async () => ({ data: await client.paginate(client.rest.repos.listReleases, { ...api.repository, per_page: 100 }) }), (data) => (Array.isArray(data) ? data : undefined));
    // Releases without a tag are passed over, as they cannot be compared with.
    const releases = listed.map(github_records/* readRelease */.Rl).filter((release) => release !== undefined);
    return (0,github_records/* pickPreviousRelease */.K1)(releases, current)?.tag_name;
}
/**
 * The most recent deployment to the same environment before `current` that succeeded (see deploymentSucceeded),
 * among the DEPLOYMENT_LOOKBACK most recent; undefined when there is none.
 */
async function previousDeployment(api, current) {
    const client = await octokit(api);
    const where = `the deployments to ${(0,src_text/* shown */.SP)(current.environment)}`;
    const deployments = await call(api, `listing ${where}`, 'deployments: read', () => client.rest.repos.listDeployments({ ...api.repository, environment: current.environment, per_page: DEPLOYMENT_LOOKBACK }), (data) => (Array.isArray(data) ? data.slice(0, DEPLOYMENT_LOOKBACK).map(github_records/* readDeployment */.iJ) : undefined));
    for (const deployment of deployments) {
        // Unreadable entries, other environments, the current deployment and newer ones are passed over.
        if (deployment === undefined || deployment.environment !== current.environment || deployment.id >= current.id)
            continue;
        const statuses = await call(api, `listing the statuses of deployment ${deployment.id}`, 'deployments: read', () => client.rest.repos.listDeploymentStatuses({ ...api.repository, deployment_id: deployment.id, per_page: 100 }), github_records/* readStatuses */.r_);
        if ((0,github_records/* deploymentSucceeded */.xJ)(statuses.map((status) => status.state))) {
            const success = statuses.find((status) => status.state === 'success');
            return { ...deployment, succeededAt: success?.at ?? Number.NaN };
        }
    }
    return undefined;
}
/** The most recent successful run of the same workflow on the same branch before `current`, among the RUN_LOOKBACK most recent. */
async function previousRun(api, current) {
    const client = await octokit(api);
    const runs = await call(api, `listing the runs of workflow ${current.workflowId} on ${(0,src_text/* shown */.SP)(current.headBranch)}`, 'actions: read', () => client.rest.actions.listWorkflowRuns({
        ...api.repository,
        workflow_id: current.workflowId,
        branch: current.headBranch,
        status: 'success',
        per_page: RUN_LOOKBACK
    }), (data) => (0,github_records/* readRuns */.xx)(data, RUN_LOOKBACK));
    return (0,github_records/* pickPreviousRun */.oC)(runs, current);
}
/** The parents of a commit, first parent first. */
async function commitParents(api, sha) {
    if (!(0,github_records/* isFullSha */.Wf)(sha))
        throw new errors/* GitHubError */.y_(`GitHub API: "${(0,src_text/* shown */.SP)(sha)}" is not a full commit SHA.`);
    const client = await octokit(api);
    return call(api, `reading commit ${sha}`, 'contents: read', () => client.rest.repos.getCommit({ ...api.repository, ref: sha, per_page: 1 }), github_records/* readParents */.Wn);
}

;// CONCATENATED MODULE: ./src/changes/event.ts







/** The events `changed-since: auto` understands, as the error for any other names them. */
const AUTO_EVENTS = ['push', 'release', 'deployment_status', 'workflow_run', 'pull_request', 'pull_request_target'];
const ZERO_SHA = /^0+$/;
/** A tag as a git ref: not an option, no spaces or control characters (the rule for the changed-since input). */
// eslint-disable-next-line no-control-regex
const SAFE_REF = /^(?!-)[^\s\u0000-\u001f\u007f]+$/;
const event_short = (sha) => sha.slice(0, 7);
/**
 * Reads the event and, where it takes the API, asks GitHub (GITHUB_API_URL) for the previous deploy. Once the run's
 * `signal` is aborted, no call starts, and it rejects with the signal's reason.
 */
async function autoRange(env, token, now = Date.now, signal) {
    const event = env.GITHUB_EVENT_NAME ?? '';
    const payload = await readPayload(env.GITHUB_EVENT_PATH);
    // Read only by the events that ask the API: a push needs no GITHUB_REPOSITORY.
    const api = () => (0,github/* githubApi */.Mc)(env, token, WHAT_CHANGED, signal);
    switch (event) {
        case 'push':
            return pushRange(payload);
        case 'release':
            return releaseRange(payload, api, env.GITHUB_SHA);
        case 'deployment_status':
            return deploymentRange(payload, api, now);
        case 'workflow_run':
            return workflowRunRange(payload, api, now);
        case 'pull_request':
        case 'pull_request_target':
            return pullRequestRange(event, payload, api);
    }
    throw new errors/* InputError */.dz(undefined, `"changed-since: auto" works for ${AUTO_EVENTS.join(', ')} events; this run is a "${(0,src_text/* shown */.SP)(event || 'unknown')}" event. Give a ref instead (a tag, branch or SHA), e.g. "changed-since: \${{ inputs.since }}".`);
}
/** The head an event names itself, and the words for it: `what, 0123abc` when `sha` is a full SHA; else GITHUB_SHA (undefined). */
function namedHead(sha, what) {
    return (0,github_records/* isFullSha */.Wf)(sha) ? { head: sha, headWhy: `${what}, ${event_short(sha)}` } : { head: undefined, headWhy: what };
}
function pushRange(payload) {
    // The ref as outside text; GitHub always sends it, but the action must not depend on that.
    const ref = typeof payload.ref === 'string' && payload.ref !== '' ? (0,src_text/* shown */.SP)(payload.ref) : undefined;
    // Nothing is left to deploy: no commit after the push. No git command and no API call is made for it.
    if (payload.deleted === true || (typeof payload.after === 'string' && ZERO_SHA.test(payload.after))) {
        const deleted = ref ?? 'a branch or tag';
        return {
            kind: 'nothing',
            event: 'push',
            why: `it deleted ${deleted}: nothing changed to purge`,
            how: 'Nothing compared, as the push deleted a branch or tag',
            said: `This push deleted ${deleted}: nothing changed to purge`
        };
    }
    const before = payload.before;
    if (typeof before !== 'string' || before === '')
        throw new errors/* InputError */.dz(undefined, 'This push event has no "before" commit, so "changed-since: auto" has nothing to compare with. Set "changed-since" to a ref.');
    // The pushed commit is the payload's "after" (GITHUB_SHA, the same commit, when that is not a full SHA).
    const head = namedHead(payload.after, 'the pushed commit');
    // A push that created its branch or tag has no commit before it (0000000\u2026): never asked of git or the API, it is a
    // first deploy, as a deployment with no earlier success is.
    if (ZERO_SHA.test(before))
        return { kind: 'first', event: 'push', why: `no commit before it, as it created ${ref ?? 'its branch'}`, ...head };
    // It goes into a git command and an API path: a full SHA only, never an option or a path.
    if (!(0,github_records/* isFullSha */.Wf)(before))
        throw new errors/* InputError */.dz(undefined, `This push event's "before" (${(0,src_text/* shown */.SP)(before)}) is not a full commit SHA, so "changed-since: auto" cannot use it. Set "changed-since" to a ref.`);
    return { kind: 'range', event: 'push', base: before, baseWhy: 'the commit before this push', ...head };
}
/** `sha`: GITHUB_SHA, which on a release event is the released commit (the payload names only the tag). */
async function releaseRange(payload, api, sha) {
    const release = (0,github_records/* readRelease */.Rl)(payload.release);
    if (release === undefined) {
        throw new errors/* InputError */.dz(undefined, 'This release event has no release in its payload, so "changed-since: auto" cannot find the previous one.');
    }
    const head = namedHead(sha, 'the released commit');
    const tag = await previousReleaseTag(api(), release);
    // A first release, as a deployment with no earlier success: every file under site-dir counts.
    if (tag === undefined) {
        const why = `no ${release.prerelease ? '' : 'full '}release published before ${(0,src_text/* shown */.SP)(release.tag_name)}`;
        return { kind: 'first', event: 'release', why, ...head };
    }
    // It goes into a git command and an API path, as a ref may when given as an input: never an option.
    if (!SAFE_REF.test(tag))
        throw new errors/* InputError */.dz(undefined, `The previous release's tag (${(0,src_text/* shown */.SP)(tag)}) cannot be used as a git ref. Set "changed-since" to a ref.`);
    return {
        kind: 'range',
        event: 'release',
        base: tag,
        baseWhy: `the release published before ${(0,src_text/* shown */.SP)(release.tag_name)}`,
        ...head
    };
}
const successOnly = (what, condition) => new errors/* InputError */.dz(undefined, `${what}, and "changed-since: auto" purges after a successful one only. Run the step only then: add \`if: ${condition}\` to it.`);
async function deploymentRange(payload, api, now) {
    const status = (0,github_records/* claimed */.Sf)(payload.deployment_status);
    const state = typeof status?.state === 'string' ? status.state : '';
    if (state !== 'success') {
        throw successOnly(`This deployment_status event reports the state "${(0,src_text/* shown */.SP)(state || 'unknown')}"`, "github.event.deployment_status.state == 'success'");
    }
    const current = (0,github_records/* readDeployment */.iJ)(payload.deployment);
    if (current === undefined)
        throw new errors/* InputError */.dz(undefined, 'This deployment_status event has no deployment with an id, a full commit SHA and an environment, so "changed-since: auto" cannot find the previous one.');
    const environment = (0,src_text/* shown */.SP)(current.environment);
    const headWhy = `the deployed commit, ${event_short(current.sha)}`;
    const previous = await previousDeployment(api(), current);
    if (previous === undefined)
        return {
            kind: 'first',
            event: 'deployment_status',
            why: `no earlier successful deployment to ${environment}`,
            head: current.sha,
            headWhy
        };
    return {
        kind: 'range',
        event: 'deployment_status',
        base: previous.sha,
        baseWhy: `the last successful deployment to ${environment}, ${event_short(previous.sha)}, ${(0,src_text/* ago */.KN)(now() - previous.succeededAt)}`,
        head: current.sha,
        headWhy
    };
}
async function workflowRunRange(payload, api, now) {
    const run = (0,github_records/* claimed */.Sf)(payload.workflow_run);
    const conclusion = typeof run?.conclusion === 'string' ? run.conclusion : '';
    if (conclusion !== 'success') {
        throw successOnly(`The workflow run that triggered this one ended "${conclusion === '' ? 'without a conclusion' : (0,src_text/* shown */.SP)(conclusion)}"`, "github.event.workflow_run.conclusion == 'success'");
    }
    const current = (0,github_records/* readWorkflowRun */.hO)(payload.workflow_run);
    if (current === undefined) {
        throw new errors/* InputError */.dz(undefined, 'This workflow_run event has no run with an id, a workflow id, a full head SHA and a branch, so "changed-since: auto" cannot find the previous one.');
    }
    const branch = (0,src_text/* shown */.SP)(current.headBranch);
    // GITHUB_SHA of a workflow_run event is the default branch's tip, not what the triggering run built.
    const headWhy = `the commit the triggering run built, ${event_short(current.headSha)}`;
    const previous = await previousRun(api(), current);
    if (previous === undefined)
        return {
            kind: 'first',
            event: 'workflow_run',
            why: `no earlier successful run of this workflow on ${branch}`,
            head: current.headSha,
            headWhy
        };
    return {
        kind: 'range',
        event: 'workflow_run',
        base: previous.headSha,
        baseWhy: `the last successful run of this workflow on ${branch}, ${event_short(previous.headSha)}, ${(0,src_text/* ago */.KN)(now() - previous.createdAt)}`,
        head: current.headSha,
        headWhy
    };
}
async function pullRequestRange(event, payload, api) {
    const pull = (0,github_records/* claimed */.Sf)(payload.pull_request) ?? {};
    const number = (0,github_records/* isSafeInteger */.S3)(pull.number) ? ` #${pull.number}` : '';
    if (payload.action !== 'closed') {
        const action = typeof payload.action === 'string' ? (0,src_text/* shown */.SP)(payload.action) : 'unknown';
        throw new errors/* InputError */.dz(undefined, `"changed-since: auto" on a ${event} event purges what a merge changed, and this one is "${action}". Run the workflow on closed pull requests only (\`types: [closed]\`) and the step when one was merged: \`if: github.event.pull_request.merged == true\`.`);
    }
    if (pull.merged !== true) {
        const why = `pull request${number} was closed without merging: nothing was merged, so nothing changed`;
        return { kind: 'nothing', event, why, how: 'Nothing compared, as nothing was merged', said: `This ${event} event: ${why}` };
    }
    const head = pull.merge_commit_sha;
    if (!(0,github_records/* isFullSha */.Wf)(head))
        throw new errors/* InputError */.dz(undefined, `Pull request${number} was merged but its payload has no full merge_commit_sha, so "changed-since: auto" cannot tell what the merge changed.`);
    const { base, baseWhy } = await branchBefore(api(), head, pull, number);
    return { kind: 'range', event, base, baseWhy, head, headWhy: `the merge commit, ${event_short(head)}` };
}
/**
 * The branch as it was before pull request `number` was merged at `head`: the merge commit's first parent, or, for a
 * rebase merge (one parent), that many first parents back as the pull request had commits. A squash merge looks the
 * same from here, so it may walk back further than needed: that purges more, never less.
 */
async function branchBefore(github, head, pull, number) {
    const parents = await commitParents(github, head);
    const first = parents[0];
    if (first === undefined)
        throw new errors/* InputError */.dz(undefined, `The merge commit ${event_short(head)} of pull request${number} has no parent, so there is nothing to compare it with. Set "changed-since" to a ref.`);
    const commits = (0,github_records/* isSafeInteger */.S3)(pull.commits) ? pull.commits : 1;
    if (parents.length > 1 || commits <= 1)
        return { base: first, baseWhy: `the first parent of the merge commit of pull request${number}` };
    if (commits > MAX_PARENT_WALK) {
        throw new errors/* InputError */.dz(undefined, `Pull request${number} has ${commits} commits and its merge commit one parent (a rebase or squash merge), more than the ${MAX_PARENT_WALK} that "changed-since: auto" walks back. Set "changed-since" to the base branch's commit before the merge.`);
    }
    let base = first;
    for (let step = 1; step < commits; step++) {
        const next = (await commitParents(github, base))[0];
        if (next === undefined)
            break;
        base = next;
    }
    return { base, baseWhy: `the branch before the ${commits} commits of pull request${number} (a rebase or squash merge)` };
}
/** The event's payload: an object, its fields not yet checked (each range above reads the ones GitHub documents for its event). */
async function readPayload(path) {
    if (!path)
        return {};
    try {
        // Stryker disable next-line StringLiteral: without an encoding readFile gives a Buffer, which JSON.parse turns into text as UTF-8 all the same
        const payload = JSON.parse(await (0,promises_.readFile)(path, 'utf8'));
        return (0,json/* isRecord */.u)(payload) ? payload : {};
    }
    catch (error) {
        throw new errors/* InputError */.dz(undefined, `Cannot read the event payload at GITHUB_EVENT_PATH (${(0,src_text/* shown */.SP)(error.code ?? String(error))}), which "changed-since: auto" needs.`);
    }
}

// EXTERNAL MODULE: ./src/cancel.ts
var cancel = __webpack_require__(833);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: ./src/secrets/index.ts + 3 modules
var secrets = __webpack_require__(8637);
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
    return [
        ...new Set(entries.flatMap((entry) => (entry.status === 'R' && entry.from !== undefined ? [entry.from, entry.path] : [entry.path])))
    ];
}
/**
 * Runs git and returns its standard output; a failure throws GitError with git's own first error line,
 * as any outside text is shown: credentials a remote URL may carry hidden, on one line, cut. Once the run's `signal`
 * is aborted, git is not started, or is killed, and it rejects with the signal's reason.
 */
function git(args, cwd, signal) {
    // Node would start git and kill it at once: it is not started at all.
    if (signal?.aborted === true)
        return Promise.reject(signal.reason);
    // Never wait for a password that nobody will type: git fails at once instead.
    // Stryker disable next-line StringLiteral: git takes an empty value for off as well
    const env = childEnv(process.env, { GIT_TERMINAL_PROMPT: '0' });
    const options = { cwd, maxBuffer: 512 * 1024 * 1024, encoding: 'utf8', env, ...(signal === undefined ? {} : { signal }) };
    return new Promise((resolve, reject) => {
        (0,external_node_child_process_.execFile)('git', [...args], options, (error, stdout, stderr) => {
            if (signal?.aborted === true) {
                reject(signal.reason);
            }
            else if (error) {
                const reason = stderr.split('\n').find((line) => line.trim() !== '') ?? error.message;
                reject(new errors/* GitError */.XS(`git ${args[0] ?? ''}: ${(0,src_text/* shown */.SP)(reason.trim())}`));
            }
            else {
                resolve(stdout);
            }
        });
    });
}
/**
 * A commit's SHA if the checkout has it, else undefined. A cancel taken here for a missing commit is passed on by the
 * next git command, which does not start.
 */
async function commitOf(ref, cwd, signal) {
    const sha = await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], cwd, signal).catch(() => undefined);
    return sha?.trim();
}
/** Fetches one commit (or ref) alone, depth 1, and returns its SHA. A diff needs only the two trees. */
async function fetchCommit(ref, cwd, signal) {
    await git(['fetch', '--quiet', '--no-tags', '--depth=1', 'origin', ref], cwd, signal);
    const sha = await commitOf('FETCH_HEAD', cwd, signal);
    if (sha === undefined)
        throw new errors/* GitError */.XS(`git fetch: origin gave no commit for ${(0,src_text/* shown */.SP)(ref)}`);
    return sha;
}
/**
 * The files changed between `base` and `head` in the local checkout. When a commit is missing (a shallow
 * checkout), it is fetched alone first. Throws GitError when there is no repository or a commit cannot be had; once
 * the run's `signal` is aborted, rejects with its reason (the git command in flight is killed).
 */
async function localDiff(base, head, cwd, signal) {
    await git(['rev-parse', '--show-toplevel'], cwd, signal);
    const fetched = [];
    const find = async (ref, role) => {
        const sha = await commitOf(ref, cwd, signal);
        if (sha !== undefined)
            return sha;
        fetched.push(role);
        return fetchCommit(ref, cwd, signal);
    };
    const baseSha = await find(base, 'base');
    const headSha = await find(head, 'head');
    const output = await git(['diff', '--name-status', '-z', '-M', '--no-ext-diff', '--no-textconv', baseSha, headSha, '--'], cwd, signal);
    return {
        paths: changedPaths(parseNameStatus(output)),
        baseSha,
        headSha,
        how: fetched.length === 0
            ? 'the local checkout'
            : `the local checkout, after fetching the ${fetched.join(' and ')} commit alone (shallow checkout)`
    };
}

// EXTERNAL MODULE: ./src/changes/manifest.ts
var manifest = __webpack_require__(6236);
// EXTERNAL MODULE: ./node_modules/picomatch/index.js
var picomatch = __webpack_require__(4006);
var picomatch_default = /*#__PURE__*/__webpack_require__.n(picomatch);
// EXTERNAL MODULE: ./src/site.ts
var site = __webpack_require__(3240);
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
    for (const path of new Set(paths)) {
        if (!path.startsWith(prefix))
            continue;
        const relative = path.slice(prefix.length);
        if (relative === '' || !included(relative) || excluded(relative))
            continue;
        files.push(path);
        // The file as it lies in the workspace: a repository path, or a path below site-dir.
        const file = underSiteDir || options.siteDir === '' ? path : `${options.siteDir}/${path}`;
        for (const entry of (0,site.siteEntries)(relative, options)) {
            entries.push(entry);
            deployed.set(entry, file);
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
            throw new errors/* InputError */.dz(input, `Input "${input}": the change list holds a path of ${(0,src_text/* thousands */.oh)(path.length)} characters ("${(0,src_text/* shown */.SP)(path)}"); ` +
                `at most ${(0,src_text/* thousands */.oh)(MAX_PATH_CHARS)} are accepted, with names of at most ${MAX_NAME_CHARS}, as a checkout can hold. Nothing was sent.`);
        }
    }
}

;// CONCATENATED MODULE: ./src/changes/index.ts











/** Why GITHUB_SHA is the commit, where nothing else names one. */
const GITHUB_SHA_WHY = 'GITHUB_SHA, the commit the workflow runs on';
/** Finds what changed, from git history or by comparing manifests. */
async function detectChanges(inputs, context) {
    return inputs.from.kind === 'manifest' ? fromManifest(inputs, inputs.from.previous, context) : fromGit(inputs, inputs.from.since, context);
}
async function fromManifest(inputs, previousPath, context) {
    const site = (0,external_node_path_.resolve)(context.workspace, inputs.siteDir);
    // Hashing a large site takes a while: a cancel does not wait for it.
    const current = await (0,cancel/* abortable */.ZC)((0,manifest.buildManifest)(site), context.signal);
    const previous = await (0,manifest/* readManifest */.WI)(previousPath);
    let paths;
    if (previous === undefined) {
        context.warn(`No previous manifest at ${(0,src_text/* shown */.SP)(previousPath)}, so every file of ${inputs.siteDir || 'the workspace'} counts as changed (expected on a first run).`);
        paths = Object.keys(current.files);
    }
    else {
        paths = (0,manifest/* compareManifests */.kK)(previous, current);
    }
    checkChangedPaths(paths, 'previous-manifest');
    const urls = siteUrls(paths, inputs, false);
    context.log(`${(0,src_text/* plural */.LS)(paths.length, 'file')} added, changed or removed since the previous manifest, ${urls.files.length} of them within include/exclude.`);
    return {
        source: 'manifest',
        how: previous === undefined ? 'no previous manifest: every file counts' : 'comparing with the previous manifest',
        base: previousPath,
        head: inputs.siteDir || '.',
        commit: undefined,
        why: '',
        link: undefined,
        ...urls,
        incomplete: undefined,
        manifest: current,
        nothingDeployed: undefined
    };
}
async function fromGit(inputs, since, context) {
    const auto = since === 'auto' ? await autoRange(context.env, inputs.githubToken, context.now, context.signal) : undefined;
    if (auto !== undefined && auto.kind !== 'range')
        return auto.kind === 'first' ? firstDeploy(inputs, auto, context) : nothingDeployed(auto, context);
    const base = auto?.base ?? since;
    const head = auto?.head ?? headOf(context);
    context.log(auto === undefined
        ? `Comparing ${(0,src_text/* shown */.SP)(base)} with ${(0,src_text/* shown */.SP)(head)}.`
        : `Comparing ${(0,src_text/* shown */.SP)(base)} (${auto.baseWhy}) with ${(0,src_text/* shown */.SP)(head)} (${auto.headWhy}), for this ${auto.event} event.`);
    const found = await changedBetween(base, head, inputs.githubToken, context);
    checkChangedPaths(found.paths, 'changed-since');
    const urls = siteUrls(found.paths, inputs, true);
    context.log(`${found.paths.length} file(s) changed (found with ${found.how}); ${urls.files.length} count under site-dir and include/exclude.`);
    const why = auto === undefined ? '' : `${auto.event} event: the base is ${auto.baseWhy}; the head is ${auto.headWhy}`;
    return {
        source: 'git',
        how: found.how,
        base: found.baseLabel,
        head,
        commit: changes_commitOf(head, auto),
        why,
        link: compareLink(context.env, base, head),
        ...urls,
        incomplete: found.incomplete,
        manifest: undefined,
        nothingDeployed: undefined
    };
}
/** The commit this run deployed when the event does not name it: GITHUB_SHA, else the checkout's HEAD. */
const headOf = (context) => context.env.GITHUB_SHA || 'HEAD';
/** The head as the deployed commit, when it is a full SHA: the event's, or GITHUB_SHA (an undefined head in `auto`, or a ref given). */
function changes_commitOf(head, auto) {
    if (!(0,github_records/* isFullSha */.Wf)(head))
        return undefined;
    return {
        sha: head,
        why: auto?.head === undefined ? (auto === undefined ? GITHUB_SHA_WHY : `${auto.headWhy} (GITHUB_SHA)`) : auto.headWhy
    };
}
/** No earlier successful deploy to compare with: every file under site-dir counts, when there is one. */
async function firstDeploy(inputs, auto, context) {
    if (inputs.siteDir === '') {
        throw new errors/* InputError */.dz(undefined, `This ${auto.event} event has ${auto.why}, so "changed-since: auto" has nothing to compare with. Set "site-dir" to the folder of the built site, so that every file in it counts as changed on a first deploy, or set "changed-since" to a ref.`);
    }
    const current = await (0,cancel/* abortable */.ZC)((0,manifest.buildManifest)((0,external_node_path_.resolve)(context.workspace, inputs.siteDir)), context.signal);
    // Repository paths, as a diff would give them, so that changed-files reads the same on every event.
    const paths = Object.keys(current.files).map((path) => `${inputs.siteDir}/${path}`);
    checkChangedPaths(paths, 'changed-since');
    const urls = siteUrls(paths, inputs, true);
    context.log(`This ${auto.event} event has ${auto.why}: every file of ${inputs.siteDir} counts as changed (${(0,src_text/* plural */.LS)(paths.length, 'file')}, ${urls.files.length} of them within include/exclude); the head is ${auto.headWhy}.`);
    const why = `${auto.event} event: ${auto.why}, so every file under site-dir counts; the head is ${auto.headWhy}`;
    return {
        source: 'git',
        how: 'Every file under site-dir counted, as there is no earlier successful deploy',
        base: '',
        head: auto.head ?? headOf(context),
        commit: changes_commitOf(auto.head ?? headOf(context), auto),
        why,
        link: undefined,
        ...urls,
        incomplete: undefined,
        manifest: undefined,
        nothingDeployed: undefined
    };
}
/** Nothing was deployed (a push that deleted a branch or tag, a pull request closed without merging): nothing is purged for it. */
function nothingDeployed(auto, context) {
    context.log(`${auto.said}.`);
    return {
        source: 'git',
        how: auto.how,
        base: '',
        head: '',
        commit: undefined,
        why: `${auto.event} event: ${auto.why}`,
        link: undefined,
        files: [],
        entries: [],
        deployed: new Map(),
        incomplete: undefined,
        manifest: undefined,
        nothingDeployed: auto.said
    };
}
/** The local checkout when it can answer (fetching a missing commit alone), else the GitHub compare API. */
async function changedBetween(base, head, token, context) {
    try {
        const diff = await localDiff(base, head, context.workspace, context.signal);
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
        const comparison = await compareWithApi((0,github/* githubApi */.Mc)(context.env, token, WHAT_CHANGED, context.signal), base, head);
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


/***/ }),

/***/ 9248:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $f: () => (/* binding */ githubClient),
/* harmony export */   Mc: () => (/* binding */ githubApi),
/* harmony export */   WR: () => (/* binding */ repositoryPage)
/* harmony export */ });
/* unused harmony export parseRepository */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3916);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8992);


/** GITHUB_REPOSITORY as owner and repo; an InputError saying what the API was for when it is not owner/repo. */
function parseRepository(value, purpose) {
    // Stryker disable next-line StringLiteral: any text without a slash is refused the same way
    const [owner, repo, ...rest] = (value ?? '').split('/');
    if (!owner || !repo || rest.length > 0) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(undefined, `GITHUB_REPOSITORY is not set as owner/repo, so the GitHub API cannot be ${purpose.what}. ${purpose.otherwise}`);
    }
    return { owner, repo };
}
/**
 * The GitHub API of this run: GITHUB_API_URL (https://ghe.example.com/api/v3 on GitHub Enterprise Server), else
 * api.github.com; every call takes `signal`.
 */
function githubApi(env, token, purpose, signal) {
    return { token, apiUrl: apiUrlOf(env.GITHUB_API_URL, purpose), repository: parseRepository(env.GITHUB_REPOSITORY, purpose), signal };
}
function apiUrlOf(value, purpose) {
    if (value === undefined || value === '')
        return 'https://api.github.com';
    const url = URL.parse(value);
    if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(undefined, `GITHUB_API_URL (${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .shown */ .SP)(value)}) is not an http(s) URL, so the GitHub API cannot be ${purpose.what}.`);
    }
    return url.href.replace(/\/+$/, '');
}
/**
 * The repository's page on the GitHub web site of this run (GITHUB_SERVER_URL, so GitHub Enterprise Server too), for
 * links; undefined when the server URL is not http(s) or holds a character that could end a Markdown link or break out
 * of it, or GITHUB_REPOSITORY is not owner/repo in such characters.
 */
function repositoryPage(env) {
    const server = URL.parse(env.GITHUB_SERVER_URL || 'https://github.com');
    const safe = server !== null && (server.protocol === 'https:' || server.protocol === 'http:') && /^[\w:/.~%-]+$/.test(server.href);
    const repository = /^[\w.-]+\/[\w.-]+$/.exec(String(env.GITHUB_REPOSITORY))?.[0];
    return safe && repository !== undefined ? `${server.href.replace(/\/+$/, '')}/${repository}` : undefined;
}
/**
 * The octokit client of `api`, loaded on its first use: most runs never call the GitHub API, and octokit is a large
 * part of the bundle. The token must not be empty (each caller says what it needs it for).
 */
async function githubClient(api) {
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
    const client = getOctokit(api.token, { baseUrl: api.apiUrl });
    const signal = api.signal;
    // Every request of this client takes the signal, each page of a paginated list too (paginate passes no
    // request option of its own on). Not getOctokit's `request` option: it would replace the proxy-aware fetch there.
    if (signal !== undefined) {
        client.hook.before('request', (options) => {
            options.request = { ...options.request, signal };
        });
    }
    return client;
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
