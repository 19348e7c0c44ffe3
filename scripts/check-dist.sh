#!/usr/bin/env bash
# Fails when dist/ differs from what is committed (run it after a build: .ci/run runs it after npm test).
# A check that cannot look fails too: with no git, or outside a checkout, `git status` prints nothing,
# and nothing is not "no difference".
set -euo pipefail
if ! command -v git > /dev/null 2>&1; then
  echo "dist check: git is not installed, so whether dist/ differs from a clean build cannot be told." >&2
  exit 1
fi
if [ "$(git rev-parse --is-inside-work-tree 2> /dev/null)" != true ]; then
  echo "dist check: $(pwd) is not a git checkout, so whether dist/ differs from a clean build cannot be told." >&2
  exit 1
fi
# A file the build added counts as a difference too.
changes=$(git status --porcelain --untracked-files=all -- dist)
if [ -n "$changes" ]; then
  echo "dist/ is not what the sources build: run 'npm run build' and commit dist/." >&2
  echo "$changes" >&2
  git diff --stat -- dist >&2
  exit 1
fi
echo "dist/ matches a clean build."
