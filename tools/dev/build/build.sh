#!/usr/bin/env bash
# `npm run build`: the TypeScript compiled to JavaScript in dist/ (or the folder given), with
# what the processes read at run time beside it: the .proto files and package.json (the version,
# and "type": "module" for the compiled ESM). The container image and the query benchmark run
# this build with plain node: no TypeScript loader thread, ~50-80 MB less per process.
set -euo pipefail
cd "$(dirname "$0")/../../.."
out="${1:-dist}"
rm -rf "$out"
npx tsc -p tsconfig.build.json --outDir "$out"
mkdir -p "$out/proto"
cp -r proto/m3 "$out/proto/m3"
cp package.json "$out/package.json"
mkdir -p "$out/services/kb/seed"
cp services/kb/seed/kb-dump.json.zip services/kb/seed/NOTICE.md "$out/services/kb/seed/"
