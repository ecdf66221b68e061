#!/usr/bin/env bash
# node-release.sh VERSION → prints the folder holding that Node.js release's `node`, installing it first
# if missing. The release comes from the npm registry's `node` package (these machines reach no other
# download), into .ci/node/MAJOR of the repository: CI (.ci/run) and the benchmark's anchors that need
# a newer Node than the project's own (bench/anchors/) share one copy.
set -euo pipefail
version="${1:?usage: scripts/node-release.sh VERSION}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
folder="$root/.ci/node/${version%%.*}"
if [ "$("$folder/node_modules/.bin/node" --version 2>/dev/null)" != "v$version" ]; then
  echo "Node.js $version is not in $folder: installing the registry's node@$version" >&2
  npm install --prefix "$folder" --no-save --no-package-lock --no-audit --no-fund "node@$version" >/dev/null
fi
echo "$folder/node_modules/.bin"
