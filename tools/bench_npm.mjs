// The npm package's figures (./dev bench, section 7), run from a project
// where the packed batchlane-core is installed, beside gpt-tokenizer
// (installed from npm into ANCHORS):
//   node tools/bench_npm.mjs FILE NATIVE_CLI ANCHORS
// 1. token counting in Node: countTokens vs gpt-tokenizer's
//    encode(text).length on every message text of the bench file (o200k),
//    with both totals (they must agree: both equal tiktoken's);
// 2. checkFile structural (no tokens) in Node vs the native CLI on the same
//    file (best of 3 each);
// 3. the o200k counting entry's size, brotli (quality 11): the package's
//    `batchlane-core/tokens` (its browser entry's import closure, the
//    counter's wasm module, the o200k table) vs gpt-tokenizer's (the import
//    closure of its o200k_base encoding); the whole package's entry (with
//    the checker) beside them.
import { createReadStream, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

import { createInterface } from 'node:readline';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const [file, nativeCli, anchors] = process.argv.slice(2);
if (!file || !nativeCli || !anchors) {
  console.error('usage: node tools/bench_npm.mjs FILE NATIVE_CLI ANCHORS_DIR');
  process.exit(2);
}
const bl = await import('batchlane-core');
const gptEntry = join(anchors, 'node_modules/gpt-tokenizer/esm/encoding/o200k_base.js');
const gpt = await import(pathToFileURL(gptEntry).href);
const fmt = (x, d = 2) => x.toFixed(d);

// 1. Token counting, in batches of 5,000 lines (the texts of a batch are
// held, not the file's).
function textsOf(line, out) {
  let v;
  try {
    v = JSON.parse(line);
  } catch {
    return;
  }
  for (const m of v?.body?.messages ?? []) {
    if (typeof m.content === 'string') out.push(m.content);
    else if (Array.isArray(m.content)) for (const p of m.content) if (typeof p?.text === 'string') out.push(p.text);
  }
}
let ours = 0;
let theirs = 0;
let oursTokens = 0;
let theirsTokens = 0;
let texts = [];
bl.countTokens('warm up', 'o200k_base');
gpt.encode('warm up');
const runBatch = () => {
  let t = performance.now();
  for (const s of texts) oursTokens += bl.countTokens(s, 'o200k_base');
  ours += performance.now() - t;
  t = performance.now();
  for (const s of texts) theirsTokens += gpt.encode(s).length;
  theirs += performance.now() - t;
  texts = [];
};
let lines = 0;
for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
  textsOf(line, texts);
  if (++lines % 5000 === 0) runBatch();
}
runBatch();
console.log(`token counting (o200k, ${lines} lines' message texts): batchlane-core ${fmt(ours / 1000)} s, gpt-tokenizer encode().length ${fmt(theirs / 1000)} s`);
console.log(`  tokens: batchlane-core ${oursTokens}, gpt-tokenizer ${theirsTokens} (${oursTokens === theirsTokens ? 'equal' : 'DIFFERENT'})`);
console.log(`gpt-tokenizer time / batchlane-core time (tokens): ${fmt(theirs / ours)} (target >= 1.5)`);

// 2. Structural check, best of 3.
async function best(f) {
  let b = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await f();
    b = Math.min(b, performance.now() - t);
  }
  return b / 1000;
}
const nodeS = await best(() => bl.checkFile(file, { countTokens: false }));
const nativeS = await best(() => {
  try {
    execFileSync(nativeCli, ['check', file, '--format', 'json', '--no-tokens'], { stdio: 'ignore' });
  } catch {
    // exit 1 or 3: the file's findings, not a failure
  }
});
console.log(`checkFile structural in Node: ${fmt(nodeS)} s; native batchlane check --no-tokens: ${fmt(nativeS)} s (best of 3 each)`);
console.log(`checkFile time / native time (structural): ${fmt(nodeS / nativeS)} (target <= 1.5)`);

// 3. Sizes, brotli quality 11, each entry measured the same way: the
// import closure of its JavaScript (relative imports), plus the files it
// fetches (the package's wasm module and o200k table).
const br = (path) => brotliCompressSync(readFileSync(path), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const pkg = dirname(fileURLToPath(import.meta.resolve('batchlane-core')));
function closure(entry) {
  const seen = new Set();
  const todo = [entry];
  while (todo.length) {
    const f = todo.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(/(?:from|import)\s*["'](\.[^"']+)["']/g)) todo.push(resolve(dirname(f), m[1]));
  }
  return [...seen];
}
const kib = (n) => `${fmt(n / 1024, 0)} KiB`;
const entrySize = (entry, fetched) => {
  const files = [...closure(entry), ...fetched];
  const each = files.map((f) => [f, br(f)]);
  return { total: each.reduce((n, [, b]) => n + b, 0), each };
};
const table = join(pkg, 'tokenizers/o200k_base.bin');
const tokensEntry = entrySize(join(pkg, 'tokens.js'), [join(pkg, 'wasm/batchlane_tokens_bg.wasm'), table]);
const fullEntry = entrySize(join(pkg, 'browser.js'), [join(pkg, 'wasm/batchlane_js_bg.wasm'), table]);
const gptSize = entrySize(gptEntry, []);
const parts = (e) => e.each.filter(([, b]) => b > 4096).map(([f, b]) => `${f.slice(pkg.length + 1)} ${kib(b)}`).join(', ');
console.log(`o200k counting entry, brotli: batchlane-core/tokens ${kib(tokensEntry.total)} (${tokensEntry.each.length} files; ${parts(tokensEntry)})`);
console.log(`  the whole package's entry (with the checker): ${kib(fullEntry.total)} (${parts(fullEntry)})`);
console.log(`  gpt-tokenizer ${kib(gptSize.total)} (${gptSize.each.length} files, the import closure of esm/encoding/o200k_base.js)`);
console.log(`batchlane-core/tokens size / gpt-tokenizer size (o200k entry, brotli): ${fmt(tokensEntry.total / gptSize.total)} (target <= 1)`);
