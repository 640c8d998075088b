#!/usr/bin/env bash
# Fills DIR with tiktoken's encoding files so that Python's tiktoken loads
# them offline (TIKTOKEN_CACHE_DIR=DIR): each file is named by the SHA-1 of
# its download address; tiktoken-rs (a dev-dependency, in Cargo's registry)
# ships the same files. Used by ./dev python and tools/bench.sh.
set -euo pipefail
dir=$1
mkdir -p "$dir"
assets=$(find "${CARGO_HOME:-$HOME/.cargo}/registry/src" -maxdepth 3 -type d -path '*tiktoken-rs-*/assets' | sort | tail -1)
if [ -z "$assets" ]; then
  echo "tiktoken-cache: no tiktoken-rs in Cargo's registry (run cargo fetch)" >&2
  exit 1
fi
for enc in o200k_base cl100k_base; do
  url="https://openaipublic.blob.core.windows.net/encodings/$enc.tiktoken"
  cp "$assets/$enc.tiktoken" "$dir/$(printf '%s' "$url" | sha1sum | cut -d' ' -f1)"
done
