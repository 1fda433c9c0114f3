#!/usr/bin/env bash
# A copy of the committed tree with nothing beside it passes its unit tests: `git archive HEAD`
# unpacked into an empty temporary folder (no .git, no ../shared, no data), reusing this
# checkout's installed node_modules. CI runs it after `npm test` (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/../.."
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git archive HEAD | tar -x -C "$copy"
ln -s "$PWD/node_modules" "$copy/node_modules"
cd "$copy"
echo "== unit tests of a fresh copy of HEAD in $copy"
npx ava --tap test/unit | awk '/^# pass/{p=$3} /^# fail/{f=$3} /^not ok/{print} END{printf "fresh copy unit tests: %d passed, %d failed\n", p, f}'
exit "${PIPESTATUS[0]}"
