#!/usr/bin/env bash
# Benchmarks that print figures (never timed tests). Run through `./dev bench`
# (`./dev bench --quick [SHAPE...]`: files a tenth the size, fewer runs, only
# the batch check's figures, for iteration).
#  1. The batch check, per shape of bench file (gen_batch_file --shape):
#     korean (Korean as written: ~30% Hangul words within English), english
#     (its ASCII twin), cjk (unspaced Chinese and Japanese), tools (a strict
#     response_format and four function tools on every line). Each subject
#     against its reference in the same run, interleaved, best of N for both,
#     the 1-minute load beside each figure, the ratio refused when the
#     reference's runs spread more than 20% (tools/bench_shapes.py): the CLI
#     and the Python package (`batchlane.check_file`) against openbatch's
#     validate_batch_file (structure), and against the Python route
#     (json.loads + tiktoken; exact tokens); the Korean file against its
#     English twin; and the release app in headless Chromium (structural
#     MB/s beside a bare `Blob.stream()` read of the file in a worker; the
#     full check against the Python route and the native CLI's full check,
#     interleaved; tools/bench-browser.mjs).
#     Ends with the figures as one table (tools/bench_table.py).
#  2. One 16 MB single-piece line (a run of one letter), tokens counted natively.
#  3. The first-load size as served (tools/size-report.mjs) and, when twiggy
#     and the app's wasm with names are there, its ten biggest items.
#  4. The 429 simulator (1 h at 100 ms, 10 deployments), native and in the browser.
#  5. /traffic: a month of per-minute Azure Monitor data for 20 deployments
#     (gen_traffic, ~175 MB of Metrics - List JSON), natively by stage and
#     against the Python route (json.load + a dict per minute), and in the
#     release app's worker (tools/bench-browser.mjs).
#  6. `batchlane results` on an error file of 2 M custom_ids: peak memory
#     (text and JSON output) against the file's size.
#  7. The npm package in Node (tools/bench_npm.mjs): token counting against
#     gpt-tokenizer, checkFile structural against the native CLI, and the
#     o200k counting entry's size (brotli) against gpt-tokenizer's.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=target/bench
mkdir -p "$OUT"
TGT=${CARGO_TARGET_DIR:-target}
QUICK=${BENCH_QUICK:-0}
SHAPES=${BENCH_SHAPES:-korean english cjk tools}
if [ "$QUICK" = 1 ]; then SCALE=10 RUNS=3 SLOW_RUNS=2; else SCALE=1 RUNS=5 SLOW_RUNS=3; fi
# Just under the services' 200 MB file limit each (a file over it is
# refused whole): 100,000 lines of ~2 KB; the tools shape's lines are ~5 KB.
lines_of() { case $1 in tools) echo $((40000 / SCALE)) ;; *) echo $((100000 / SCALE)) ;; esac; }
# The generator's revision: bump it when gen_batch_file --shape writes
# other bytes, so that files made by an older one are not reused.
GEN_REV=2
file_of() { echo "$OUT/batch-$1-$(lines_of "$1")-r$GEN_REV.jsonl"; }
OPENBATCH_VERSION=0.0.4
GPT_TOKENIZER_VERSION=4.0.0
ROOT_DIR=$PWD

cargo build --profile speed --offline --quiet -p batchlane-cli --bin batchlane && cargo build --profile speed --offline --quiet -p batchlane-core --example gen_batch_file
if [ "$QUICK" != 1 ] && [ "${BENCH_BATCH_ONLY:-0}" != 1 ]; then
  cargo build --profile speed --offline --quiet -p batchlane-core --example bench_simulator --example gen_traffic --example bench_traffic
fi
# korean is measured against its English twin: english is generated with it.
for shape in $SHAPES $(case " $SHAPES " in *" korean "*) echo english ;; esac); do
  f=$(file_of "$shape")
  if [ ! -s "$f" ]; then
    echo "generating $f"
    "$TGT"/speed/examples/gen_batch_file "$(lines_of "$shape")" "$f" --shape "$shape"
  fi
done
TRAFFIC_FILE=$OUT/traffic-20x30d.json
if [ "$QUICK" != 1 ] && [ "${BENCH_BATCH_ONLY:-0}" != 1 ] && [ ! -s "$TRAFFIC_FILE" ]; then
  "$TGT"/speed/examples/gen_traffic 20 30 "$TRAFFIC_FILE"
