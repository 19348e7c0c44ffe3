export const id = 288;
export const ids = [288];
export const modules = {

/***/ 8288:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  CANCELLED_STATUS_TIMEOUT_MS: () => (/* binding */ CANCELLED_STATUS_TIMEOUT_MS),
  STATUS_TIMEOUT_MS: () => (/* binding */ STATUS_TIMEOUT_MS),
  chooseCommit: () => (/* binding */ chooseCommit),
  postFinal: () => (/* binding */ postFinal),
  postPending: () => (/* binding */ postPending)
});

// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
// EXTERNAL MODULE: ./src/changes/index.ts + 6 modules
var src_changes = __webpack_require__(5540);
// EXTERNAL MODULE: ./src/changes/github-records.ts
var github_records = __webpack_require__(5793);
// EXTERNAL MODULE: ./src/github.ts
var github = __webpack_require__(9248);
;// CONCATENATED MODULE: ./src/commit-status/commit.ts
// Which commit the status goes on, and the run's page it links to. Pure: the change set and the environment in, no I/O.



/**
 * The commit the status goes on: the commit the change set deployed (the event's head for `changed-since: auto`, else
 * GITHUB_SHA), or GITHUB_SHA when nothing was compared (no change set, a manifest). Undefined when neither is a full SHA.
 */
function statusCommit(changes, env) {
    if (changes?.commit !== undefined)
        return changes.commit;
    const sha = env.GITHUB_SHA;
    return (0,github_records/* isFullSha */.Wf)(sha) ? { sha, why: src_changes/* GITHUB_SHA_WHY */.G } : undefined;
}
/**
 * The run's page, where its job summary is: `<server>/<owner>/<repo>/actions/runs/<id>/attempts/<attempt>`.
 * Undefined when a part is missing or is not what the runner sets (see repositoryPage; the id and attempt are numbers).
 */
function runPage(env) {
    const repository = (0,github/* repositoryPage */.WR)(env);
    const id = /^\d+$/.exec(String(env.GITHUB_RUN_ID))?.[0];
    const attempt = /^\d+$/.exec(env.GITHUB_RUN_ATTEMPT || '1')?.[0];
    if (repository === undefined || id === undefined || attempt === undefined)
        return undefined;
    return `${repository}/actions/runs/${id}/attempts/${attempt}`;
}

// EXTERNAL MODULE: ./src/secrets/index.ts + 3 modules
var secrets = __webpack_require__(8637);
;// CONCATENATED MODULE: ./src/commit-status/describe.ts
// What the status says: its state and its description, from what the run did. Pure.


/** GitHub keeps at most this many characters of a description (it refuses a longer one). */
const MAX_DESCRIPTION_CHARS = 140;
/** The pending status, once the zones are found: "purging 300 URLs on example.com", or waiting for the origin first. */
function pendingStatus(asked, waitsForOrigin) {
    const purging = `${whatOf(asked) === '' ? 'applying the settings' : `purging ${whatOf(asked)}`} on ${zonesOf(asked.zones)}`;
    return { state: 'pending', description: fitted(waitsForOrigin ? `waiting for the origin, then ${purging}` : purging) };
}
/**
 * The final status: `error` when an error stopped the run or it was cancelled; `success` when everything asked was
 * confirmed and the edge checks passed; `failure` otherwise (URLs or tags not confirmed, stale at the edge, the origin
 * never ready).
 */
