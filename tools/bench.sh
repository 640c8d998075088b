#!/usr/bin/env bash
# Benchmarks that print figures (never timed tests). Run through `./dev bench`.
#  1. Batch check on a generated 100,000-line (~200 MB) Azure batch file:
#     native `batchlane check`, the Python route (json.loads + tiktoken), and
#     the release app in headless Chromium (Playwright), in one run.
#  2. The 429 simulator (1 h at 100 ms, 10 deployments), native and in the browser.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=target/bench
mkdir -p "$OUT"
FILE=$OUT/batch-100k.jsonl

cargo build --profile speed --offline --quiet -p batchlane-cli --bin batchlane && cargo build --profile speed --offline --quiet -p batchlane-core --example gen_batch_file --example bench_simulator
if [ ! -s "$FILE" ]; then
  echo "generating $FILE"
  target/speed/examples/gen_batch_file 100000 "$FILE"
fi
bytes=$(stat -c %s "$FILE")
echo "file: $FILE, $((bytes / 1000000)) MB, $(wc -l < "$FILE") lines"

calc() { awk "BEGIN { printf \"%.2f\", $1 }"; }
seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N); calc "$e - $s"; }
mbps() { calc "$bytes / 1000000 / $1"; }

echo
echo "== native batchlane check (one core)"
t=$(seconds target/speed/batchlane check "$FILE" --format json --no-tokens || true)
printf 'structural checks only: %.2f s, %s MB/s\n' "$t" "$(mbps "$t")"
t=$(seconds target/speed/batchlane check "$FILE" --format json || true)
printf 'with exact tokens:      %.2f s, %s MB/s\n' "$t" "$(mbps "$t")"
native_tokens=$t

echo
echo "== the Python route (json.loads + tiktoken encode_ordinary)"
VENV=.tools/bench-venv
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet tiktoken
fi
# tiktoken loads its encoding offline from TIKTOKEN_CACHE_DIR, the file named
# by the SHA-1 of its download address; tiktoken-rs ships the same file.
CACHE=$OUT/tiktoken-cache
mkdir -p "$CACHE"
assets=$(find "${CARGO_HOME:-$HOME/.cargo}/registry/src" -maxdepth 3 -type d -path '*tiktoken-rs-*/assets' | sort | tail -1)
url="https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken"
cp "$assets/o200k_base.tiktoken" "$CACHE/$(printf '%s' "$url" | sha1sum | cut -d' ' -f1)"
py=$(TIKTOKEN_CACHE_DIR=$CACHE "$VENV/bin/python" tools/bench_python.py "$FILE")
echo "$py"
py_seconds=$(echo "$py" | sed 's/.*"seconds": \([0-9.]*\).*/\1/')
echo "python time / native time (with tokens): $(calc "$py_seconds / $native_tokens")"

if [ -f dist/index.html ]; then
  echo
  echo "== the release app in headless Chromium"
  BENCH_FILE=$FILE PY_SECONDS=$py_seconds node tools/bench-browser.mjs
else
  echo "(no dist/: run ./dev build for the browser figures)"
fi

echo
echo "== 429 simulator, native"
target/speed/examples/bench_simulator