fi

calc() { awk "BEGIN { printf \"%.2f\", $1 }"; }
seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N); calc "$e - $s"; }
# The fastest of 5 runs (whole process, start-up included).
best_of_5() { local i t best=; for i in 1 2 3 4 5; do t=$(seconds "$@"); if [ -z "$best" ] || awk "BEGIN { exit !($t < $best) }"; then best=$t; fi; done; echo "$best"; }
load1() { cut -d' ' -f1 /proc/loadavg; }

# The clean venv `./dev bench` made: the wheel (crates/python), tiktoken,
# openbatch, pinned in crates/python/requirements-test.txt.
VENV=${BENCH_PY_VENV:?run through ./dev bench (it builds the wheel and its venv)}
# tiktoken loads its encoding offline from TIKTOKEN_CACHE_DIR, the file named
# by the SHA-1 of its download address; tiktoken-rs ships the same file.
CACHE=$OUT/tiktoken-cache
bash tools/tiktoken-cache.sh "$CACHE"
export TIKTOKEN_CACHE_DIR=$CACHE
FIGURES=$OUT/figures.jsonl
: > "$FIGURES"
echo "$(nproc) cores; batch check figures per shape: best of $RUNS (structure) and $SLOW_RUNS (exact tokens), subject and reference interleaved"
for shape in $SHAPES; do
  f=$(file_of "$shape")
  echo
  echo "== batch check, shape $shape: $f, $(( $(stat -c %s "$f") / 1000000 )) MB, $(wc -l < "$f") lines (load now $(load1))"
  twin=()
  [ "$shape" = korean ] && twin=(--twin "$(file_of english)")
  "$VENV/bin/python" tools/bench_shapes.py "$f" --cli "$TGT/speed/batchlane" --runs "$RUNS" --slow-runs "$SLOW_RUNS" \
    --label "$shape" --json-out "$FIGURES" "${twin[@]}"
  if [ -f dist/index.html ]; then
    BENCH_PART=batch BENCH_FILE=$f BENCH_RUNS=$RUNS BENCH_SLOW_RUNS=$SLOW_RUNS BENCH_CLI=$TGT/speed/batchlane \
      PY_ROUTE="[\"$VENV/bin/python\", \"tools/bench_python.py\", \"$f\"]" node tools/bench-browser.mjs \
      | while IFS= read -r line; do
        case "$line" in
          "{"*) printf '%s\n' "$line" | sed "s/^{/{\"shape\": \"$shape\", /" >> "$FIGURES" ;;
          *) printf '  %s\n' "$line" ;;
        esac
      done
  else
    echo "  (no dist/: run ./dev build for the browser's figures)"
  fi
done
echo
echo "== the batch check's figures as a table (load: the 1-minute load average during each figure's runs)"
python3 tools/bench_table.py "$FIGURES"
# BENCH_BATCH_ONLY=1: the batch check's figures at full size, nothing else.
if [ "$QUICK" = 1 ] || [ "${BENCH_BATCH_ONLY:-0}" = 1 ]; then exit 0; fi
# The remaining browser figures (memory, cold start, ...) on the first shape's file.
FILE=$(file_of "${SHAPES%% *}")

echo
echo "== one 16 MB single-piece line (a run of one letter), native, exact tokens"
PIECE=$OUT/single-piece-16mb.jsonl
if [ ! -s "$PIECE" ]; then
  {
    printf '%s' '{"custom_id": "a", "method": "POST", "url": "/chat/completions", "body": {"model": "gpt-4o", "max_tokens": 5, "messages": [{"role": "user", "content": "'
    head -c 16000000 /dev/zero | tr '\0' a
    printf '"}]}}\n'
  } > "$PIECE"
fi
if [ -x /usr/bin/time ]; then
  /usr/bin/time -f '%e s, peak RSS %M KB' "$TGT"/speed/batchlane check "$PIECE" --format json >/dev/null || true
else
  printf '%.2f s\n' "$(seconds "$TGT"/speed/batchlane check "$PIECE" --format json || true)"
fi