function finalStatus(outcome) {
    return { state: finalState(outcome), description: fitted(finalDescription(outcome)) };
}
function finalState(outcome) {
    if (outcome.cancelled || outcome.stopped !== null)
        return 'error';
    return outcome.ok ? 'success' : 'failure';
}
function finalDescription(outcome) {
    if (outcome.cancelled)
        return `cancelled: ${tally(outcome)}`;
    if (outcome.stopped !== null)
        return `stopped: ${outcome.stopped}`;
    const where = `on ${zonesOf(outcome.zones)}`;
    if (outcome.originNotReady)
        return `the origin never served the new build: nothing purged ${where}`;
    const purged = [
        outcome.purgedEverything ? 'everything' : '',
        outcome.files > 0 ? (0,src_text/* plural */.LS)(outcome.purgedFiles, 'URL') : '',
        outcome.tags > 0 ? (0,src_text/* plural */.LS)(outcome.purgedTags, 'tag') : ''
    ].filter((part) => part !== '');
    const done = purged.length === 0 ? `settings applied ${where}` : `${purged.join(' and ')} purged ${where}`;
    const problems = [
        outcome.failedFiles + outcome.failedTags > 0 ? `${outcome.failedFiles + outcome.failedTags} failed` : '',
        outcome.everything && !outcome.purgedEverything ? 'everything not confirmed' : '',
        (outcome.stale ?? 0) > 0 ? `${outcome.stale} stale at the edge` : ''
    ].filter((part) => part !== '');
    // Settings not applied are the one shortfall without a count of its own.
    if (!outcome.ok && problems.length === 0)
        problems.push('not all confirmed');
    if (outcome.stale === 0)
        problems.push('fresh at the edge');
    return [`${done} in ${(0,src_text/* duration */.p0)(outcome.ms)}`, ...problems].join('; ');
}
/** What the purge got to when it was cut short: "60 of 300 URLs purged; 2 of 5 tags purged". */
function tally(outcome) {
    const parts = [
        outcome.everything ? `everything ${outcome.purgedEverything ? 'purged' : 'not purged'}` : '',
        outcome.files > 0 ? `${outcome.purgedFiles} of ${(0,src_text/* plural */.LS)(outcome.files, 'URL')} purged` : '',
        outcome.tags > 0 ? `${outcome.purgedTags} of ${(0,src_text/* plural */.LS)(outcome.tags, 'tag')} purged` : ''
    ].filter((part) => part !== '');
    return parts.length === 0 ? 'nothing purged' : parts.join('; ');
}
/** What is asked, as the pending status says it: "everything", "300 URLs and 5 tags"; '' for settings alone. */
function whatOf(asked) {
    const parts = [
        asked.everything ? 'everything' : '',
        asked.files > 0 ? (0,src_text/* plural */.LS)(asked.files, 'URL') : '',
        asked.tags > 0 ? (0,src_text/* plural */.LS)(asked.tags, 'tag') : ''
    ];
    return parts.filter((part) => part !== '').join(' and ');
}
/** The zones by name: one or two named, more counted. */
function zonesOf(zones) {
    if (zones.length === 0)
        return 'no zone';
    return zones.length <= 2 ? zones.join(' and ') : `${zones.length} zones`;
}
/**
 * A description as GitHub takes it: secrets hidden and one line, as the log shows outside text, then at most
 * MAX_DESCRIPTION_CHARS characters, cut at a character boundary (never inside a surrogate pair) with an ellipsis.
 */
function fitted(text) {
    const safe = (0,src_text/* oneLine */.TN)((0,secrets/* hideSecrets */.s0)(text));
    return safe.length <= MAX_DESCRIPTION_CHARS ? safe : `${(0,src_text/* head */.d5)(safe, MAX_DESCRIPTION_CHARS - 1)}\u2026`;
}

// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
;// CONCATENATED MODULE: ./src/commit-status/post.ts
// Posting one commit status: one request, no retry. Whatever goes wrong is a warning that says what to do: a status
// never changes the purge's result or its exit code.



/**
 * `POST /repos/{owner}/{repo}/statuses/{sha}` at GITHUB_API_URL, once. `signal` ends it (the caller gives it a timeout
 * of its own), and the warning then says that no answer came in time. Never throws: a failure is the result's warning.
 */
async function postStatus(target, post, env, signal) {
    const what = `Commit status "${(0,src_text/* shown */.SP)(target.context)}" (${post.state}) was not posted on ${post.sha.slice(0, 7)}`;
    try {
        // What the API is wanted for, as the errors about the environment say it.
        const posting = {
            what: 'given the commit status',
            otherwise: 'Run the action in a workflow, or leave "commit-status" empty.'
        };
        const api = (0,github/* githubApi */.Mc)(env, target.githubToken, posting, signal);
        const client = await (0,github/* githubClient */.$f)(api);
        await client.rest.repos.createCommitStatus({
            ...api.repository,
            sha: post.sha,
            state: post.state,
            context: target.context,
            description: post.description,
            // Stryker disable next-line ConditionalExpression: a target_url of undefined is left out of the JSON body as well
            ...(post.targetUrl === undefined ? {} : { target_url: post.targetUrl })
        });
        return { posted: true };
    }
    catch (error) {
        // Octokit gives a failure without an answer (a reset, a timeout) the status 500 as well: only an answer's status counts.
        const code = error.response?.status;
        const refused = code === 401 || code === 403 || code === 404;
        return { posted: false, refused, warning: `${what}: ${reasonOf(error, code, signal)} The purge's result stands.` };
    }
}
/** Why a post failed, and what to do about it. */
function reasonOf(error, status, signal) {
    if (error instanceof errors/* InputError */.dz)
        return error.message;
    const message = (0,src_text/* shown */.SP)((error instanceof Error ? error.message : String(error)).split('\n', 1).join(''));
    switch (status) {
        case undefined:
            return signal.aborted
                ? 'GitHub gave no answer in time.'
                : `the GitHub API could not be reached (${message}). Check GITHUB_API_URL and the runner's network.`;
        case 401:
            return 'GitHub refused the token (HTTP 401). Check the "github-token" input.';
        case 403:
            return 'the token may not write commit statuses (HTTP 403). Give the job `permissions: statuses: write`; a pull request from a fork gets a read-only token, so leave "commit-status" empty there.';
        case 404:
            return 'GitHub found no such commit or repository for this token (HTTP 404). Check that the commit was pushed to GITHUB_REPOSITORY and that the token may write its statuses (`permissions: statuses: write`).';
        case 422:
            return `GitHub refused it (HTTP 422: ${message}). A commit keeps at most 1,000 statuses per context: give "commit-status" another context, e.g. with the environment's name.`;
    }
    return `GitHub answered HTTP ${status}: ${message}.`;
}

