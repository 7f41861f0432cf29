#!/usr/bin/env bash
# Runs an example's test suite from a copy outside the repository, installing @postbox/local and
# @postbox/sdk from the tarballs `npm run pack` wrote, as a customer would (nothing resolves through
# the repository's own node_modules). Usage: bash examples/run-outside.sh examples/magic-link
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
example=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$example/." "$work/"
rm -rf "$work/node_modules" "$work/package-lock.json"
sed -i "s#file:../../dist/packages/#file:$root/dist/packages/#g" "$work/package.json"
cd "$work"
start=$(date +%s)
npm install --no-audit --no-fund --loglevel=error
echo "installed in $(( $(date +%s) - start )) s"
start=$(date +%s)
npm test
echo "suite ran in $(( $(date +%s) - start )) s"
