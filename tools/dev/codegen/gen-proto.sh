#!/usr/bin/env bash
# Lints the protos and generates their TypeScript (ts-proto, grpc-js) into proto/gen.
# With --check, generates into a temporary folder and fails when proto/gen is stale.
set -euo pipefail
cd "$(dirname "$0")/../../../proto"
buf=../node_modules/.bin/buf
"$buf" lint
if [ "${1:-}" = "--check" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  "$buf" generate --template buf.gen.yaml --output "$tmp"
  if ! diff -r "$tmp/gen" gen >/dev/null; then
    diff -r "$tmp/gen" gen | head -20
    echo "proto/gen is stale: run 'npm run gen' and commit the result" >&2
    exit 1
  fi
  echo "proto/gen is up to date"
else
  rm -rf gen
  "$buf" generate --template buf.gen.yaml
  echo "generated proto/gen"
fi