if [ -f dist/index.html ]; then
  echo
  echo "== first load as served (dist/)"
  node tools/size-report.mjs dist
  named="$TGT/wasm32-unknown-unknown/release/app.wasm"
  if command -v twiggy >/dev/null && command -v wasm-split-cli >/dev/null && [ -f "$named" ]; then
    # The first load's wasm is the main module of the split (tools/wasm-split.mjs).
    split=$(mktemp -d)
    wasm-split-cli "$named" "$split" --target web --out-name app >/dev/null 2>&1
    echo "twiggy top 10 of the app's main module with names (split from $named, before wasm-bindgen and wasm-opt):"
    twiggy top -n 10 "$split/app.wasm" | cut -c1-160
    rm -rf "$split"
  fi
  echo
  echo "== the release app in headless Chromium: memory, cold start, workers per core, the 429 simulator, /traffic ($FILE)"
  BENCH_PART=rest BENCH_FILE=$FILE TRAFFIC_FILE=$TRAFFIC_FILE node tools/bench-browser.mjs
else
  echo "(no dist/: run ./dev build for the browser and first-load figures)"
fi

echo
echo "== 429 simulator, native"
"$TGT"/speed/examples/bench_simulator

echo
echo "== /traffic: a month of per-minute data for 20 deployments ($(( $(stat -c %s "$TRAFFIC_FILE") / 1000000 )) MB Metrics - List JSON)"
"$TGT"/speed/examples/bench_traffic "$TRAFFIC_FILE"
t_native=$(best_of_5 "$TGT"/speed/batchlane traffic "$TRAFFIC_FILE" --format json)
t_py=$(python3 tools/bench_traffic_reference.py "$TRAFFIC_FILE")
echo "batchlane traffic (whole analysis, best of 5): ${t_native} s; the Python route (json.load + a dict per minute, no analysis): ${t_py} s; ratio $(calc "$t_py / $t_native")x"
/usr/bin/time -f 'batchlane traffic peak RSS %M KB' "$TGT"/speed/batchlane traffic "$TRAFFIC_FILE" --format json >/dev/null

echo
echo "== batchlane results on an error file of 2,000,000 custom_ids (tools/gen-big-errors.py)"
# Peak memory against the file's size, for the text and the JSON output
# (issue 27: the JSON was built as a serde_json::Value first, 5.5 GB).
ERRORS_FILE=$OUT/errors-2m.jsonl
[ -f "$ERRORS_FILE" ] || python3 tools/gen-big-errors.py "$ERRORS_FILE"
: > "$OUT/empty.jsonl"
errors_mb=$(( $(stat -c %s "$ERRORS_FILE") / 1000000 ))
for fmt in text json; do
  # Exit 1 is the answer here (no request succeeded), not a failure.
  rss=$( { /usr/bin/time -f '%M' "$TGT"/speed/batchlane results --output "$OUT/empty.jsonl" --errors "$ERRORS_FILE" --format $fmt >/dev/null || true; } 2>&1 | tail -1)
  echo "results --format $fmt: peak RSS $((rss / 1000)) MB for a ${errors_mb} MB file ($(calc "$rss / 1000 / $errors_mb")x the file)"
done

echo
echo "== the npm package (batchlane-core) in Node, against gpt-tokenizer $GPT_TOKENIZER_VERSION (tools/bench_npm.mjs)"
# ./dev bench installs the packed tarball in target/bench/npm; gpt-tokenizer
# (the anchor) comes from npm into target/bench/npm-anchors.
NPM_DIR=${BENCH_NPM_DIR:?run through ./dev bench (it packs the npm package)}
ANCHORS=$OUT/npm-anchors
if [ ! -f "$ANCHORS/node_modules/gpt-tokenizer/package.json" ] \
  || ! grep -q "\"version\": \"$GPT_TOKENIZER_VERSION\"" "$ANCHORS/node_modules/gpt-tokenizer/package.json"; then
  mkdir -p "$ANCHORS"
  printf '{ "name": "anchors", "private": true, "type": "module" }\n' >"$ANCHORS/package.json"
  (cd "$ANCHORS" && npm install --no-audit --no-fund --silent "gpt-tokenizer@$GPT_TOKENIZER_VERSION")
fi
cp tools/bench_npm.mjs "$NPM_DIR/"
abs() { case $1 in /*) echo "$1" ;; *) echo "$ROOT_DIR/$1" ;; esac; }
(cd "$NPM_DIR" && node bench_npm.mjs "$(abs "$FILE")" "$(abs "$TGT")/speed/batchlane" "$(abs "$ANCHORS")")