;// CONCATENATED MODULE: ./src/commit-status/index.ts




/** How long one status may take: a status is one small request, and a GitHub that hangs must not hold the step. */
const STATUS_TIMEOUT_MS = 10_000;
/**
 * How long the final status may take after a cancel: after SIGTERM the runner kills the step 2.5 s later and the
 * purges' grace takes 1.5 s of that (src/cancel.ts), so the status gets half of the second left for the report.
 */
const CANCELLED_STATUS_TIMEOUT_MS = 500;
/** The commit the status goes on, said in the log with why; a warning when there is none. */
function chooseCommit(changes, context) {
    const commit = statusCommit(changes, context.env);
    const named = `Commit status "${(0,src_text/* shown */.SP)(context.target.context)}"`;
    if (commit === undefined) {
        context.warn(`${named} is not posted: no commit is known (GITHUB_SHA is not a full commit SHA, and no event names one). ` +
            'Run the action in a workflow, which sets GITHUB_SHA, or leave "commit-status" empty.');
    }
    else {
        context.log(`${named} goes on ${commit.sha}: ${commit.why}.`);
    }
    return { context: context.target.context, commit };
}
/** Posts the pending status (in a dry run, says what it would be), under the run's `signal` and a timeout of its own. */
async function postPending(found, asked, waitsForOrigin, context, signal) {
    const status = pendingStatus(asked, waitsForOrigin);
    const timeout = AbortSignal.timeout(STATUS_TIMEOUT_MS);
    const result = await send(found, status, context, signal === undefined ? timeout : AbortSignal.any([signal, timeout]), signal);
    // A cancel that cut the post short ends the phase like any other, with no warning of its own: the final status says it.
    signal?.throwIfAborted();
    return { ...found, pending: { ...status, posted: result.posted }, pendingRefused: result.refused };
}
/**
 * Posts the final status, with a timeout of its own rather than the run's signal: after a cancel, the status that
 * says so must still go out (within the time the cancel leaves: CANCELLED_STATUS_TIMEOUT_MS).
 */
async function postFinal(found, outcome, context) {
    const status = finalStatus(outcome);
    if (found.pendingRefused === true) {
        context.log(`The final commit status (${status.state}) is not posted: GitHub refused the pending one (see its warning).`);
        return { ...found, final: { ...status, posted: false } };
    }
    const timeout = AbortSignal.timeout(outcome.cancelled ? CANCELLED_STATUS_TIMEOUT_MS : STATUS_TIMEOUT_MS);
    const result = await send(found, status, context, timeout);
    return { ...found, final: { ...status, posted: result.posted } };
}
/** What `send` answers when it sends nothing (no commit, a dry run): nothing to warn of, and nothing refused. */
const NOT_SENT = { posted: false, refused: false };
/** What `send` answers for a status posted. */
const SENT = { posted: true, refused: false };
/** One post, or in a dry run the log line that says what it would be; its warning when it failed (not when `run` was cancelled). */
async function send(found, status, context, signal, run) {
    const commit = found.commit;
    if (commit === undefined)
        return NOT_SENT;
    if (context.dryRun) {
        context.log(`Dry run: commit status "${(0,src_text/* shown */.SP)(found.context)}" would be ${status.state} on ${commit.sha}: "${status.description}".`);
        return NOT_SENT;
    }
    const post = { ...status, sha: commit.sha, targetUrl: runPage(context.env) };
    const result = await postStatus(context.target, post, context.env, signal);
    if (result.posted)
        context.log(`Commit status "${(0,src_text/* shown */.SP)(found.context)}" posted on ${commit.sha}: ${status.state}, "${status.description}".`);
    else if (run?.aborted !== true)
        context.warn(result.warning);
    return result.posted ? SENT : result;
}


/***/ })

};
